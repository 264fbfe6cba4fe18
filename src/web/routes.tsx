import type { RouteObject } from 'react-router';
import { Shell } from './components/layout/shell.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { RouteError } from './routes/route-error.tsx';

// The screens of SPEC.md §2. Each screen is its own chunk; a route's id is its module path so
// the server can preload the matched chunks from the build manifest.

export interface RouteHandle {
  /** HTTP status the server answers with when this route renders. */
  status?: number;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
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
            path: '*',
            id: 'not-found',
            handle: { status: 404 } satisfies RouteHandle,
            // Also the error screen's 404, so it ships with the entry rather than lazily.
            Component: NotFoundPage,
          },
        ],
      },
    ],
  },
];
