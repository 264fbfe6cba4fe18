import { Link } from 'react-router';
import styles from '../routes/profile-page.module.css';

export interface ProfileTab {
  key: string;
  to: string;
  label: string;
}

/** The videos, wall and info tabs of a model or channel page under `base` (`/model/{dir}/`). */
export function objectTabs(base: string, t: (key: string) => string): ProfileTab[] {
  return [
    { key: 'videos', to: base, label: t('tabs.videos') },
    { key: 'wall', to: `${base}wall/`, label: t('tabs.wall') },
    { key: 'info', to: `${base}info/`, label: t('tabs.info') },
  ];
}

/** The tabs of a model, channel or member page; `current` is the open tab's key. */
export function ProfileTabs({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: ProfileTab[];
  current: string;
}) {
  return (
    <nav className={styles.tabs} aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.key} to={tab.to} aria-current={tab.key === current ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * The tab and page of a profile route `…/{tab?}/{page?}/`: `paged` tabs take a page
 * number (1 when left out), the others none. Undefined for anything else (a 404).
 */
export function parseProfileTab<T extends string>(
  params: { tab?: string | undefined; page?: string | undefined },
  defaultTab: T,
  paged: readonly T[],
  single: readonly T[],
): { tab: T; page: number } | undefined {
  const tab = (params.tab ?? defaultTab) as T;
  if (single.includes(tab)) return params.page === undefined ? { tab, page: 1 } : undefined;
  if (!paged.includes(tab)) return undefined;
  if (params.page === undefined) return { tab, page: 1 };
  if (!/^[1-9]\d{0,5}$/.test(params.page)) return undefined;
  return { tab, page: Number(params.page) };
}
