import styles from './video-grid.module.css';

// Apart from video-grid.tsx: a page that shows it before its thumbs' code has come (the
// video page's related videos) does not load the thumbs' code for it.

/**
 * The place of `count` thumbs before their list arrives (the video page's related videos):
 * empty boxes of a thumb's size, so what follows does not move when the thumbs come.
 */
export function VideoGridSkeleton({ count }: { count: number }) {
  return (
    <div className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => `place-${index}`).map((key) => (
        <div key={key} className={styles.skeleton}>
          <div className={styles.skeletonMedia} />
          <div className={styles.skeletonTitle} />
          <div className={styles.skeletonMeta} />
        </div>
      ))}
    </div>
  );
}
