import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { useCloseOnNavigate } from '../../hooks/use-close-on-navigate.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './mobile-menu.module.css';

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

// The drawer's code comes when the visitor reaches for the ☰ (pointer down, focus), so the
// tap that opens it rarely waits for it (mobile-drawer.tsx).
const loadDrawer = () => import('./mobile-drawer.tsx').then((m) => ({ default: m.Drawer }));
const Drawer = lazy(loadDrawer);

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
        onPointerDown={() => void loadDrawer().catch(() => {})}
        onFocus={() => void loadDrawer().catch(() => {})}
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
      {made
        ? createPortal(
            <Suspense fallback={null}>
              <Drawer open={open} onClose={close} />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}
