import { type TouchEvent, useEffect, useRef } from 'react';
import type { AlbumResponse } from '../../../contracts/playlists.schema.ts';
import { postForm } from '../../api/client.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './photo-viewer.module.css';

// The album's photo viewer (lightbox): one photo at the size of the screen, its number,
// previous and next by the buttons, the arrow keys or a swipe on a touch screen, Escape or
// the close button to leave. A modal <dialog>, so the page behind is inert and focus stays
// in it. The photo shown is in the address (the album page owns that), so Back works.

/** History state of a photo address opened from the album's grid: closing goes back. */
export interface ViewerState {
  fromAlbum: boolean;
}

type Album = AlbumResponse['album'];

/** A horizontal move of at least this much, and more sideways than up or down, is a swipe. */
const SWIPE_PX = 40;

/** Albums counted as viewed in this page's life: the stat call once per album. */
const counted = new Set<string>();

export function PhotoViewer({
  album,
  index,
  onStep,
  onClose,
}: {
  album: Album;
  index: number;
  /** Show another photo (by id). */
  onStep: (photoId: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const photos = album.photos;
  const photo = photos[index];
  const previous = index > 0 ? photos[index - 1] : undefined;
  const next = index < photos.length - 1 ? photos[index + 1] : undefined;

  // The latest handlers for listeners set up once.
  const actions = useRef({ onClose, step: (_by: number) => {} });
  actions.current = {
    onClose,
    step: (by: number) => {
      const target = by < 0 ? previous : next;
      if (target) onStep(target.photo_id);
    },
  };

  useEffect(() => {
    const element = dialog.current;
    // The server renders it open (a linked photo shows at first paint); the browser makes
    // it modal.
    if (element && !element.matches(':modal')) {
      if (element.open) element.close();
      element.showModal();
    }
    // The page behind does not scroll under the photo (touch screens scroll it otherwise).
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      element?.close();
    };
  }, []);

  // The arrow keys work wherever the focus is; a step button that just became disabled
  // (the last photo) drops the focus, which then goes back into the viewer.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowLeft') actions.current.step(-1);
      else if (event.key === 'ArrowRight') actions.current.step(1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    const element = dialog.current;
    if (index >= 0 && element && !element.contains(document.activeElement)) element.focus();
  }, [index]);

  useEffect(() => {
    if (counted.has(album.album_id)) return;
    counted.add(album.album_id);
    postForm('/api/stat.php', { act: 'view', section: 'album', object_id: album.album_id }).catch(
      () => {
        // A view not counted is not the visitor's problem.
      },
    );
  }, [album.album_id]);

  // The neighbours load ahead, so stepping shows them at once.
  useEffect(() => {
    for (const neighbour of [previous, next]) {
      if (neighbour) new Image().src = neighbour.url;
    }
  }, [previous, next]);

  if (!photo) return null;

  const onTouchStart = (event: TouchEvent) => {
    const first = event.touches[0];
    touch.current =
      event.touches.length === 1 && first ? { x: first.clientX, y: first.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    const end = event.changedTouches[0];
    touch.current = null;
    if (!start || !end) return;
    const dx = end.clientX - start.x;
    const dy = end.clientY - start.y;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
      actions.current.step(dx < 0 ? 1 : -1);
    }
  };

  return (
    <dialog
      ref={dialog}
      open
      className={styles.viewer}
      aria-label={t('albums.viewer.label', { title: album.title })}
      onCancel={(event) => {
        // Escape: the album page closes the viewer through the address.
        event.preventDefault();
        actions.current.onClose();
      }}
      tabIndex={-1}
    >
      <div className={styles.bar}>
        <p className={styles.counter} aria-live="polite">
          {t('albums.viewer.counter', { n: index + 1, total: photos.length })}
        </p>
        <button
          type="button"
          className={styles.close}
          onClick={() => actions.current.onClose()}
          aria-label={t('albums.viewer.close')}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" focusable="false">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.4" />
          </svg>
        </button>
      </div>
      <div className={styles.stage} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <img
          key={photo.photo_id}
          className={styles.image}
          src={photo.url}
          alt={t('albums.viewer.alt', { n: index + 1, total: photos.length, title: album.title })}
          width={Number(photo.width)}
          height={Number(photo.height)}
          decoding="async"
        />
      </div>
      <button
        type="button"
        className={`${styles.step} ${styles.previous}`}
        onClick={() => actions.current.step(-1)}
        disabled={!previous}
        aria-label={t('albums.viewer.previous')}
      >
        <Chevron direction="left" />
      </button>
      <button
        type="button"
        className={`${styles.step} ${styles.next}`}
        onClick={() => actions.current.step(1)}
        disabled={!next}
        aria-label={t('albums.viewer.next')}
      >
        <Chevron direction="right" />
      </button>
    </dialog>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="28" height="28" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
