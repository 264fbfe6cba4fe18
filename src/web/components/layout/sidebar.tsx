import { useTranslation } from '../../i18n/use-translation.ts';
import { NavLinks } from './nav-links.tsx';
import styles from './sidebar.module.css';
import { UploadLink } from './upload-link.tsx';

/** The left sidebar of wide screens (SPEC.md §2 "Layout"): the site's sections. */
export function Sidebar() {
  const { t } = useTranslation();
  return (
    <nav className={styles.sidebar} aria-label={t('a11y.mainNav')}>
      <NavLinks className={styles.links} />
      <UploadLink className={styles.upload} />
    </nav>
  );
}
