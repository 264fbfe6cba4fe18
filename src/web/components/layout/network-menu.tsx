import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useGlobals } from '../../hooks/use-globals.ts';
import styles from './header.module.css';

/** The network of sister sites in the header of wider screens (SPEC.md §1, §2 "Layout"). */
export function NetworkMenu() {
  const { t } = useTranslation();
  const { site } = useGlobals();
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname, location.search]);

  if (site.sisterSites.length === 0) return null;
  return (
    <details className={styles.network} ref={menu}>
      <summary>{t('nav.network')}</summary>
      <ul>
        {site.sisterSites.map((sister) => (
          <li key={sister.url}>
            <a href={sister.url} rel="noopener" target="_blank">
              {sister.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
