import {
  data,
  isRouteErrorResponse,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
  useRouteError,
} from 'react-router';
import type { ConsoleMe } from '../../contracts/moderation.schema.ts';
import { isApiError } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { Shell } from '../components/layout/shell.tsx';
import { GLOBALS_KEY } from '../hydration.ts';
import { withScreenMessages } from '../i18n/messages.client.ts';
import type { RouteHandle } from '../route-handle.ts';
import { NotFoundPage } from '../routes/not-found.tsx';

// The staff console's route tree (decision 0043): outside the site's layout, its screens in
// lazily loaded chunks no public page loads. Only this file ships with the site's entry: the
// gate (the staff check) and the 404 it answers to anyone else.

const ADMIN_ID = 'admin';
const LAYOUT_MODULE = 'src/web/admin/console-layout.tsx';

/** The staff member at the console; anyone else gets the site's 404, no hint it exists. */
export async function staffOnly({ context }: Pick<LoaderFunctionArgs, 'context'>) {
  const { queryClient } = context.get(appContext);
  try {
    return await queryClient.ensureQueryData(apiQuery<ConsoleMe>('/api/admin/me'));
  } catch (error) {
    if (isApiError(error) && [401, 403, 404].includes(error.status)) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
}

/**
 * True when this page is the refusal the server rendered: the console's code is then not
 * fetched at all (hydration would otherwise load every matched route's chunk).
 */
function refusedOnThisPage(): boolean {
  if (typeof window === 'undefined') return false;
  const state = window[GLOBALS_KEY] as { router?: { errors?: Record<string, unknown> | null } };
  return state?.router?.errors?.[ADMIN_ID] !== undefined;
}

function consoleChunk<T>(load: () => Promise<T>): () => Promise<T | Record<string, never>> {
  return () => (refusedOnThisPage() ? Promise.resolve({}) : load());
}

/** A refusal is the site's own 404 page, in the site's layout; anything else a retry. */
export function ConsoleGateError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) || isApiError(error) ? error.status : 0;
  if ([401, 403, 404].includes(status)) {
    return (
      <Shell>
        <NotFoundPage />
      </Shell>
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

/** What a console screen's module gives its route. */
type ScreenModule = Pick<RouteObject, 'loader' | 'Component' | 'ErrorBoundary'>;

/**
 * One console screen in its own chunk. Its id is not the module's: the server announces a
 * screen's chunk through `chunks`, from its loader data, so a refused page names none.
 */
function screen(path: string, name: string): RouteObject {
  const module = `src/web/admin/${name}.tsx`;
  const loaders: Record<string, () => Promise<ScreenModule>> = {
    'review-queue': () => import('./review-queue.tsx'),
    // The player's words are the video page's, among the screen messages.
    'review-item': withScreenMessages(() => import('./review-item.tsx')),
    members: () => import('./members.tsx'),
    audit: () => import('./audit.tsx'),
  };
  const load = loaders[name];
  if (!load) throw new Error(`no console screen ${name}`);
  return {
    path,
    id: `admin-${name}`,
    handle: { chunks: (loaded) => (loaded ? [module] : []) } satisfies RouteHandle,
    lazy: consoleChunk(load),
  };
}

export const adminRoute: RouteObject = {
  path: '/admin',
  id: ADMIN_ID,
  loader: staffOnly,
  // The console's own calls refresh themselves; the staff check stays for the page's life.
  shouldRevalidate: () => false,
  ErrorBoundary: ConsoleGateError,
  handle: {
    // The 404 of a refusal looks like every other 404 (full width, no sidebar).
    fullWidth: true,
    // The console's styles in the first paint of a staff page, and only then.
    chunks: (loaded) => (loaded ? [LAYOUT_MODULE] : []),
  } satisfies RouteHandle,
  lazy: consoleChunk(() => import('./console-layout.tsx')),
  children: [
    {
      index: true,
      id: 'admin-index',
      loader: async (args) => {
        await staffOnly(args);
        return redirect('/admin/review/');
      },
    },
    screen('review', 'review-queue'),
    screen('review/:id', 'review-item'),
    screen('members', 'members'),
    screen('audit', 'audit'),
    {
      path: '*',
      id: 'admin-not-found',
      loader: async (args) => {
        await staffOnly(args);
        throw data(null, { status: 404 });
      },
    },
  ],
};
