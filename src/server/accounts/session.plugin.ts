import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LOGOUT_COOKIE, sessionCookieName } from '../../contracts/constants.ts';
import { AppError } from '../../contracts/errors.ts';
import { isStaff } from '../kernel/access/roles.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import { type AccountService, csrfMatches, csrfTokenFor, tokenHash } from './account.service.ts';

// Who is asking: a signed-in member or a visitor. Every service that shows member-only data
// takes the viewer from here, so access is decided in one place.
//
// - The session cookie (`sid`; over https `__Host-sid`, Secure, Path=/, no Domain; HttpOnly,
//   SameSite=Lax) holds a random token; the database keeps its hash. Only the name in force is
//   read: over https a plain `sid` (which any subdomain could set) is no session. Lookups are kept in memory for a short while so a page and
//   its API calls cost one query, not one each.
// - SPEC.md §4: logout sets a cookie named `logout` and reloads; the next request carrying it
//   ends the session and clears both cookies.
// - CSRF (decision 0013): every POST from a browser must be same-origin by its Fetch Metadata
//   or Origin; a POST made with a session must also carry that session's token in
//   `x-csrf-token` (the page hands it to the web app).

const CACHE_MS = 30_000;
const CACHE_MAX = 10_000;

export type { Viewer };

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
  interface FastifyInstance {
    sessions: SessionCookies;
  }
}

export interface SessionCookies {
  /** Sets the session cookie of a new session (sign-in), replacing any old one. */
  start(request: FastifyRequest, reply: FastifyReply, token: string): Promise<void>;
  csrfToken(viewer: Viewer): string;
  /** The CSRF token of a session just started, from its cookie value. */
  csrfTokenOf(token: string): string;
  /**
   * Forgets cached lookups of a member (password changed, account banned or removed), here
   * and in the site's other processes.
   */
  forget(userId: number): void;
  /** A forget another process made (`all`: every member), applied here only. */
  forgetFromElsewhere(userId: number | 'all'): void;
}

function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === 'null') return origin === undefined;
  const host = request.headers.host;
  try {
    const url = new URL(origin);
    return url.origin === new URL(publicUrl).origin || url.host === host;
  } catch {
    return false;
  }
}

export default fp(
  async (
    app: FastifyInstance,
    opts: {
      accounts: AccountService;
      secret: string;
      secure: boolean;
      publicUrl: string;
      sessionTtlS: number;
      /** Tells the site's other processes (the forget bus). */
      onForget?: (userId: number) => void;
    },
  ) => {
    const cache = new Map<string, { viewer: Viewer | null; until: number }>();
    const sessionCookie = sessionCookieName(opts.secure);
    // No Domain: a `__Host-` cookie with one is refused by browsers, and none is wanted.
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      secure: opts.secure,
      sameSite: 'lax' as const,
    };

    async function lookup(token: string): Promise<Viewer | null> {
      const hit = cache.get(token);
      if (hit && hit.until > Date.now()) return hit.viewer;
      const found = await opts.accounts.resolve(token);
      const viewer: Viewer | null = found
        ? {
            userId: found.userId,
            username: found.username,
            avatarVersion: found.avatarVersion,
            ageVerified: found.ageVerified,
            role: found.role,
            trustedUploader: found.trustedUploader,
            sessionHash: found.idHash,
          }
        : null;
      // Staff viewers are read from the database on every request: a role is changed (and
      // the account's sessions ended) by the staff CLI, another process this cache never
      // hears from, and a removed administrator must not keep the role for 30 seconds. Staff
      // are few; members keep the cache (decision 0038).
      if (viewer && isStaff(viewer.role)) return viewer;
      if (cache.size >= CACHE_MAX) cache.clear();
      cache.set(token, { viewer, until: Date.now() + CACHE_MS });
      return viewer;
    }

    const forgetHere = (userId: number) => {
      for (const [token, entry] of cache) {
        if (entry.viewer?.userId === userId) cache.delete(token);
      }
    };

    app.decorate('sessions', {
      async start(request, reply, token) {
        const old = request.cookies[sessionCookie];
        if (old) {
          cache.delete(old);
          await opts.accounts.endSession(old);
        }
        reply.setCookie(sessionCookie, token, { ...cookieOptions, maxAge: opts.sessionTtlS });
        reply.clearCookie(LOGOUT_COOKIE, { path: '/' });
      },
      csrfToken: (viewer) => csrfTokenFor(opts.secret, viewer.sessionHash),
      csrfTokenOf: (token) => csrfTokenFor(opts.secret, tokenHash(token)),
      forget(userId) {
        forgetHere(userId);
        opts.onForget?.(userId);
      },
      forgetFromElsewhere(userId) {
        if (userId === 'all') cache.clear();
        else forgetHere(userId);
      },
    } satisfies SessionCookies);

    app.decorateRequest('viewer', null);
    app.addHook('onRequest', async (request, reply) => {
      const token = request.cookies[sessionCookie];
      if (token && request.cookies[LOGOUT_COOKIE] !== undefined) {
        cache.delete(token);
        await opts.accounts.endSession(token);
        reply.clearCookie(sessionCookie, cookieOptions);
        reply.clearCookie(LOGOUT_COOKIE, { path: '/' });
      } else if (token) {
        request.viewer = await lookup(token);
        if (!request.viewer) reply.clearCookie(sessionCookie, cookieOptions);
      } else if (request.cookies[LOGOUT_COOKIE] !== undefined) {
        reply.clearCookie(LOGOUT_COOKIE, { path: '/' });
      }

      if (request.method !== 'POST' && request.method !== 'PATCH' && request.method !== 'DELETE') {
        return;
      }
      if (!sameOrigin(request, opts.publicUrl)) throw new AppError('csrf_failed');
      if (request.viewer) {
        const given = request.headers['x-csrf-token'];
        const expected = csrfTokenFor(opts.secret, request.viewer.sessionHash);
        if (!csrfMatches(expected, typeof given === 'string' ? given : undefined)) {
          throw new AppError('csrf_failed');
        }
      }
    });
  },
  { name: 'viewer', dependencies: ['@fastify/cookie'] },
);
