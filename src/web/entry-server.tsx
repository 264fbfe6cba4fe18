import { Transform, type TransformCallback } from 'node:stream';
import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { preloadModule } from 'react-dom';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { isApiError } from './api/client.ts';
import { createQueryClient } from './api/query.ts';
import { createAppContext } from './app-context.ts';
import { LAYOUT_ADS_MODULE, preloadLayoutAds } from './components/ads/ads-place.tsx';
import { preloadAgeGate } from './components/age-gate/age-gate.tsx';
import { Document } from './components/document.tsx';
import { MEMBER_HEADER_MODULES, preloadMemberHeader } from './components/layout/header.tsx';
import { GlobalsContext } from './hooks/use-globals.ts';
import { GLOBALS_KEY, scriptJson, serializeRouteErrors } from './hydration.ts';
import { messagesModuleId } from './i18n/i18n.ts';
import { serverI18n } from './i18n/messages.server.ts';
import { I18nContext } from './i18n/use-translation.ts';
import { ageGateFor, NO_COUNTRY } from './lib/age-gate.ts';
import { handleChunks } from './route-handle.ts';
import { type RouteHandle, routes } from './routes.tsx';
import type { RenderRequest, RenderResult } from './ssr-types.ts';

const handler = createStaticHandler(routes);

/**
 * A screen whose data the UK gate withheld (decision 0025) answers 403, as its data would;
 * React Router counts any error a loader lets through as a 500.
 */
function withheldStatus(errors: Record<string, unknown> | null): number | undefined {
  const withheld = Object.values(errors ?? {}).some(
    (error) => isApiError(error) && error.code === 'age_verification_required',
  );
  return withheld ? 403 : undefined;
}

/**
 * Chunks of the matched screens, announced in <head> so they load alongside the entry. It
 * wraps the app rather than standing beside it: the browser renders no such sibling, and an
 * extra sibling would shift every `useId` of the server's render away from the browser's.
 */
function ModulePreloads({ hrefs, children }: { hrefs: string[]; children: ReactNode }) {
  for (const href of hrefs) preloadModule(href);
  return children;
}

/**
 * The HTML as React flushes it (issue 18): React writes a page in chunks of 2 KB and calls
 * `flush()` when a part of it is ready (the shell, then each Suspense boundary), so each part
 * goes on as one write instead of a hundred.
 */
class ByFlush extends Transform {
  private pending: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.pending.push(chunk);
    done();
  }

  flush(): void {
    if (this.pending.length === 0) return;
    const part = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.pending = [];
    this.push(part);
  }

  override _flush(done: TransformCallback): void {
    this.flush();
    done();
  }
}

/** Renders one page request to a streamed HTML document (or a redirect). */
export async function render(req: RenderRequest): Promise<RenderResult> {
  // A chunk the page draws in its first HTML, never as a fallback streamed in later.
  if (req.globals.ads) await preloadLayoutAds();
  if (req.globals.user) await preloadMemberHeader();
  // The gate too: a first render would otherwise stream it after the whole page (a Suspense
  // boundary at the end of the document), and the page cache would keep that render.
  const { ageGate, user } = req.globals;
  await preloadAgeGate(
    ageGateFor({
      country: ageGate?.country ?? NO_COUNTRY,
      user,
      confirmed: ageGate?.confirmed ?? false,
      path: new URL(req.url, req.globals.site.url).pathname,
      referred: ageGate?.referred ?? false,
    }),
  );
  const queryClient = createQueryClient(req.api);
  const context = await handler.query(
    new Request(new URL(req.url, req.globals.site.url), { signal: req.signal }),
    { requestContext: createAppContext({ queryClient, globals: req.globals }) },
  );
  if (context instanceof Response) {
    const location = context.headers.get('location');
    if (context.status >= 300 && context.status < 400 && location) {
      return { type: 'redirect', status: context.status, location };
    }
    throw new Error(`unexpected response ${context.status} from the route handler`);
  }

  const matchedIds = context.matches.flatMap((m) => [
    m.route.id,
    ...handleChunks(m.route.handle, context.loaderData[m.route.id]),
  ]);
  const assets = req.routeAssets([
    ...matchedIds,
    messagesModuleId(req.globals.lang),
    // The layout ads' styles come with the page, or the ads would move it when they arrived.
    ...(req.globals.ads ? [LAYOUT_ADS_MODULE] : []),
    ...(req.globals.user ? MEMBER_HEADER_MODULES : []),
  ]);
  const globals = { ...req.globals, styles: [...req.globals.styles, ...assets.styles] };
  const handleStatus = context.matches
    .map((m) => (m.route.handle as RouteHandle | undefined)?.status)
    .find((status) => status !== undefined);
  const status =
    withheldStatus(context.errors) ??
    (context.statusCode !== 200 ? context.statusCode : (handleStatus ?? 200));

  const router = createStaticRouter(handler.dataRoutes, context);
  const i18n = serverI18n(req.globals.lang);
  const state = {
    globals,
    queries: dehydrate(queryClient),
    router: {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: serializeRouteErrors(context.errors),
    },
  };

  const app = (
    <Document globals={globals}>
      <ModulePreloads hrefs={assets.preloads}>
        <GlobalsContext value={globals}>
          <I18nContext value={i18n}>
            <QueryClientProvider client={queryClient}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </QueryClientProvider>
          </I18nContext>
        </GlobalsContext>
      </ModulePreloads>
    </Document>
  );

  return new Promise<RenderResult>((resolve, reject) => {
    let settled = false;
    const stream = renderToPipeableStream(app, {
      nonce: req.nonce,
      bootstrapScriptContent: `window.${GLOBALS_KEY}=${scriptJson(state)};`,
      bootstrapModules: req.scripts,
      onShellReady() {
        settled = true;
        const body = new ByFlush();
        stream.pipe(body);
        resolve({ type: 'html', status, stream: body });
      },
      onShellError(error) {
        if (!settled) reject(error);
      },
      onError(error) {
        req.onError(error);
      },
    });
    req.signal.addEventListener('abort', () => stream.abort(), { once: true });
  });
}
