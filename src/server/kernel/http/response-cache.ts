import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../../../contracts/constants.ts';
import {
  type CachedResponse,
  etagMatches,
  etagOf,
  pickEncoding,
  type ResponseCache,
} from '../cache/response-cache.ts';

// Fastify side of the response cache. A route opts in with `config: { cache: true }` and
// sets its lifetime with `cacheFor(reply, seconds)`; public 200 answers are then stored and
// served from memory, with ETag validators and 304s, until the lifetime passes.

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: boolean;
  }
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

const MAX_AGE = /(?:^|,)\s*public\s*,\s*max-age=(\d+)/;

/** Sets Cache-Control for a caller-chosen lifetime (`0` = uncached), clamped to the maximum. */
export function cacheFor(reply: FastifyReply, lifetimeS: number, maxLifetimeS: number): void {
  const lifetime = Math.min(Math.max(0, Math.floor(lifetimeS)), maxLifetimeS);
  reply.header('cache-control', lifetime > 0 ? `public, max-age=${lifetime}` : 'no-store');
}

/**
 * Cache-Control of a personal answer (a member's own list, a private object shown to a
 * member): browsers may keep it, shared caches and the response cache never do.
 */
export function cachePersonal(reply: FastifyReply, lifetimeS: number, maxLifetimeS: number): void {
  const lifetime = Math.min(Math.max(0, Math.floor(lifetimeS)), maxLifetimeS);
  reply.header('cache-control', lifetime > 0 ? `private, max-age=${lifetime}` : 'no-store');
}

/**
 * Cache-Control of an answer that depends on who asks (SPEC.md §6: members see private
 * objects). `personal`: a member's own view, see cachePersonal. `visitor`: the visitors'
 * view of something members see differently; it is cached and shared as usual but marked
 * `Vary: Cookie`, so neither this cache nor a browser hands it to a signed-in member.
 */
export function cacheForViewer(
  reply: FastifyReply,
  lifetimeS: number,
  maxLifetimeS: number,
  kind: 'public' | 'personal' | 'visitor',
): void {
  if (kind === 'personal') {
    cachePersonal(reply, lifetimeS, maxLifetimeS);
    return;
  }
  cacheFor(reply, lifetimeS, maxLifetimeS);
  if (kind === 'visitor') reply.header('vary', 'Cookie');
}

/** cacheForViewer for a service answer that says whether it is personal or members differ. */
export function cacheAnswer(
  reply: FastifyReply,
  lifetimeS: number,
  maxLifetimeS: number,
  answer: { personal: boolean; memberDiffers?: boolean },
): void {
  cacheForViewer(
    reply,
    lifetimeS,
    maxLifetimeS,
    answer.personal ? 'personal' : answer.memberDiffers ? 'visitor' : 'public',
  );
}

// Either name: this only keeps visitors' copies from members, and treating a request as a
// member's when in doubt is the safe side.
const SESSION_COOKIE_RE = new RegExp(
  `(?:^|;\\s*)(?:${SESSION_COOKIE}|${SECURE_SESSION_COOKIE})=[^;]`,
);

/** True when the request carries a session cookie, by either name (plugins/viewer.ts). */
export function hasSessionCookie(cookie: string | string[] | undefined): boolean {
  return typeof cookie === 'string' && SESSION_COOKIE_RE.test(cookie);
}

/**
 * How age-restricted answers (decision 0025) are told apart: the compliance domain reads the
 * asker's country, and says what shared caches may do with such an answer.
 */
export interface RestrictedAnswers {
  /** Whether the UK gate may hold the asker back: a restricted entry is never theirs. */
  fromUk(req: IncomingMessage): boolean;
  /** The request header that names the country (COUNTRY_HEADER): restricted answers vary on it. */
  readonly header?: string | undefined;
  /**
   * The country is read from the client address, which no Vary can name: restricted answers
   * go out private (browsers may keep them, shared caches not); this cache still keeps them.
   */
  readonly byAddress?: boolean;
}

const OPEN: RestrictedAnswers = { fromUk: () => false };

/**
 * Writes a cached entry, honouring conditional requests and Accept-Encoding. An age-restricted
 * entry varies on the country header, or is private when the country comes from the address.
 */
export function sendCached(
  cache: Pick<ResponseCache, 'encoded'>,
  entry: CachedResponse,
  request: { headers: Record<string, string | string[] | undefined> },
  write: (status: number, headers: Record<string, string | number>, body?: Buffer) => void,
  restricted: RestrictedAnswers = OPEN,
): void {
  const remaining = Math.max(0, Math.round((entry.expiresAt - Date.now()) / 1000));
  const vary = ['Accept-Encoding'];
  if (entry.visitorOnly) vary.push('Cookie');
  if (entry.ageRestricted && restricted.header) vary.push(restricted.header);
  const scope = entry.ageRestricted && restricted.byAddress ? 'private' : 'public';
  const headers: Record<string, string | number> = {
    ...entry.headers,
    'cache-control': `${scope}, max-age=${remaining}`,
    etag: entry.etag,
    vary: vary.join(', '),
  };
  const ifNoneMatch = request.headers['if-none-match'];
  if (etagMatches(typeof ifNoneMatch === 'string' ? ifNoneMatch : undefined, entry.etag)) {
    write(304, headers);
    return;
  }
  const accept = request.headers['accept-encoding'];
  const encoding = pickEncoding(typeof accept === 'string' ? accept : undefined);
  const body = cache.encoded(entry, encoding);
  if (body !== entry.body) headers['content-encoding'] = encoding;
  headers['content-length'] = body.length;
  write(entry.status, headers, body);
}

/** Headers that belong to one response, never to a stored copy. */
const PER_RESPONSE = new Set([
  'content-length',
  'content-encoding',
  'etag',
  'cache-control',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * Answers a GET straight from the cache at the HTTP server, before Fastify builds a request:
 * a hit costs little more than writing the bytes. Entries carry the headers (security
 * headers included) of the response they were made from. False when it is not a hit. No
 * session or age gate is known here: a member or an asker from the UK (`restricted.fromUk`,
 * the compliance domain's reading of the country, asked only for a restricted entry) goes on
 * to Fastify for what only it may serve them.
 */
export function serveFromCache(
  cache: ResponseCache,
  req: IncomingMessage,
  res: ServerResponse,
  restricted: RestrictedAnswers = OPEN,
): boolean {
  if (req.method !== 'GET' || !req.url?.startsWith('/api/')) return false;
  const entry = cache.get(req.url, {
    member: hasSessionCookie(req.headers.cookie),
    fromUk: () => restricted.fromUk(req),
  });
  if (!entry) return false;
  sendCached(
    cache,
    entry,
    req,
    (status, headers, body) => {
      res.writeHead(status, headers);
      res.end(body);
    },
    restricted,
  );
  return true;
}

export default fp(
  async (
    app: FastifyInstance,
    opts: {
      cache: ResponseCache;
      /** How age-restricted answers are told apart (the compliance domain reads the country). */
      restricted?: RestrictedAnswers;
    },
  ) => {
    const { cache, restricted = OPEN } = opts;
    app.decorate('responseCache', cache);

    // Runs after the age gate's own onRequest (plugins/age-gate.ts): whoever gets here may
    // have the answer, but one for the UK is made afresh, to go out private.
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'GET' || !request.routeOptions.config.cache) return;
      const entry = cache.get(request.url, {
        member: hasSessionCookie(request.headers.cookie),
        fromUk: () => restricted.fromUk(request.raw),
      });
      if (!entry) return;
      sendCached(
        cache,
        entry,
        request,
        (status, headers, body) => {
          reply.code(status).headers(headers);
          void reply.send(body);
        },
        restricted,
      );
      return reply;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' || !request.routeOptions.config.cache) return payload;
      if (reply.statusCode !== 200 || reply.getHeader('content-encoding')) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      let cacheControl = String(reply.getHeader('cache-control') ?? '');
      // Browsers keep an answer no longer than this cache does while its lifetimes are held
      // down (ResponseCache.limitLifetime).
      const lowered = cacheControl.replace(
        /\bmax-age=(\d+)/,
        (_all, seconds: string) => `max-age=${cache.lifetimeFor(Number(seconds))}`,
      );
      if (lowered !== cacheControl) {
        cacheControl = lowered;
        reply.header('cache-control', cacheControl);
      }
      const lifetime = Number(MAX_AGE.exec(cacheControl)?.[1] ?? 0);
      const ageRestricted = request.routeOptions.config.ageRestricted === true;
      const etag = etagOf(body);
      reply.header('etag', etag);
      // A restricted answer made for an asker from the UK is theirs alone (the gate lets a
      // verified member through): never kept. Its Cache-Control is the gate's to make private.
      const forUk = ageRestricted && restricted.fromUk(request.raw);
      if (lifetime > 0 && reply.getHeader('set-cookie') === undefined && !forUk) {
        const visitorOnly = /\bcookie\b/i.test(String(reply.getHeader('vary') ?? ''));
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(reply.getHeaders())) {
          if (value !== undefined && !PER_RESPONSE.has(name)) headers[name] = String(value);
        }
        headers['content-type'] ??= 'application/json; charset=utf-8';
        cache.set(request.url, {
          status: 200,
          headers,
          body,
          lifetimeS: lifetime,
          visitorOnly,
          ageRestricted,
        });
      }
      const ifNoneMatch = request.headers['if-none-match'];
      if (etagMatches(ifNoneMatch, etag)) {
        reply.code(304);
        return '';
      }
      return body;
    });
  },
  { name: 'response-cache' },
);
