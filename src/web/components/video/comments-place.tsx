import type { CSSProperties } from 'react';
import { PAGE_SIZE } from '../../../contracts/constants.ts';
import styles from './comments-place.module.css';

/**
 * Room for the first page of `count` comments while they load: the video page's placeholder
 * (before the comments' code) and the comments' own (before their first page) keep the same
 * place, so nothing below moves as they arrive (issue 18).
 */
export function CommentsPlace({ count }: { count: number }) {
  const shown = Math.min(Math.max(0, count), PAGE_SIZE.comments);
  return (
    <div
      className={styles.commentsPlace}
      style={{ '--comments-shown': shown } as CSSProperties}
      aria-hidden="true"
    />
  );
}
