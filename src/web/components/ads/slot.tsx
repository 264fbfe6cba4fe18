import { lazy, type ReactNode, Suspense, useRef } from 'react';
import type { AdSlot } from '../../../contracts/ads.paths.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './ads.module.css';
import { useNearViewport } from './use-mounted.ts';

// An ad slot as the server renders it (SPEC.md §9; decision 0018): a box of the slot's size,
// labelled as an advertisement, empty until the page runs. What fills it (the inventory call,
// the draw, the creatives) is its own chunk, loaded once the slot nears the viewport after
// hydration: no page's first paint carries ad code, and a late inventory can never disagree
// with the server's HTML.

const SlotFill = lazy(() => import('./fill.tsx'));

export function Slot({
  name,
  className,
  tags,
  children,
}: {
  /** What its ad events name it (decision 0035). */
  name: AdSlot;
  className: string | undefined;
  /** The page's tags for the affiliate offer; null: this slot shows banners only. */
  tags?: readonly string[] | null;
  /** A fixed creative (a sponsor's banner) instead of a drawn one. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const slot = useRef<HTMLElement>(null);
  const fill = useNearViewport(slot);
  return (
    <aside
      ref={slot}
      className={`${styles.slot} ${className}`}
      aria-label={t('ads.label')}
      data-ad-slot={name}
    >
      <span className={styles.tag} aria-hidden="true">
        {t('ads.tag')}
      </span>
      {children ??
        (fill ? (
          <Suspense fallback={null}>
            <SlotFill tags={tags ?? null} />
          </Suspense>
        ) : null)}
    </aside>
  );
}
