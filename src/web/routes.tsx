import type { RouteObject } from 'react-router';
import { appContext } from './app-context.ts';
import { rootLoader, Shell } from './components/layout/shell.tsx';
import {
  withAccountMessages,
  withBrowseMessages,
  withScreenMessages,
} from './i18n/messages.client.ts';
import { isVideoPageData, type RouteHandle } from './route-handle.ts';
import { NotFoundPage } from './routes/not-found.tsx';
import { RouteError } from './routes/route-error.tsx';
import * as videosRoute from './routes/videos.tsx';

// The screens of SPEC.md §2. Each screen is its own chunk; a route's id is its module path so
// the server can preload the matched chunks from the build manifest.

export type { RouteHandle } from './route-handle.ts';

/** A model or channel page's wall tab renders with its own chunk. */
const wallChunks = (data: unknown) =>
  typeof data === 'object' && data !== null && 'tab' in data && data.tab === 'wall'
    ? ['src/web/components/comments/object-wall.tsx']
    : [];

export const routes: RouteObject[] = [
  {
    // The embeddable player: outside the layout, so nothing but the player shows in a frame.
    path: '/embed/:id',
    id: 'src/web/routes/embed.tsx',
    ErrorBoundary: RouteError,
    lazy: withScreenMessages(() => import('./routes/embed.tsx')),
  },
  {
    // The staff console (decision 0043): outside the layout, its code in chunks of its own.
    path: '/admin/*',
    id: 'admin',
    lazy: async () => {
      const gate = await import('./admin/console-gate.tsx');
      return { ...gate.consoleGate({ appContext, Shell, NotFoundPage }), ...gate };
    },
  },
  {
    id: 'root',
    path: '/',
    loader: rootLoader,
    // The strips load once; moving between screens does not reload them.
    shouldRevalidate: () => false,
    Component: Shell,
    children: [
      {
        // Errors of any screen render inside the layout.
        id: 'screens',
        ErrorBoundary: RouteError,
        children: [
          {
            index: true,
            id: 'src/web/routes/home.tsx',
            lazy: () => import('./routes/home.tsx'),
          },
          {
            path: 'videos',
            id: 'videos-redirect',
            lazy: async () => ({
              loader: (await import('./routes/videos-listing.tsx')).listingRedirectLoader,
            }),
          },
          {
            path: 'videos/:sort',
            id: 'videos-sort-redirect',
            lazy: async () => ({
              loader: (await import('./routes/videos-listing.tsx')).sortRedirectLoader,
            }),
          },
          {
            path: 'videos/:sort/:page',
            id: 'src/web/routes/videos.tsx',
            // The video page shares this route: nothing above its player, and its own
            // chunk's styles in the first paint, so nothing moves as it loads (issue 14).
            handle: {
              noStrips: isVideoPageData,
              chunks: (data) =>
                isVideoPageData(data)
                  ? ['src/web/routes/video.tsx']
                  : ['src/web/routes/videos-listing.tsx'],
            } satisfies RouteHandle,
            // In the entry, not a chunk: the listings and the video page, the most visited
            // pages, both start here (it only tells them apart; issue 18).
            lazy: async () => videosRoute,
          },
          {
            path: 'categories',
            id: 'src/web/routes/categories-index.tsx',
            lazy: withBrowseMessages(() => import('./routes/categories-index.tsx')),
          },
          {
            path: 'categories/:dirs/:page?',
            id: 'categories-redirect',
            lazy: async () => ({
              loader: (await import('./routes/categories.tsx')).categoryRedirectLoader,
            }),
          },
          {
            path: 'categories/:dirs/:sort/:page',
            id: 'src/web/routes/categories.tsx',
            lazy: () => import('./routes/categories.tsx'),
          },
          {
            path: 'search/:page',
            id: 'src/web/routes/search.tsx',
            lazy: withBrowseMessages(() => import('./routes/search.tsx')),
          },
          {
            path: 'models/:sort?',
            id: 'models-redirect',
            lazy: async () => ({
              loader: (await import('./routes/models.tsx')).modelsRedirectLoader,
            }),
          },
          {
            path: 'models/:sort/:page',
            id: 'src/web/routes/models.tsx',
            lazy: withBrowseMessages(() => import('./routes/models.tsx')),
          },
          {
            // /model/{dir}/ with videos/{page}/, wall/ and info/
            path: 'model/:dir/:tab?/:page?',
            id: 'src/web/routes/model.tsx',
            handle: { chunks: wallChunks } satisfies RouteHandle,
            lazy: withBrowseMessages(() => import('./routes/model.tsx')),
          },
          {
            path: 'channels/:sort?',
            id: 'channels-redirect',
            lazy: async () => ({
              loader: (await import('./routes/channels.tsx')).channelsRedirectLoader,
            }),
          },
          {
            path: 'channels/:sort/:page',
            id: 'src/web/routes/channels.tsx',
            lazy: withBrowseMessages(() => import('./routes/channels.tsx')),
          },
          {
            // /channel/{dir}/ with videos/{page}/, wall/ and info/
            path: 'channel/:dir/:tab?/:page?',
            id: 'src/web/routes/channel.tsx',
            handle: { chunks: wallChunks } satisfies RouteHandle,
            lazy: withBrowseMessages(() => import('./routes/channel.tsx')),
          },
          {
            path: 'playlists/:sort?',
            id: 'playlists-redirect',
            lazy: async () => ({
              loader: (await import('./routes/playlists.tsx')).playlistsRedirectLoader,
            }),
          },
          {
            path: 'playlists/:sort/:page',
            id: 'src/web/routes/playlists.tsx',
            lazy: withBrowseMessages(() => import('./routes/playlists.tsx')),
          },
          {
            path: 'playlist/:id/:page',
            id: 'src/web/routes/playlist.tsx',
            lazy: withBrowseMessages(() => import('./routes/playlist.tsx')),
          },
          {
            // /albums/{id}/{dir}/, and /albums/{id}/{dir}/{photo_id}/ with that photo in the viewer
            path: 'albums/:id/:dir?/:photo?',
            id: 'src/web/routes/album.tsx',
            lazy: withAccountMessages(() => import('./routes/album.tsx')),
          },
          {
            path: 'community/:sort?',
            id: 'community-redirect',
            lazy: async () => ({
              loader: (await import('./routes/community.tsx')).communityRedirectLoader,
            }),
          },
          {
            path: 'community/:sort/:page',
            id: 'src/web/routes/community.tsx',
            lazy: withBrowseMessages(() => import('./routes/community.tsx')),
          },
          {
            path: 'members/:id/:tab?/:page?',
            id: 'src/web/routes/member.tsx',
            lazy: withAccountMessages(() => import('./routes/member.tsx')),
          },
          {
            path: 'information/:page?',
            id: 'src/web/routes/information.tsx',
            lazy: withBrowseMessages(() => import('./routes/information.tsx')),
          },
          {
            path: 'top-country/:page?',
            id: 'src/web/routes/top-country.tsx',
            lazy: withBrowseMessages(() => import('./routes/top-country.tsx')),
          },
          {
            path: 'download',
            id: 'src/web/routes/download.tsx',
            lazy: withAccountMessages(() => import('./routes/download.tsx')),
          },
          {
            path: 'sitemap-page',
            id: 'src/web/routes/sitemap-page.tsx',
            lazy: withBrowseMessages(() => import('./routes/sitemap-page.tsx')),
          },
          // SPEC.md §2: the account screens use the full width; signup and restore-password
          // are one screen (restore-password.tsx re-exports signup.tsx).
          {
            path: 'signin',
            id: 'src/web/routes/signin.tsx',
            handle: { fullWidth: true } satisfies RouteHandle,
            lazy: withAccountMessages(() => import('./routes/signin.tsx')),
          },
          {
            path: 'signup',
            id: 'src/web/routes/signup.tsx',
            handle: { fullWidth: true } satisfies RouteHandle,
            lazy: withAccountMessages(() => import('./routes/signup.tsx')),
          },
          {
            path: 'restore-password',
            id: 'src/web/routes/restore-password.tsx',
            handle: { fullWidth: true } satisfies RouteHandle,
            lazy: withAccountMessages(() => import('./routes/restore-password.tsx')),
          },
          // Members only (SPEC.md §4: a visitor is sent to /, by each module's loader).
          {
            path: 'edit',
            id: 'src/web/routes/edit.tsx',
            lazy: withAccountMessages(() => import('./routes/edit.tsx')),
          },
          {
            path: 'upload-video',
            id: 'src/web/routes/upload-video.tsx',
            lazy: withAccountMessages(() => import('./routes/upload-video.tsx')),
          },
          {
            path: 'watch_later_videos/:id/:page',
            id: 'src/web/routes/watch-later.tsx',
            lazy: withAccountMessages(() => import('./routes/watch-later.tsx')),
          },
          {
            path: 'messages/:with?',
            id: 'src/web/routes/messages.tsx',
            lazy: withAccountMessages(() => import('./routes/messages.tsx')),
          },
          // SPEC.md §2: the sort routes redirect to the listing with that sort.
          ...(['latest-updates', 'top-rated', 'most-commented', 'most-popular'] as const).map(
            (sort) => ({
              path: sort,
              id: `redirect-${sort}`,
              lazy: async () => ({
                loader: (await import('./routes/videos-listing.tsx')).sortRedirectLoader,
              }),
            }),
          ),
          {
            path: 'history/:page?',
            id: 'redirect-history',
            lazy: async () => ({
              loader: (await import('./routes/videos-listing.tsx')).sortRedirectLoader,
            }),
          },
          {
            path: '*',
            id: 'not-found',
            handle: { status: 404, fullWidth: true } satisfies RouteHandle,
            // Also the error screen's 404, so it ships with the entry rather than lazily.
            Component: NotFoundPage,
          },
        ],
      },
    ],
  },
];
