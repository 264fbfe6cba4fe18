import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import {
  data,
  Link,
  type LoaderFunctionArgs,
  redirect,
  useLoaderData,
  useLocation,
  useNavigate,
} from 'react-router';
import { shortCount } from '../../contracts/format.ts';
import { parseId } from '../../contracts/paths.ts';
import type { AlbumResponse } from '../../contracts/playlists.schema.ts';
import { isApiError } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import styles from '../components/album/album.module.css';
import { postDay } from '../components/album/album-card.tsx';
import {
  albumPagePath,
  albumPhotoPath,
  albumQueryPath,
  memberAlbumsPath,
} from '../components/album/album-paths.ts';
import { PhotoViewer, type ViewerState } from '../components/album/photo-viewer.tsx';
import { RemovedNotice } from '../components/moderation/removed-notice.tsx';
import { isOwner } from '../components/owner/owner-lists.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useInBrowser } from '../hooks/use-in-browser.ts';
import { useTranslation } from '../i18n/use-translation.ts';

// One photo album (docs/decisions/0032): `/albums/{id}/{dir}/` shows its title, owner and
// photo grid; `/albums/{id}/{dir}/{photo_id}/` the same page with that photo open in the
// viewer, so a photo can be linked and Back closes the viewer. A private album shows its
// photos to signed-in members only; visitors are asked to log in. Its owner gets the tools
// to add photos, edit, order and delete (a chunk of their own, loaded for the owner only).

const OwnerBar = lazy(() =>
  import('../components/album/album-owner.tsx').then((m) => ({ default: m.OwnerBar })),
);
const PhotoActions = lazy(() =>
  import('../components/album/album-owner.tsx').then((m) => ({ default: m.PhotoActions })),
);

export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = parseId(params.id ?? '');
  const photoId = params.photo === undefined ? undefined : parseId(params.photo);
  if (id === undefined || (params.photo !== undefined && photoId === undefined)) {
    throw data(null, { status: 404 });
  }
  const { queryClient, globals } = context.get(appContext);
  let album: AlbumResponse['album'];
  try {
    ({ album } = await queryClient.ensureQueryData(
      apiQuery<AlbumResponse>(albumQueryPath(id, globals.user !== null)),
    ));
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
  // Deleted: missing. Taken down by staff: the page says so and why (decision 0047).
  if (album.status_id !== '1' && !album.removed) throw data(null, { status: 404 });
  // A wrong or missing dir goes to the album's own address, the photo kept.
  if (params.dir !== album.dir) {
    throw redirect(
      photoId === undefined ? albumPagePath(album) : albumPhotoPath(album, String(photoId)),
      301,
    );
  }
  if (album.removed && photoId !== undefined) throw redirect(albumPagePath(album), 302);
  const shown = album.photos.some((photo) => photo.photo_id === String(photoId));
  if (photoId !== undefined && !shown) {
    // A private album's photo asked for by a visitor: the album page says why it is hidden.
    if (album.photos.length === 0 && album.is_private === '1') {
      throw redirect(albumPagePath(album), 302);
    }
    throw data(null, { status: 404 });
  }
  return { id, photoId: photoId === undefined ? undefined : String(photoId) };
}

export function Component() {
  const { user } = useGlobals();
  const { id, photoId } = useLoaderData<typeof loader>();
  const path = albumQueryPath(id, user !== null);
  const { album } = useSuspenseQuery(apiQuery<AlbumResponse>(path)).data;
  if (album.removed) {
    return <RemovedNotice kind="albums" title={album.title} removed={album.removed} />;
  }
  return <Album album={album} photoId={photoId} path={path} />;
}

function Album({
  album,
  photoId,
  path,
}: {
  album: AlbumResponse['album'];
  photoId: string | undefined;
  path: string;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useGlobals();
  const navigate = useNavigate();
  const location = useLocation();
  const own = isOwner(user, album.user.id);
  // The owner's buttons are a lazy chunk: shown once they work (useInBrowser).
  const inBrowser = useInBrowser();
  const photos = album.photos;
  const index = photoId === undefined ? -1 : photos.findIndex((p) => p.photo_id === photoId);
  const locked = album.is_private === '1' && user === null;
  const count = Number(album.photos_amount);

  // When the viewer closes, the photo it showed takes the focus back in the grid.
  const grid = useRef<HTMLUListElement>(null);
  const lastShown = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (photoId !== undefined) {
      lastShown.current = photoId;
      return;
    }
    const last = lastShown.current;
    lastShown.current = undefined;
    if (last) grid.current?.querySelector<HTMLElement>(`[data-photo="${last}"]`)?.focus();
  }, [photoId]);

  // Opening a photo from the grid adds a history entry (Back closes the viewer); stepping
  // to another photo replaces it, so Back never walks through the photos one by one.
  const state = location.state as ViewerState | null;
  const step = (target: string) =>
    navigate(albumPhotoPath(album, target), {
      replace: true,
      preventScrollReset: true,
      state: { fromAlbum: state?.fromAlbum ?? false } satisfies ViewerState,
    });
  const close = () => {
    if (state?.fromAlbum) void navigate(-1);
    else void navigate(albumPagePath(album), { replace: true, preventScrollReset: true });
  };

  return (
    <>
      <PageMeta
        title={index >= 0 ? `${album.title} - ${index + 1}/${photos.length}` : album.title}
        description={
          album.description ||
          t('albums.metaDescription', { title: album.title, user: album.user.username })
        }
        image={album.scr}
        noindex={album.is_private === '1'}
      />
      <header className={styles.head}>
        <h1 className={styles.title}>
          {album.title}
          {album.is_private === '1' ? (
            <span className={styles.badge}>{t('albums.private')}</span>
          ) : null}
        </h1>
        <p className={styles.stats}>
          <span>{t('albums.photos', { count, n: shortCount(album.photos_amount) })}</span>
          <span>
            {t('profile.views', {
              count: Number(album.album_viewed),
              n: shortCount(album.album_viewed),
            })}
          </span>
          <span>{postDay(album.post_date, i18n.language)}</span>
          <Link to={memberAlbumsPath(album.user.id)}>
            {t('albums.by', { user: album.user.username })}
          </Link>
        </p>
        {album.description ? <p className={styles.about}>{album.description}</p> : null}
        {own && inBrowser ? (
          <Suspense fallback={null}>
            <OwnerBar album={album} queryPath={path} />
          </Suspense>
        ) : null}
      </header>
      {locked ? (
        <p className={styles.empty}>
          {t('albums.locked')}{' '}
          <Link to="/signin/" className={styles.inlineLink}>
            {t('albums.logIn')}
          </Link>
        </p>
      ) : photos.length === 0 ? (
        <p className={styles.empty}>{own ? t('albums.emptyAlbumOwn') : t('albums.emptyAlbum')}</p>
      ) : (
        <ul
          ref={grid}
          className={own ? `${styles.photos} ${styles.ownPhotos}` : styles.photos}
          aria-label={t('albums.photosLabel')}
        >
          {photos.map((photo, n) => (
            <li key={photo.photo_id} className={styles.photo}>
              <Link
                to={albumPhotoPath(album, photo.photo_id)}
                className={styles.photoLink}
                data-photo={photo.photo_id}
                preventScrollReset
                state={{ fromAlbum: true } satisfies ViewerState}
                aria-label={t('albums.openPhoto', { n: n + 1, total: photos.length })}
              >
                <img
                  className={styles.thumbImage}
                  src={photo.thumb}
                  alt=""
                  width={Number(photo.width)}
                  height={Number(photo.height)}
                  loading={n < 8 ? 'eager' : 'lazy'}
                  decoding="async"
                />
                {own && album.cover_photo_id === photo.photo_id ? (
                  <span className={styles.coverMark}>{t('albums.cover')}</span>
                ) : null}
              </Link>
              {own && inBrowser ? (
                <Suspense fallback={null}>
                  <PhotoActions album={album} index={n} queryPath={path} />
                </Suspense>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {index >= 0 ? (
        <PhotoViewer
          album={album}
          index={index}
          onStep={(target) => void step(target)}
          onClose={close}
        />
      ) : null}
    </>
  );
}
