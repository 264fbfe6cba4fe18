import { useTranslation } from '../../i18n/use-translation.ts';
import { useOverlays } from '../overlays/overlays.tsx';
import styles from './contact-link.module.css';

// The footer's "Contact us": a button, not a link, as it opens the ContactUs modal and
// leads nowhere. Part of every first paint, so it is alone in its module: a module the
// entry shares with a lazy screen (the information pages' button) made the bundler split
// the entry into shared chunks, 3 KB more of first-paint JavaScript (tests/e2e/budget).

/** The footer's entry, looking like the footer's links. */
export function ContactLink() {
  const { t } = useTranslation();
  const { openContact } = useOverlays();
  return (
    <button
      type="button"
      className={styles.footer}
      aria-haspopup="dialog"
      onClick={() => openContact()}
    >
      {t('footer.contact')}
    </button>
  );
}
