import { useLocation } from 'react-router';
import { GENDERS, SECTION_PATH } from '../../../contracts/constants.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './section-switch.module.css';

/**
 * The gender section switch (SPEC.md §1: content is filtered by straight, shemale or gay),
 * in the header of wide screens and in the mobile menu, as the big tubes place it. Plain
 * links to the server, which stores the choice in the cookie pages read (app_gender) and
 * returns to this page: the whole page, strips and lists, is rendered again in the new
 * section, with or without JavaScript.
 */
export function SectionSwitch({ place }: { place: 'header' | 'menu' }) {
  const { t } = useTranslation();
  const { gender } = useGlobals();
  const { pathname, search } = useLocation();
  const back = encodeURIComponent(`${pathname}${search}`);
  return (
    <nav className={`${styles.switch} ${styles[place]}`} aria-label={t('section.label')}>
      <ul>
        {GENDERS.map((section) => (
          <li key={section}>
            <a
              href={`${SECTION_PATH}?gender=${section}&back=${back}`}
              rel="nofollow"
              aria-current={section === gender ? 'true' : undefined}
            >
              {t(`gender.${section}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
