import '@vitejs/plugin-react/preamble';
import { type DehydratedState, hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createFetchClient, setCsrfToken } from './api/client.ts';
import { createQueryClient } from './api/query.ts';
import { createAppContext } from './app-context.ts';
import { preloadLayoutAds } from './components/ads/ads-place.tsx';
import { preloadAgeGate } from './components/age-gate/age-gate.tsx';
import { Document } from './components/document.tsx';
import { preloadMemberHeader } from './components/layout/header.tsx';
import { GlobalsContext } from './hooks/use-globals.ts';
import { scrollPositions } from './hooks/use-scroll-restoration.ts';
import { GLOBALS_KEY } from './hydration.ts';
import { createI18n } from './i18n/i18n.ts';
import { bindScreenMessages, loadMessages } from './i18n/messages.client.ts';
import { I18nContext } from './i18n/use-translation.ts';
import { ageGateFor, NO_COUNTRY } from './lib/age-gate.ts';
import { routes } from './routes.tsx';
import type { PageGlobals } from './ssr-types.ts';

interface PageState {
  globals: PageGlobals;
  queries: DehydratedState;
  router: { loaderData: unknown; actionData: unknown; errors: unknown };
}

declare global {
  interface Window {
    [GLOBALS_KEY]: PageState;
    __staticRouterHydrationData?: unknown;
  }
}

/** Loads the lazy screen modules of the current URL, so hydration renders what SSR did. */
async function resolveLazyMatches(tree: RouteObject[]): Promise<void> {
  const matches = matchRoutes(tree, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = (await route.lazy()) as RouteObject & {
        preloadForHydration?: (pathname: string) => Promise<unknown> | undefined;
      };
      Object.assign(route, loaded, { lazy: undefined });
      // Parts of the screen in chunks of their own (the video page) load now too.
      await loaded.preloadForHydration?.(window.location.pathname);
    }),
  );
}

async function start(): Promise<void> {
  const state = window[GLOBALS_KEY];
  const { globals } = state;
  setCsrfToken(globals.csrf);
  // React Router reads this (and restores route errors) when the router is created.
  window.__staticRouterHydrationData = state.router;
  const [messages] = await Promise.all([
    loadMessages(globals.lang),
    resolveLazyMatches(routes),
    // The layout's parts in chunks of their own that this page shows.
    globals.user ? preloadMemberHeader() : undefined,
    globals.ads && !globals.user ? preloadLayoutAds() : undefined,
    preloadAgeGate(
      ageGateFor({
        country: globals.ageGate?.country ?? NO_COUNTRY,
        user: globals.user,
        confirmed: globals.ageGate?.confirmed ?? false,
        path: window.location.pathname,
        referred: globals.ageGate?.referred ?? false,
      }),
    ),
  ]);
  const queryClient = createQueryClient(createFetchClient());
  hydrate(queryClient, state.queries);
  const router = createBrowserRouter(routes, {
    getContext: () => createAppContext({ queryClient, globals }),
  });
  // Each navigation records where the page it leaves was scrolled to (Back returns there).
  router.enableScrollRestoration(scrollPositions, () => window.scrollY);
  const i18n = createI18n(globals.lang, messages);
  // The screen's own messages, when it has any, came with its code (resolveLazyMatches).
  bindScreenMessages(i18n);
  // As a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page: taps and scrolls stay responsive on slow
  // phones (Lighthouse: total blocking time).
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <Document globals={globals}>
          <GlobalsContext value={globals}>
            <I18nContext value={i18n}>
              <QueryClientProvider client={queryClient}>
                <RouterProvider router={router} />
              </QueryClientProvider>
            </I18nContext>
          </GlobalsContext>
        </Document>
      </StrictMode>,
    );
  });
}

void start();
