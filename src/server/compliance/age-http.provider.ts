import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import { AppError } from '../../contracts/errors.ts';
import type {
  AgeAssuranceProvider,
  AgeNotice,
  AgeOutcome,
  AgeSubmission,
} from './age-assurance.ts';

// A third-party verifier over HTTP (decision 0054), in the shape of Veriff's documented API
// flow for integrations that upload the media themselves:
//   POST  /v1/sessions                  {verification:{vendorData}}     → {verification:{id}}
//   POST  /v1/sessions/{id}/media       {image:{context:'face',content}} (signed)
//   PATCH /v1/sessions/{id}             {verification:{status:'submitted'}} (signed)
//   GET   /v1/sessions/{id}/decision    (signed over the id) → {verification: null | {status}}
// and its decision webhook, POSTed to us with `X-HMAC-SIGNATURE`. Every call carries the API
// key in `X-AUTH-CLIENT`; a signature is the hex HMAC-SHA256 of the request body (of the
// session id for the decision) with the shared secret. We send the photo and the check's id
// (as `vendorData`), never the member's name or address, and keep only the session id
// while the check is pending.

export interface HttpVerifierConfig {
  /** The verifier's API base, e.g. https://verifier.example (no trailing slash needed). */
  url: string;
  /** The API key (`X-AUTH-CLIENT`). */
  key: string;
  /** The shared secret that signs requests and webhooks. */
  secret: string;
  /** Longest wait for one call; longer, the member is told to try again later. */
  timeoutMs: number;
}

/** Veriff's decision statuses; `review` means a human at the verifier still looks. */
const OUTCOMES: Record<string, AgeOutcome | 'pending'> = {
  approved: 'passed',
  declined: 'failed',
  resubmission_requested: 'failed',
  expired: 'failed',
  abandoned: 'failed',
  review: 'pending',
};

interface VerificationJson {
  id?: unknown;
  status?: unknown;
}

export function signBody(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

function sameSignature(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

const COMPARE_KEY = randomBytes(32);

/**
 * The API key the webhook names, compared in constant time (decision 0054): HMACs of both
 * under a key of this process are equal-length buffers whatever the lengths sent.
 */
function sameKey(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const digest = (value: string) => createHmac('sha256', COMPARE_KEY).update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function createHttpAgeProvider(
  config: HttpVerifierConfig,
  log: Pick<Logger, 'warn' | 'error'>,
): AgeAssuranceProvider {
  const base = config.url.replace(/\/+$/, '');

  /** One call; a verifier that is down, slow or refusing us is `unavailable` to the member. */
  async function call(
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    opts: { body?: unknown; signed?: string } = {},
  ): Promise<Record<string, unknown>> {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const headers: Record<string, string> = {
      'x-auth-client': config.key,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const signed = opts.signed ?? body;
    if (signed !== undefined) headers['x-hmac-signature'] = signBody(config.secret, signed);
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      log.warn({ err: error, path }, 'age verifier not reached');
      throw new AppError('unavailable', {
        field: 'file',
        info: { reason: timedOut ? 'verifier_timeout' : 'verifier_unreachable' },
      });
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      json = undefined;
    }
    if (!response.ok || typeof json !== 'object' || json === null) {
      // Our key or secret is wrong, or the verifier failed: not the member's doing.
      log.error({ status: response.status, path }, 'age verifier refused the call');
      throw new AppError('unavailable', { field: 'file', info: { reason: 'verifier_error' } });
    }
    return json as Record<string, unknown>;
  }

  const verificationOf = (json: Record<string, unknown>): VerificationJson | null => {
    const verification = json.verification;
    return typeof verification === 'object' && verification !== null
      ? (verification as VerificationJson)
      : null;
  };

  async function decision(sessionId: string): Promise<AgeOutcome | 'pending'> {
    const json = await call('GET', `/v1/sessions/${encodeURIComponent(sessionId)}/decision`, {
      signed: sessionId,
    });
    const status = verificationOf(json)?.status;
    return (typeof status === 'string' && OUTCOMES[status]) || 'pending';
  }

  return {
    name: 'http',
    method: 'age_estimation',

    async submit(photo, check): Promise<AgeSubmission> {
      const created = verificationOf(
        await call('POST', '/v1/sessions', {
          body: { verification: { vendorData: String(check.id) } },
        }),
      );
      const sessionId = created?.id;
      if (typeof sessionId !== 'string' || sessionId === '') {
        log.error('age verifier answered a session without an id');
        throw new AppError('unavailable', { field: 'file', info: { reason: 'verifier_error' } });
      }
      const path = `/v1/sessions/${encodeURIComponent(sessionId)}`;
      await call('POST', `${path}/media`, {
        body: {
          image: {
            context: 'face',
            content: `data:image/jpeg;base64,${photo.toString('base64')}`,
            timestamp: new Date().toISOString(),
          },
        },
      });
      await call('PATCH', path, { body: { verification: { status: 'submitted' } } });
      // An automated estimate is often ready at once; otherwise the webhook or the member's
      // status calls learn it.
      const outcome = await decision(sessionId);
      return outcome === 'pending'
        ? { state: 'pending', externalRef: sessionId }
        : { state: outcome };
    },

    poll: decision,

    notice(rawBody, headers): AgeNotice | null {
      if (!sameKey(config.key, header(headers, 'x-auth-client'))) return null;
      if (!sameSignature(signBody(config.secret, rawBody), header(headers, 'x-hmac-signature'))) {
        return null;
      }
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return null;
      }
      if (typeof json !== 'object' || json === null) return null;
      const body = json as Record<string, unknown>;
      // A decision webhook carries `verification`; an event webhook (started, submitted)
      // names the session as `id` and decides nothing.
      const verification = verificationOf(body);
      if (verification && typeof verification.id === 'string') {
        const status = verification.status;
        return {
          externalRef: verification.id,
          outcome: (typeof status === 'string' && OUTCOMES[status]) || 'pending',
        };
      }
      if (typeof body.id === 'string') return { externalRef: body.id, outcome: 'pending' };
      return null;
    },
  };
}
