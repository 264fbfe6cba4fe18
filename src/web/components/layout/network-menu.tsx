import { useRef } from 'react';
import { useCloseOnNavigate } from '../../hooks/use-close-on-navigate.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './header.module.css';

/** The network of sister sites in the header of wider screens (SPEC.md §1, §2 "Layout"). */
export function NetworkMenu() {
  const { t } = useTranslation();
  const { site } = useGlobals();
  const menu = useRef<HTMLDetailsElement>(null);
  useCloseOnNavigate(menu);

  if (site.sisterSites.length === 0) return null;
  return (
    <details className={styles.network} ref={menu}>
      <summary>
        <span className={styles.networkLabel}>{t('nav.network')}</span>
      </summary>
      <SisterList />
    </details>
  );
}

/** The sister sites' links (here and in the mobile menu), each opening in a new tab. */
export function SisterList({ className }: { className?: string }) {
  const { site } = useGlobals();
  return (
    <ul className={className}>
      {site.sisterSites.map((sister) => (
        <li key={sister.url}>
          <a href={sister.url} rel="noopener" target="_blank">
            {sister.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
