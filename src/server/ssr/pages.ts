import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  COOKIE_NOTICE_COOKIE,
  DEFAULT_GENDER,
  DEFAULT_LANGUAGE,
  GENDER_COOKIE,
  GENDERS,
  type Gender,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
  SECTION_PATH,
} from '../../contracts/constants.ts';
import { safeBack } from '../../contracts/safe-back.ts';
import { type ApiClient, parseApiResponse } from '../../web/api/client.ts';
import {
  type AgeGate,
  ageGateFor,
  type GateCountry,
  singleCountry,
} from '../../web/lib/age-gate.ts';
import type {
  AgeGateGlobals,
  PageAnalytics,
  PageGlobals,
  PageUser,
  SiteInfo,
} from '../../web/ssr-types.ts';
import { deviceOf, type LayoutAds } from '../ads/ads.service.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import { type PageCache, type PageVariant, pageKey } from '../kernel/cache/page-cache.ts';
import type { CachedResponse } from '../kernel/cache/response-cache.ts';
import { findHostileInput, withoutHostileQuery } from '../kernel/http/input-guard.ts';
import { hasSessionCookie, sendCached } from '../kernel/http/response-cache.ts';
import { ageGateGlobals, withheldApi } from './age-gate.ts';
import type { PageRenderer } from './renderer.ts';

// Page requests: strict trailing slashes, then the React app rendered and streamed.

/**
 * What a page with hostile text in its address renders (decision 0026): no route matches it,
 * so the web app draws its "page unavailable" screen; the answer is 400, not 404.
 */
export const HOSTILE_PAGE_URL = '/404/';

export { COOKIE_NOTICE_COOKIE } from '../../contracts/constants.ts';

/** Paths that are files, API calls or server routes never get a trailing-slash redirect. */
function isPagePath(pathname: string): boolean {
  return !/\.[a-z0-9]{1,8}$/i.test(pathname) && !pathname.startsWith('/api/');
}

/** SPEC.md §2: routes use a strict trailing slash. */
export function trailingSlashRedirect(url: string): string | undefined {
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  if (pathname.endsWith('/') || !isPagePath(pathname)) return undefined;
  // Collapse leading slashes so `//evil.example` can never become an off-site redirect.
  const safe = `/${pathname.replace(/^\/+/, '')}`;
  return `${safe}/${q === -1 ? '' : url.slice(q)}`;
}

/**
 * Old URL forms the network's clients still follow (API-CONTRACT.md "Page URLs", SPEC.md §2
 * models): `/video/{id}/{dir}/` and `/video-{id}/` go to the video page, `/models/{dir}/videos`
 * and `/models/{dir}/wall` to the model's tabs. Answers the new path with the query kept.
 */
export function legacyRedirect(url: string): string | undefined {
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q);
  const video = /^\/video(?:\/(\d{1,10})(?:\/([a-z0-9-]{1,200}))?|-(\d{1,10}))\/?$/.exec(pathname);
  if (video) {
    const id = video[1] ?? video[3];
    return `/videos/${id}/${video[2] ? `${video[2]}/` : ''}${query}`;
  }
  const model = /^\/models\/([a-z0-9][a-z0-9-]{0,119})\/(videos|wall)\/?$/.exec(pathname);
  if (model) {
    return `/model/${model[1]}/${model[2] === 'videos' ? 'videos/1/' : 'wall/'}${query}`;
  }
  return undefined;
}

export function pickLanguage(asked: string | undefined, cookie?: string): Language {
  if (isLanguage(asked)) return asked;
  return pickCookieLanguage(cookie);
}

function pickCookieLanguage(cookie: string | undefined): Language {
  return isLanguage(cookie) ? cookie : DEFAULT_LANGUAGE;
}

function isGender(value: string | undefined): value is Gender {
  return (GENDERS as readonly string[]).includes(value ?? '');
}

export function pickGender(cookie: string | undefined): Gender {
  return isGender(cookie) ? cookie : DEFAULT_GENDER;
}

/**
 * What a render read from the API (decision 0058): the answers' keys, and the shortest time
 * any of them may still be kept (0: one was not to be kept, so neither is the page).
 */
export interface RenderReads {
  keys: string[];
  lifetimeS: number;
}

/** Seconds a public answer may be kept, from its Cache-Control; 0 when it is not public. */
function publicLifetime(cacheControl: unknown): number {
  const value = typeof cacheControl === 'string' ? cacheControl : '';
  const maxAge = /(?:^|,)\s*max-age=(\d+)/.exec(value);
  return /(?:^|,)\s*public\b/.test(value) && maxAge ? Number(maxAge[1]) : 0;
}

/** Kept answers as the renders read them: parsed once, frozen, shared (issue 18). */
const parsedAnswers = new WeakMap<CachedResponse, unknown>();

function deepFreeze(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

/**
 * A kept answer's body as data, parsed once for every render that reads it. Frozen: a render
 * that changed it would change it for the next visitor too, so it fails instead.
 */
function parsedAnswer(entry: CachedResponse): unknown {
  if (parsedAnswers.has(entry)) return parsedAnswers.get(entry);
  const value = deepFreeze(JSON.parse(entry.body.toString('utf8')));
  parsedAnswers.set(entry, value);
  return value;
}

/**
 * The web app's API client on the server: the same JSON paths the browser fetches, answered
 * in-process (from the response cache when it holds them), each read noted in `reads`.
 */
export function injectApi(
  app: FastifyInstance,
  request: FastifyRequest,
  reads?: RenderReads,
): ApiClient {
  const read = (path: string, lifetimeS: number) => {
    if (!reads) return;
    reads.keys.push(path);
    reads.lifetimeS = Math.min(reads.lifetimeS, Math.max(0, Math.floor(lifetimeS)));
  };
  return {
    async get<T>(path: string): Promise<T> {
      const cached = app.responseCache.get(path, { member: request.viewer !== null });
      if (cached) {
        read(path, (cached.expiresAt - Date.now()) / 1000);
        return parsedAnswer(cached) as T;
      }
      const response = await app.inject({
        method: 'GET',
        url: path,
        headers: { cookie: request.headers.cookie ?? '', 'x-forwarded-for': request.ip },
      });
      read(
        path,
        response.statusCode === 200 ? publicLifetime(response.headers['cache-control']) : 0,
      );
      const body: unknown = response.body ? JSON.parse(response.body) : undefined;
      return parseApiResponse<T>(response.statusCode, body);
    },
  };
}

/** The headers of a page's response worth keeping with it (security headers included). */
function pageHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (typeof value !== 'string' || KEPT_PAGE_SKIPS.has(name)) continue;
    headers[name] = value;
  }
  return headers;
}

/** Headers of one response only (sendCached writes its own caching headers). */
const KEPT_PAGE_SKIPS = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'cache-control',
  'vary',
  'set-cookie',
  'date',
  'connection',
]);

/** A page read no answer (an information page): kept this long. */
const PAGE_WITHOUT_DATA_S = 600;

/**
 * The Content-Security-Policy of a kept page (decision 0058): its inline scripts by their
 * hashes instead of the nonce of the request it was rendered for, which every later visitor
 * could read in the page. External scripts stay allowed by 'self'.
 */
export function keptPagePolicy(policy: string, html: string): string | undefined {
  if (!/'nonce-[^']*'/.test(policy)) return undefined;
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/.test(match[1] ?? '') || !match[2]) continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2]).digest('base64')}'`);
  }
  // No inline script: no inline source at all ('none' beside others would be ignored).
  return hashes.size > 0
    ? policy.replace(/'nonce-[^']*'/, [...hashes].join(' '))
    : policy.replace(/\s*'nonce-[^']*'/, '');
}

/** The language a page address asks for with `?lang=` (the hreflang alternates): one value. */
function askedLanguage(url: string): string | undefined {
  const q = url.indexOf('?');
  if (q === -1) return undefined;
  const asked = new URLSearchParams(url.slice(q + 1)).getAll('lang');
  return asked.length === 1 ? asked[0] : undefined;
}

/** What a page is rendered for beyond its address, as the page and its cache key see it. */
export interface PageInput {
  lang: Language;
  section: Gender;
  /** The visitor's one country ('' when unknown or a list): `globals.country`. */
  country: string;
  ageGate: AgeGateGlobals;
  gate: AgeGate;
  cookieNotice: boolean;
  /** The key's variant (decision 0058): everything above that reaches a visitor's HTML. */
  variant: PageVariant;
}

/**
 * The inputs of a page request, worked out from its address, cookies, country and headers
 * alone, so the router's page handler and the fast path before it (servePageFromCache)
 * arrive at the same key.
 */
export function pageInput(request: {
  url: string;
  cookies: Record<string, string | undefined>;
  country: GateCountry;
  referred: boolean;
  user: { ageVerified: boolean } | null;
  headers: IncomingHttpHeaders;
  /** The layout ads differ by device (LayoutAds.byDevice). */
  byDevice: boolean;
}): PageInput {
  const { cookies, country, referred } = request;
  const ageGate = ageGateGlobals({ country, referred, cookies, signedIn: request.user !== null });
  const gate = ageGateFor({
    country,
    user: request.user,
    confirmed: ageGate.confirmed,
    path: request.url.split('?')[0] ?? '/',
    referred,
  });
  // `?lang=` (the hreflang alternates) wins over the cookie, without changing it.
  const lang = pickLanguage(
    askedLanguage(request.url) ?? cookies[LANGUAGE_COOKIE],
    cookies[LANGUAGE_COOKIE],
  );
  const section = pickGender(cookies[GENDER_COOKIE]);
  const single = singleCountry(country);
  const cookieNotice = cookies[COOKIE_NOTICE_COOKIE] !== '1';
  const device = request.byDevice ? deviceOf(request.headers as never) : '';
  const context = createHash('sha1')
    .update(JSON.stringify([gate, ageGate, single, cookieNotice, device]))
    .digest('base64url');
  return {
    lang,
    section,
    country: single,
    ageGate,
    gate,
    cookieNotice,
    variant: { lang, section, context },
  };
}

/** The Vary of a page: the cookies, and what the gate and the layout ads read. */
export function pageVary(countryHeader: string | undefined, byDevice: boolean): string {
  return `Cookie, Accept-Encoding${countryHeader ? `, ${countryHeader}` : ''}${byDevice ? ', Sec-CH-UA-Mobile, User-Agent' : ''}`;
}

/** Writes a kept page (decision 0058): ETag and 304, checked again by the browser each time. */
function sendKeptPage(
  cache: PageCache,
  entry: CachedResponse,
  request: { headers: IncomingHttpHeaders },
  vary: string,
  write: (status: number, headers: Record<string, string | number>, body?: Buffer) => void,
): void {
  sendCached(cache, entry, request, (status, headers, body) =>
    write(status, { ...headers, 'cache-control': 'no-cache', vary }, body),
  );
}

/** What the fast path before the router needs to find a visitor's kept page. */
export interface PageFront {
  cache: PageCache;
  /** Where visitors are (compliance/visitor-country.ts). */
  countries: {
    readonly header: string | undefined;
    of(req: IncomingMessage): GateCountry;
    fromUk(req: IncomingMessage): boolean;
  };
  byDevice: boolean;
}

/**
 * Answers a visitor's page GET from the PageCache at the HTTP server, before Fastify builds
 * a request (decision 0058), as serveFromCache does for the API: a hit costs little more
 * than writing the bytes. Only a request that carries no session goes here, and none from the
 * UK, whose visit may be remembered with a cookie (AgeGates.visit). A kept page is one that
 * rendered whole with status 200: hostile addresses, redirects and errors are never kept,
 * so a hit needs none of the router's checks. False when it is not a hit.
 */
export function servePageFromCache(
  front: PageFront,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  const url = req.url;
  if (req.method !== 'GET' || !url || url.startsWith('/api/')) return false;
  if (hasSessionCookie(req.headers.cookie) || front.countries.fromUk(req)) return false;
  const input = pageInput({
    url,
    cookies: req.headers.cookie ? fastifyCookie.parse(req.headers.cookie) : {},
    country: front.countries.of(req),
    referred: false,
    user: null,
    headers: req.headers,
    byDevice: front.byDevice,
  });
  const entry = front.cache.get(pageKey(url, input.variant));
  if (!entry) return false;
  sendKeptPage(
    front.cache,
    entry,
    req,
    pageVary(front.countries.header, front.byDevice),
    (status, headers, body) => {
      res.writeHead(status, headers);
      res.end(body);
    },
  );
  return true;
}

export function pagesRoutes(deps: {
  renderer: PageRenderer;
  site: SiteInfo;
  /** "Sign in with Google" is configured (decision 0016). */
  googleSignIn?: boolean;
  /** The page constant `user` of a signed-in viewer (SPEC.md §3). */
  pageUser(viewer: Viewer): Promise<PageUser>;
  /** The operator's layout ads for visitors (decision 0035). */
  layoutAds?: LayoutAds;
  /** The page constant `analytics` of a visitor's and of a member's page. */
  analytics?: (member: boolean) => PageAnalytics | undefined;
  /** Visitors' rendered pages (decision 0058); every page is rendered when absent. */
  pageCache?: PageCache;
}) {
  return async (app: FastifyInstance) => {
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.url.startsWith('/api/')) return reply.callNotFound();
      // Before any loader could pass the text on to the API or the database.
      const hostile = findHostileInput(request);
      if (hostile?.where === 'query') {
        // Only the query is broken: the page opens without the values it refuses.
        const clean = withoutHostileQuery(request.url);
        if (clean !== undefined)
          return reply.header('cache-control', 'no-store').redirect(clean, 302);
      }
      if (hostile) return renderPage(request, reply, HOSTILE_PAGE_URL, 400);
      const redirect = legacyRedirect(request.url) ?? trailingSlashRedirect(request.url);
      if (redirect) {
        return reply.header('cache-control', 'public, max-age=3600').redirect(redirect, 301);
      }
      return renderPage(request, reply, request.url);
    };

    /** Renders `url` for this request; a `status` of our own (an error) is never kept. */
    const renderPage = async (
      request: FastifyRequest,
      reply: FastifyReply,
      url: string,
      status?: number,
    ) => {
      const controller = new AbortController();
      request.raw.on('close', () => {
        if (!reply.sent) controller.abort();
      });
      const { country, referred } = app.ageGates.visit(request, reply);
      const input = pageInput({
        url: request.url,
        cookies: request.cookies,
        country,
        referred,
        user: request.viewer,
        headers: request.headers,
        byDevice: deps.layoutAds?.byDevice === true,
      });
      const { lang, gate } = input;
      // Members see no ads (SPEC.md §1): nothing of them is even in a member's page.
      const ads = request.viewer
        ? undefined
        : deps.layoutAds?.forPage({ lang, headers: request.headers });
      const analytics = deps.analytics?.(request.viewer !== null);
      const globals: PageGlobals = {
        lang,
        gender: input.section,
        country: input.country,
        site: deps.site,
        user: request.viewer ? await deps.pageUser(request.viewer) : null,
        csrf: request.viewer ? app.sessions.csrfToken(request.viewer) : '',
        cookieNotice: input.cookieNotice,
        googleSignIn: deps.googleSignIn === true,
        ageGate: input.ageGate,
        styles: deps.renderer.assets.styles,
        ...(ads ? { ads } : {}),
        ...(analytics ? { analytics } : {}),
      };
      // A visitor's page, rendered for the first time or kept (decision 0058): keyed by all
      // of the above that reaches the HTML.
      const cache = deps.pageCache;
      const key =
        cache && !request.viewer && status === undefined && request.method === 'GET'
          ? pageKey(url, input.variant)
          : undefined;
      // Only visitors' pages carry ads (as servePageFromCache assumes: it serves visitors).
      const vary = pageVary(
        app.ageGates.countryHeader,
        !request.viewer && deps.layoutAds?.byDevice === true,
      );
      const kept = key ? cache?.get(key) : undefined;
      if (cache && kept) {
        sendKeptPage(cache, kept, request, vary, (code, headers, body) => {
          reply.code(code).headers(headers);
          reply.send(body ?? '');
        });
        return reply;
      }
      const reads: RenderReads = { keys: [], lifetimeS: PAGE_WITHOUT_DATA_S };
      let failed = false;
      const result = await deps.renderer.render({
        url,
        // The UK gate covers the page: it renders without the content (decision 0025).
        api: gate === 'uk' ? withheldApi : injectApi(app, request, reads),
        globals,
        scripts: deps.renderer.assets.scripts,
        nonce: reply.scriptNonce,
        routeAssets: deps.renderer.assets.routeAssets,
        signal: controller.signal,
        onError: (error) => {
          failed = true;
          deps.renderer.fixStack(error);
          request.log.error({ err: error }, 'render error');
        },
      });
      if (result.type === 'redirect') {
        return reply.code(result.status).redirect(result.location, result.status);
      }
      let stream = result.stream;
      if (cache && key && result.status === 200 && reads.lifetimeS > 0) {
        // The page goes out as it renders; a copy is kept once it is whole and sound.
        const chunks: Buffer[] = [];
        const tee = new PassThrough();
        tee.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
        tee.on('end', () => {
          const policy = reply.getHeader('content-security-policy');
          const html = Buffer.concat(chunks);
          const kept =
            typeof policy === 'string' ? keptPagePolicy(policy, html.toString('utf8')) : undefined;
          if (failed || controller.signal.aborted || (typeof policy === 'string' && !kept)) {
            return;
          }
          cache.set(key, {
            headers: {
              ...pageHeaders(reply),
              ...(kept ? { 'content-security-policy': kept } : {}),
            },
            body: html,
            lifetimeS: reads.lifetimeS,
            madeFrom: reads.keys,
          });
        });
        result.stream.pipe(tee);
        stream = tee;
      }
      return (
        reply
          .code(status ?? result.status)
          .header('content-type', 'text/html; charset=utf-8')
          // A member's page is theirs alone: no shared cache may keep it.
          .header(
            'cache-control',
            status !== undefined ? 'no-store' : request.viewer ? 'private, no-cache' : 'no-cache',
          )
          .header('vary', vary)
          .send(stream)
      );
    };
    // The language picker (SPEC.md §6: anyone may change the language): remembers the
    // choice in the app_lang cookie and goes back to the page it was made on.
    app.get<{ Querystring: { lang?: unknown; back?: unknown } }>(
      '/language/',
      { schema: { hide: true } },
      async (request, reply) => {
        const { lang, back } = request.query;
        const target = safeBack(back);
        reply.header('cache-control', 'no-store');
        if (typeof lang !== 'string' || !isLanguage(lang)) return reply.redirect(target, 302);
        reply.setCookie(LANGUAGE_COOKIE, lang, {
          path: '/',
          maxAge: 365 * 86_400,
          sameSite: 'lax',
          httpOnly: false,
        });
        return reply.redirect(target, 302);
      },
    );
    // The section switch (SPEC.md §1: content is filtered by gender section): remembers the
    // choice in the cookie every page reads (pickGender) and goes back to the page it was
    // made on, which the server then renders in that section. Pages vary on Cookie and the
    // JSON paths name the section, so no cache hands one section's answer to another.
    app.get<{ Querystring: { gender?: unknown; back?: unknown } }>(
      SECTION_PATH,
      { schema: { hide: true } },
      async (request, reply) => {
        const { gender, back } = request.query;
        const target = safeBack(back);
        reply.header('cache-control', 'no-store');
        if (typeof gender !== 'string' || !isGender(gender)) return reply.redirect(target, 302);
        reply.setCookie(GENDER_COOKIE, gender, {
          path: '/',
          maxAge: 365 * 86_400,
          sameSite: 'lax',
          httpOnly: false,
        });
        return reply.redirect(target, 302);
      },
    );
    app.get('/*', { config: { pageRoute: true } }, handler);
  };
}
