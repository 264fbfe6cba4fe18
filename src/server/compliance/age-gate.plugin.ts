import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../contracts/errors.ts';
import {
  type GateCountry,
  holdsUkGate,
  isReferredVisit,
  NO_COUNTRY,
  readCountryHeader,
  UK_GATE_COUNTRY,
} from '../../web/lib/age-gate.ts';
import { AGE_REFERRED_COOKIE, referralToken, referralValid } from './age-referral.ts';

// The age gates' view of a request (SPEC.md §4, decisions 0018 and 0025): the visitor's
// country from the header a trusted CDN sets, and whether the visit came from a sister site.
// The UK gate holds back data as well as pages: a route marked `ageRestricted` (a video, its
// files, its related list) answers `age_verification_required` to a visitor the gate holds,
// and its answers vary on the country header; one made for a visitor from the UK is private,
// so no shared cache hands it to another visitor from there.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is age-restricted content: the UK gate holds it back (decision 0025). */
    ageRestricted?: boolean;
  }
  interface FastifyInstance {
    ageGates: AgeGates;
  }
}

type Headers = Record<string, string | string[] | undefined>;

/** The visitor's country from the configured header; NO_COUNTRY when none is configured. */
export function visitorCountry(headers: Headers, countryHeader: string | undefined): GateCountry {
  return countryHeader ? readCountryHeader(headers[countryHeader]) : NO_COUNTRY;
}

/**
 * Whether the configured header names the UK, so the UK gate may hold the asker back. Cheap:
 * the response cache asks it before Fastify has a request (a hit skips every hook).
 */
export function namesUk(headers: Headers, countryHeader: string | undefined): boolean {
  return visitorCountry(headers, countryHeader).codes.includes(UK_GATE_COUNTRY);
}

/** Adds a header name to Vary, keeping what the route put there. */
export function addVary(reply: FastifyReply, name: string): void {
  const current = String(reply.getHeader('vary') ?? '');
  const names = current.split(',').map((part) => part.trim().toLowerCase());
  if (names.includes(name.toLowerCase()) || names.includes('*')) return;
  reply.header('vary', current ? `${current}, ${name}` : name);
}

export interface Visit {
  country: GateCountry;
  /** Came from a sister site with `source` or `promo`, on this request or earlier in the visit. */
  referred: boolean;
}

export interface AgeGates {
  /** The request header the country is read from (lower case); unset: the gates are off. */
  readonly countryHeader: string | undefined;
  /** The age gates' inputs of a page request; a referred landing is remembered for the visit. */
  visit(request: FastifyRequest, reply: FastifyReply): Visit;
  /** Whether the UK gate holds this request back from age-restricted content. */
  holds(request: FastifyRequest): boolean;
  /** Marks an age-restricted answer: it varies on the country, and is private for the UK. */
  restrict(request: FastifyRequest, reply: FastifyReply): void;
}

export interface AgeGateOptions {
  countryHeader: string | undefined;
  /** URLs of the sister sites (SISTER_SITES): the only referrers of the UK exemption. */
  sisterSites: readonly string[];
  secret: string;
  secure: boolean;
}

export default fp(
  async (app: FastifyInstance, opts: AgeGateOptions) => {
    const { countryHeader } = opts;
    const remembered = (request: FastifyRequest) =>
      referralValid(opts.secret, request.cookies[AGE_REFERRED_COOKIE]);

    const gates: AgeGates = {
      countryHeader,
      visit(request, reply) {
        const country = visitorCountry(request.headers, countryHeader);
        if (!country.codes.includes(UK_GATE_COUNTRY)) return { country, referred: false };
        if (remembered(request)) return { country, referred: true };
        const query = request.url.indexOf('?');
        const search = new URLSearchParams(query === -1 ? '' : request.url.slice(query + 1));
        const referred = isReferredVisit(request.headers.referer, search, opts.sisterSites);
        if (referred) {
          reply.setCookie(AGE_REFERRED_COOKIE, referralToken(opts.secret), {
            path: '/',
            httpOnly: true,
            secure: opts.secure,
            sameSite: 'lax',
          });
        }
        return { country, referred };
      },
      holds(request) {
        const country = visitorCountry(request.headers, countryHeader);
        if (!country.codes.includes(UK_GATE_COUNTRY)) return false;
        return holdsUkGate(country, request.viewer, remembered(request));
      },
      restrict(request, reply) {
        if (!countryHeader) return;
        addVary(reply, countryHeader);
        if (!namesUk(request.headers, countryHeader)) return;
        const cacheControl = reply.getHeader('cache-control');
        if (typeof cacheControl === 'string') {
          reply.header('cache-control', cacheControl.replace(/\bpublic\b/, 'private'));
        }
      },
    };
    app.decorate('ageGates', gates);

    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.ageRestricted && gates.holds(request)) {
        throw new AppError('age_verification_required');
      }
    });
    // Registered before the response cache's own onSend: a private answer is never stored.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.routeOptions.config.ageRestricted) gates.restrict(request, reply);
      return payload;
    });
  },
  { name: 'age-gate', dependencies: ['@fastify/cookie', 'viewer'] },
);
