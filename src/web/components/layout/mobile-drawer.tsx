import { lazy, Suspense, useEffect, useRef } from 'react';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { LoginLink } from './login-link.tsx';
import styles from './mobile-menu.module.css';
import { NavLinks } from './nav-links.tsx';
import { SisterList } from './network-menu.tsx';
import { SectionSwitch } from './section-switch.tsx';
import { UploadLink } from './upload-link.tsx';

// The phone menu's drawer (mobile-menu.tsx): a chunk of its own, loaded when the visitor
// first reaches for the ☰ (issue 18: no page's first load carries it).

// A member's part is in the member's chunk.
const MenuAccount = lazy(() =>
  import('./menu-account.tsx').then((m) => ({ default: m.MenuAccount })),
);

export function Drawer({ open, onClose }: { open: boolean; onClose: () => void }) {
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
