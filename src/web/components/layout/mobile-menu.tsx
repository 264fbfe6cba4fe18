import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useCloseOnNavigate } from '../../hooks/use-close-on-navigate.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { LoginLink } from './login-link.tsx';
import styles from './mobile-menu.module.css';
import { NavLinks } from './nav-links.tsx';
import { SisterList } from './network-menu.tsx';
import { SectionSwitch } from './section-switch.tsx';
import { UploadLink } from './upload-link.tsx';

// The menu of narrow screens (SPEC.md §2 "Layout"): the gender section, the site's sections,
// the member's account (avatar, name, history, watch later, the user menu's entries, log
// out) or upload and login, and the network of sister sites (the language picker is in the
// footer). On a phone it is the only way to most of the site, so it is a modal <dialog>
// (decisions 0009 and 0028): in the top layer, at the full height of the screen whatever
// the header's styles, with the page behind inert and not scrolling. Escape, the close
// button, the backdrop, a link (even one to the page already shown) and every route change
// close it. The ☰ is a link to the sitemap page, which lists the same sections when
// JavaScript has not run (yet). The drawer is made on the first tap, at the end of <body>:
// no page carries its markup, and nothing in it counts as part of the header.

// A member's part is in the member's chunk.
const MenuAccount = lazy(() =>
  import('./menu-account.tsx').then((m) => ({ default: m.MenuAccount })),
);

export function MobileMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Made on the first opening, then kept (its state, and the slide of later openings).
  const [made, setMade] = useState(false);
  const close = () => setOpen(false);
  useCloseOnNavigate(close);

  return (
    <>
      <a
        href="/sitemap-page/"
        className={styles.toggle}
        aria-haspopup="dialog"
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          setMade(true);
          setOpen(true);
        }}
      >
        <span aria-hidden="true" className={styles.bars} />
        <span className="visually-hidden">{t('a11y.openMenu')}</span>
      </a>
      {made ? createPortal(<Drawer open={open} onClose={close} />, document.body) : null}
    </>
  );
}

function Drawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { site, user } = useGlobals();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    // Closing gives focus back to the ☰ that opened it. (The page behind does not scroll
    // while it is open: mobile-menu.module.css.)
    if (open) dialog.current?.showModal();
    else dialog.current?.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog natively
    <dialog
      ref={dialog}
      className={styles.drawer}
      aria-label={t('a11y.menu')}
      onClose={onClose}
      onClick={(event) => {
        // The backdrop, or a link: one to the page already shown changes no route.
        const hit = event.target as Element;
        if (hit === dialog.current || hit.closest('a')) onClose();
      }}
    >
      <div className={styles.panel}>
        <div className={styles.head}>
          <span className={styles.brand}>{site.name}</span>
          <button
            type="button"
            className={styles.close}
            onClick={onClose}
            aria-label={t('a11y.closeMenu')}
          >
            ×
          </button>
        </div>
        <SectionSwitch place="menu" />
        <nav aria-label={t('a11y.mainNav')}>
          <NavLinks className={styles.links} />
        </nav>
        {user ? (
          <Suspense>
            <MenuAccount user={user} />
          </Suspense>
        ) : (
          <ul className={styles.links}>
            <li>
              <UploadLink />
            </li>
            <li>
              <LoginLink />
            </li>
          </ul>
        )}

        {site.sisterSites.length > 0 ? (
          <>
            <h2 className={styles.heading}>{t('nav.network')}</h2>
            <SisterList className={styles.network} />
          </>
        ) : null}
      </div>
    </dialog>
  );
}
