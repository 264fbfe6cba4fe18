import type { ReactNode } from 'react';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './ads.module.css';

// The partner slider's frame (partner-slider.tsx): its heading, its scroll buttons and its
// row. Without `onScroll` (its code not there yet) the buttons are disabled: the same box,
// and no button that ignores a press.

export function PartnerFrame({
  onScroll,
  children,
}: {
  onScroll?: (direction: 1 | -1) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { user } = useGlobals();
  // Ad content: members never see it (SPEC.md §1).
  if (user) return null;
  return (
    <aside
      className={styles.partners}
      aria-labelledby="partner-videos-heading"
      data-ad-slot="partner"
    >
      <div className={styles.partnersHead}>
        <h2 id="partner-videos-heading" className={styles.partnersTitle}>
          {t('partner.heading')}
        </h2>
        <span className={styles.inlineTag}>{t('ads.label')}</span>
        <div className={styles.scrollButtons}>
          <button
            type="button"
            onClick={() => onScroll?.(-1)}
            disabled={!onScroll}
            aria-label={t('partner.previous')}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            onClick={() => onScroll?.(1)}
            disabled={!onScroll}
            aria-label={t('partner.next')}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      {children ?? <ul className={styles.track} data-ad-id="feed" />}
    </aside>
  );
}
