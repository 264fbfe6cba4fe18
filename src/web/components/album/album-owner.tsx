import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ALBUM_LIMITS, ALBUM_PHOTOS } from '../../../contracts/album.rules.ts';
import { isApiError } from '../../api/client.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorText } from '../../lib/errors.ts';
import { useOverlays } from '../overlays/overlays.tsx';
import { ConfirmDialog } from '../owner/confirm-dialog.tsx';
import { dropUnshown, invalidatePaths } from '../owner/owner-refresh.ts';
import styles from './album.module.css';
import {
  type AlbumDetail,
  deleteAlbum,
  orderAlbum,
  removePhoto,
  setAlbumCover,
  uploadPhoto,
} from './album-calls.ts';
import { albumLists, albumPagePath, albumPages, memberAlbumsPath } from './album-paths.ts';

// The owner's tools on their album's page (a chunk loaded for the owner only): add photos
// (one call a photo, each with its upload progress; refusals listed by file name), edit the
// album, delete it; and under each photo: make it the cover, move it, delete it. Each
// answer carries the album as it now is, which replaces the page's copy; the album lists
// are read again.

const AlbumFormModal = lazy(() => import('./album-form.tsx'));

const MB = 1024 * 1024;
const ACCEPTED = new Set(ALBUM_PHOTOS.accept.split(','));

/** Shows the album's new state and has its lists read again. */
function useAlbumUpdate(queryPath: string) {
  const queryClient = useQueryClient();
  return (album: AlbumDetail) => {
    queryClient.setQueryData(['api', queryPath], { album });
    refreshLists(queryClient);
  };
}

function refreshLists(queryClient: QueryClient) {
  dropUnshown(queryClient, albumLists);
  void invalidatePaths(queryClient, albumLists);
}

interface Progress {
  current: number;
  total: number;
  /** Share of the current file sent (1: the server is processing it). */
  sent: number;
}

export function OwnerBar({ album, queryPath }: { album: AlbumDetail; queryPath: string }) {
  const { t } = useTranslation();
  const { csrf, user } = useGlobals();
  const { toast, toastFailure } = useOverlays();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const update = useAlbumUpdate(queryPath);
  const id = useId();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    // The same files can be chosen again after a refusal.
    event.target.value = '';
    if (chosen.length === 0 || progress) return;
    const problems: string[] = [];
    const room = ALBUM_LIMITS.photosMax - Number(album.photos_amount);
    if (chosen.length > room) {
      problems.push(t('albums.upload.full', { max: ALBUM_LIMITS.photosMax }));
    }
    const files = chosen.slice(0, Math.max(0, room)).filter((file) => {
      const code =
        file.type !== '' && !ACCEPTED.has(file.type)
          ? 'file_invalid_type'
          : file.size > ALBUM_PHOTOS.maxBytes
            ? 'file_too_large'
            : undefined;
      if (code)
        problems.push(t('albums.upload.failed', { name: file.name, reason: errorText(t, code) }));
      return code === undefined;
    });
    setFailures(problems);
    let added = 0;
    for (const [index, file] of files.entries()) {
      setProgress({ current: index + 1, total: files.length, sent: 0 });
      try {
        const now = await uploadPhoto(album.album_id, file, csrf, (sent) =>
          setProgress({ current: index + 1, total: files.length, sent }),
        );
        added++;
        update(now);
      } catch (error) {
        const reason = isApiError(error)
          ? errorText(t, error.code, error.info)
          : errorText(t, 'general_error');
        problems.push(t('albums.upload.failed', { name: file.name, reason }));
        setFailures([...problems]);
        // A full album takes no more: the rest would be refused the same way.
        if (isApiError(error) && error.code === 'album_photos_limit') break;
      }
    }
    setProgress(null);
    if (added > 0) toast('success', t('albums.upload.done', { count: added }));
  }

  async function remove() {
    setDeleting(true);
    try {
      await deleteAlbum(album.album_id);
    } catch (error) {
      setDeleting(false);
      setDialog(null);
      toastFailure(error);
      return;
    }
    toast('success', t('albums.deleted'));
    await navigate(memberAlbumsPath(user?.id ?? album.user.id));
    // The album is gone: nothing kept of it may show again.
    dropUnshown(queryClient, albumPages(album.album_id));
    refreshLists(queryClient);
  }

  const percent = progress ? Math.round(progress.sent * 100) : 0;
  const inputId = `${id}-photos`;
  return (
    <div className={styles.ownerBar}>
      <div className={styles.ownerButtons}>
        <input
          id={inputId}
          type="file"
          multiple
          accept={ALBUM_PHOTOS.accept}
          className={styles.fileInput}
          onChange={(event) => void choose(event)}
          disabled={progress !== null}
          aria-describedby={`${id}-hint`}
        />
        <label htmlFor={inputId} className={styles.primary}>
          {t('albums.upload.add')}
        </label>
        <button
          type="button"
          className={styles.secondary}
          aria-haspopup="dialog"
          onClick={() => setDialog('edit')}
        >
          {t('albums.edit')}
        </button>
        <button
          type="button"
          className={`${styles.secondary} ${styles.danger}`}
          aria-haspopup="dialog"
          onClick={() => setDialog('delete')}
        >
          {t('albums.delete')}
        </button>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('albums.upload.hint', {
          width: ALBUM_PHOTOS.min.width,
          height: ALBUM_PHOTOS.min.height,
          mb: ALBUM_PHOTOS.maxBytes / MB,
          max: ALBUM_LIMITS.photosMax,
        })}
      </p>
      {/* Present before an upload starts, so screen readers announce what it says. */}
      <div role="status" className={styles.progress}>
        {progress ? (
          <>
            <progress max={100} value={percent} aria-label={t('albums.upload.progressLabel')} />
            <span>
              {progress.sent < 1
                ? t('albums.upload.progress', {
                    current: progress.current,
                    total: progress.total,
                    percent,
                  })
                : t('albums.upload.processing', {
                    current: progress.current,
                    total: progress.total,
                  })}
            </span>
          </>
        ) : null}
      </div>
      {failures.length > 0 ? (
        <ul className={styles.failures}>
          {failures.map((failure) => (
            <li key={failure}>{failure}</li>
          ))}
        </ul>
      ) : null}
      {dialog === 'edit' ? (
        <Suspense fallback={null}>
          <AlbumFormModal
            mode={{ section: 'upd', album }}
            onSaved={(saved) => {
              setDialog(null);
              update(saved);
              toast('success', t('albums.saved'));
              // A new title is a new address.
              if (saved.dir !== album.dir) {
                void navigate(albumPagePath(saved), { replace: true, preventScrollReset: true });
              }
            }}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
      {dialog === 'delete' ? (
        <ConfirmDialog
          title={t('albums.deleteTitle')}
          text={t('albums.deleteText', { title: album.title })}
          confirmLabel={t('albums.delete')}
          busy={deleting}
          onConfirm={() => void remove()}
          onCancel={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}

export function PhotoActions({
  album,
  index,
  queryPath,
}: {
  album: AlbumDetail;
  index: number;
  queryPath: string;
}) {
  const { t } = useTranslation();
  const { toast, toastFailure } = useOverlays();
  const update = useAlbumUpdate(queryPath);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const photos = album.photos;
  const photo = photos[index];
  if (!photo) return null;
  const n = index + 1;
  const cover = album.cover_photo_id === photo.photo_id;

  async function run(call: () => Promise<AlbumDetail>, done?: string) {
    if (busy) return;
    setBusy(true);
    try {
      update(await call());
      if (done) toast('success', done);
    } catch (error) {
      toastFailure(error);
    } finally {
      setBusy(false);
    }
  }

  const move = (by: number) => {
    const ids = photos.map((p) => p.photo_id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved as string);
    return run(() => orderAlbum(album.album_id, ids));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form's fieldset
    <div className={styles.photoActions} role="group" aria-label={t('albums.photo.actions', { n })}>
      <button
        type="button"
        className={styles.iconButton}
        aria-pressed={cover}
        aria-label={cover ? t('albums.photo.isCover') : t('albums.photo.makeCover')}
        title={cover ? t('albums.photo.isCover') : t('albums.photo.makeCover')}
        disabled={busy}
        onClick={() => {
          if (!cover) void run(() => setAlbumCover(album.album_id, photo.photo_id));
        }}
      >
        <StarIcon filled={cover} />
      </button>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('albums.photo.earlier')}
        title={t('albums.photo.earlier')}
        disabled={busy || index === 0}
        onClick={() => void move(-1)}
      >
        <ArrowIcon direction="left" />
      </button>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('albums.photo.later')}
        title={t('albums.photo.later')}
        disabled={busy || index === photos.length - 1}
        onClick={() => void move(1)}
      >
        <ArrowIcon direction="right" />
      </button>
      <button
        type="button"
        className={`${styles.iconButton} ${styles.danger}`}
        aria-label={t('albums.photo.remove')}
        title={t('albums.photo.remove')}
        aria-haspopup="dialog"
        disabled={busy}
        onClick={() => setConfirming(true)}
      >
        <TrashIcon />
      </button>
      {confirming ? (
        <ConfirmDialog
          title={t('albums.photo.removeTitle')}
          text={t('albums.photo.removeText', { n })}
          confirmLabel={t('albums.photo.remove')}
          busy={busy}
          onConfirm={() => {
            setConfirming(false);
            void run(() => removePhoto(album.album_id, photo.photo_id), t('albums.photo.removed'));
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}

const icon = {
  viewBox: '0 0 24 24',
  width: 18,
  height: 18,
  focusable: false,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" {...icon} fill={filled ? 'currentColor' : 'none'}>
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />
    </svg>
  );
}

function ArrowIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg aria-hidden="true" {...icon}>
      <path d={direction === 'left' ? 'M19 12H5m6-6-6 6 6 6' : 'M5 12h14m-6-6 6 6-6 6'} />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg aria-hidden="true" {...icon}>
      <path d="M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13" />
    </svg>
  );
}
