import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLanguage, LANGUAGE_COOKIE } from '../../contracts/constants.ts';
import { AppError, type ErrorCode, failure } from '../../contracts/errors.ts';
import { safeBack } from '../../contracts/safe-back.ts';
import type { Config } from '../config.ts';
import type { AccountService, ClientInfo } from './account.service.ts';
import { createGoogleSignIn, type GoogleFlow } from './google-sign-in.ts';

// "Sign in with Google" (SPEC.md §7 `link /api/login.g.php`; decision 0016). One path is
// both the link and the redirect URI registered with Google:
// - without `code`, `state` or `error` it starts a flow: state, nonce and the PKCE verifier
//   go into a signed, HttpOnly cookie scoped to this path for ten minutes, and the browser
//   goes to the provider;
// - with them it is the provider's answer: checked against that cookie (which it clears),
//   then the member is signed in exactly as `login.php` does and sent `back`.
// Every failure lands on /signin/?google=<code>, which shows the translated message; the
// site never answers an error page here. Without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET
// the path answers 404 `not_found`.

export const GOOGLE_PATH = '/api/login.g.php';
export const FLOW_COOKIE = 'google_flow';
const FLOW_TTL_S = 10 * 60;
/** Starts and callbacks per address: a sign-in takes one of each. */
const CALLS_PER_ADDRESS = { max: 40, windowMs: 10 * 60_000 };

interface StoredFlow extends GoogleFlow {
  back: string;
  /** Epoch ms after which the flow is refused even if the browser still sends it. */
  expires: number;
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`google-flow:${payload}`).digest('base64url');
}

/** `payload.signature`, both base64url: the flow as the browser keeps it. */
export function sealFlow(secret: string, flow: StoredFlow): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function openFlow(secret: string, value: string | undefined): StoredFlow | undefined {
  if (!value || value.length > 2000) return undefined;
  const [payload = '', signature = '', ...rest] = value.split('.');
  if (rest.length > 0) return undefined;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as StoredFlow;
    const strings = [flow.state, flow.nonce, flow.verifier, flow.back];
    if (!strings.every((s) => typeof s === 'string') || typeof flow.expires !== 'number') {
      return undefined;
    }
    return flow.expires > Date.now() ? { ...flow, back: safeBack(flow.back) } : undefined;
  } catch {
    return undefined;
  }
}

/** Where a failed sign-in lands: the sign-in screen with the message, keeping `back`. */
export function failurePath(code: ErrorCode, back = '/'): string {
  const query = new URLSearchParams({ google: code });
  if (back !== '/') query.set('back', back);
  return `/signin/?${query}`;
}

function client(request: FastifyRequest): ClientInfo {
  const lang = request.cookies[LANGUAGE_COOKIE];
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    lang: isLanguage(lang) ? lang : 'en',
  };
}

export function oidcRoutes(deps: {
  accounts: AccountService;
  google: Config['google'];
  secret: string;
  config: Pick<Config, 'publicUrl'>;
}) {
  const { accounts, secret } = deps;
  const google = deps.google
    ? createGoogleSignIn({ ...deps.google, redirectUri: `${deps.config.publicUrl}${GOOGLE_PATH}` })
    : undefined;
  const cookieOptions = {
    path: GOOGLE_PATH,
    httpOnly: true,
    secure: deps.config.publicUrl.startsWith('https://'),
    // Lax: the provider's answer is a top-level GET from its site, which Lax lets through.
    sameSite: 'lax' as const,
  };

  return async (app: FastifyInstance) => {
    const fail = (
      request: FastifyRequest,
      reply: FastifyReply,
      reason: unknown,
      back = '/',
      code: ErrorCode = 'sign_in_failed',
    ) => {
      if (reason instanceof AppError) {
        request.log.warn(
          { code: reason.code, reason: reason.info?.reason },
          'google sign-in refused',
        );
      } else if (reason instanceof Error) {
        request.log.warn({ err: reason }, 'google sign-in failed');
      } else {
        request.log.warn({ reason }, 'google sign-in failed');
      }
      return reply.header('cache-control', 'no-store').redirect(failurePath(code, back), 302);
    };

    app.get(
      GOOGLE_PATH,
      {
        config: {
          rateLimit: {
            max: CALLS_PER_ADDRESS.max,
            timeWindow: CALLS_PER_ADDRESS.windowMs,
            keyGenerator: (request: FastifyRequest) => `google:${request.ip}`,
            errorResponseBuilder: () => new AppError('too_many_attempts') as unknown as Error,
          },
        },
        // A browser navigation: a refusal from the rate limit also goes to the sign-in page.
        errorHandler: (error, request, reply) => {
          const code =
            error instanceof AppError && error.code === 'too_many_attempts'
              ? 'too_many_attempts'
              : 'sign_in_failed';
          return fail(request, reply, error, '/', code);
        },
        schema: {
          summary: 'Sign in with Google',
          tags: ['accounts'],
          description:
            'A link, not a call (OpenID Connect, authorization code flow with PKCE). Without `code`, `state` or `error` it starts a flow and redirects to Google; `back` is the path to return to. Google redirects back here with `code` and `state` (or `error`): the account linked to the Google account signs in, else the account of the same verified email is linked, else a new member is made; the session cookie `sid` is set as by `login.php` and the browser goes to `back`. Any failure redirects to `/signin/?google=sign_in_failed` (or `too_many_attempts` past 40 calls in 10 minutes from one address, or `staff_password_required` for a staff account, which signs in with its password and a code, or `account_banned` for a banned member). Answers 404 `not_found` when Google sign-in is not configured.',
          querystring: {
            type: 'object',
            properties: {
              back: { type: 'string', description: 'Start: the path to return to (default /)' },
              code: { type: 'string', description: 'Callback: the authorization code' },
              state: { type: 'string', description: 'Callback: the state of the flow' },
              error: { type: 'string', description: 'Callback: the provider refused' },
            },
          },
          response: {
            302: {
              description: 'To the provider, to `back`, or to the sign-in page',
              type: 'null',
            },
            404: { description: 'Google sign-in is not configured' },
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (!google) return reply.code(404).send(failure('not_found'));
        const query = request.query as Record<string, unknown>;
        const isAnswer = ['code', 'state', 'error'].some((name) => name in query);

        if (!isAnswer) {
          const back = safeBack(query.back);
          try {
            const { url, flow } = await google.start();
            const stored: StoredFlow = { ...flow, back, expires: Date.now() + FLOW_TTL_S * 1000 };
            reply.setCookie(FLOW_COOKIE, sealFlow(secret, stored), {
              ...cookieOptions,
              maxAge: FLOW_TTL_S,
            });
            return reply.redirect(url, 302);
          } catch (error) {
            return fail(request, reply, error, back);
          }
        }

        // One answer per flow: the cookie goes whatever happens next.
        const flow = openFlow(secret, request.cookies[FLOW_COOKIE]);
        reply.clearCookie(FLOW_COOKIE, cookieOptions);
        if (!flow) return fail(request, reply, 'no flow cookie, or a forged or expired one');
        try {
          const q = request.url.indexOf('?');
          const callbackUrl = new URL(
            `${deps.config.publicUrl}${GOOGLE_PATH}${q === -1 ? '' : request.url.slice(q)}`,
          );
          const identity = await google.finish(callbackUrl, flow);
          const session = await accounts.signInWithGoogle(identity, client(request));
          await app.sessions.start(request, reply, session.token);
          return reply.redirect(flow.back, 302);
        } catch (error) {
          const told =
            error instanceof AppError &&
            (error.code === 'staff_password_required' || error.code === 'account_banned');
          return fail(request, reply, error, flow.back, told ? error.code : undefined);
        }
      },
    );
  };
}
