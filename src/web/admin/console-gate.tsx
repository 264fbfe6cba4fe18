import { Suspense } from 'react';
import {
  data,
  isRouteErrorResponse,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
  useLoaderData,
  useRouteError,
} from 'react-router';
import type { ConsoleMe } from '../../contracts/moderation.schema.ts';
import { isApiError } from '../api/client.ts';
import type { ApiQueryKey } from '../api/query.ts';
import type { appContext } from '../app-context.ts';
import type { Shell } from '../components/layout/shell.tsx';
import { GLOBALS_KEY } from '../hydration.ts';
import { ensureAccountMessages } from '../i18n/messages.client.ts';
import { preloadable } from '../lib/preloadable.tsx';
import type { RouteHandle } from '../route-handle.ts';
import type { NotFoundPage } from '../routes/not-found.tsx';
import { ME_PATH, reviewQueuePath } from './console-paths.ts';
import { type ConsoleData, consoleViewOf, viewDataPath } from './console-view.ts';

// The gate of the staff console (decision 0043), the one small chunk `/admin/*` loads: it asks
// the server who is there, answers anyone but staff with the site's own 404 page (no hint the
// console exists) and only then brings the console's code and the screen's data.
//
// The site's pieces it needs (the loaders' context, the layout, the 404 page) are handed in by
// routes.tsx rather than imported: a lazy chunk importing those entry modules makes the
// bundler split the router out of the site's entry, which costs a listing's first paint over
// a kilobyte (tests/e2e/budget.e2e.ts). For the same reason the query key is spelled here
// instead of importing api/query.ts.

const APP_MODULE = 'src/web/admin/console-app.tsx';
const consoleApp = preloadable(() => import('./console-app.tsx').then((m) => m.ConsoleApp));

export interface SitePieces {
  appContext: typeof appContext;
  Shell: typeof Shell;
  NotFoundPage: typeof NotFoundPage;
}

/** The key `apiQuery` (api/query.ts) gives a JSON path. */
const keyOf = (path: string): ApiQueryKey => ['api', path];

/** True when this page is the refusal the server rendered: then no console code loads. */
function refusedOnThisPage(): boolean {
  const errors = window[GLOBALS_KEY]?.router.errors as Record<string, unknown> | null;
  return Boolean(errors && Object.keys(errors).length > 0);
}

/** The site's pieces, handed in once the route loads (consoleGate). */
let pieces: SitePieces | undefined;

function Component() {
  const loaded = useLoaderData<ConsoleData>();
  return (
    <Suspense fallback={null}>
      <consoleApp.Component {...loaded} />
    </Suspense>
  );
}

/** A refusal is the site's own 404 page, in the site's layout; anything else a retry. */
function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) || isApiError(error) ? error.status : 0;
  if ([401, 403, 404].includes(status) && pieces) {
    return (
      <pieces.Shell>
        <pieces.NotFoundPage />
      </pieces.Shell>
    );
  }
  return (
    <main role="alert" style={{ textAlign: 'center', margin: '48px auto', padding: '0 16px' }}>
      <title>Console error</title>
      <meta name="robots" content="noindex" />
      <h1>The console could not load</h1>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Try again
        </button>
      </p>
    </main>
  );
}

export function consoleGate(
  site: SitePieces,
): Pick<RouteObject, 'loader' | 'Component' | 'ErrorBoundary' | 'handle'> {
  pieces = site;
  /** The staff member at the console; anyone else gets the site's 404. */
  const staffOnly = async (context: LoaderFunctionArgs['context']): Promise<ConsoleMe> => {
    const { queryClient } = context.get(site.appContext);
    try {
      return await queryClient.ensureQueryData<ConsoleMe>({ queryKey: keyOf(ME_PATH) });
    } catch (error) {
      if (isApiError(error) && [401, 403, 404].includes(error.status)) {
        throw data(null, { status: 404 });
      }
      throw error;
    }
  };

  const loader = async ({ context, request }: LoaderFunctionArgs): Promise<ConsoleData> => {
    const me = await staffOnly(context);
    const url = new URL(request.url);
    const view = consoleViewOf(url.pathname, url.searchParams);
    if (view === 'index') throw redirect('/admin/review/');
    const { queryClient } = context.get(site.appContext);
    // The queue's count in the sidebar; a screen renders without it.
    if (me.permissions.includes('review:video:any')) {
      void queryClient.prefetchQuery({ queryKey: keyOf(reviewQueuePath({ page: 1, q: '' })) });
    }
    // The player's words are the video page's, among the screen messages.
    await Promise.all([consoleApp.preload(), ensureAccountMessages()]);
    const path = viewDataPath(view);
    if (!path) return { me, view };
    // A 2257 record is read (and its read audited) only for an administrator (decision 0055).
    if (view.screen === 'record' && !me.permissions.includes('read:record:any')) {
      return { me, view };
    }
    try {
      // Fresh after a decision made it stale (ensureQueryData would hand back stale data).
      await queryClient.fetchQuery({ queryKey: keyOf(path) });
    } catch (error) {
      if (isApiError(error) && (error.status === 404 || error.status === 400)) {
        return { me, view: { screen: 'missing' } };
      }
      throw error;
    }
    return { me, view };
  };

  return {
    loader,
    Component,
    ErrorBoundary,
    handle: {
      // A refusal's 404 looks like every other 404 (full width, no sidebar).
      fullWidth: true,
      // The console's styles in the first paint of a staff page, and only then.
      chunks: (loaded) => (loaded ? [APP_MODULE] : []),
    } satisfies RouteHandle,
  };
}

/** Before hydration (entry-client.tsx): the console's code, unless this page is a refusal. */
export function preloadForHydration(): Promise<unknown> | undefined {
  if (refusedOnThisPage()) return undefined;
  return Promise.all([consoleApp.preload(), ensureAccountMessages()]);
}
