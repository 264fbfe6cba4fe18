import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../contracts/errors.ts';
import {
  type GateCountry,
  holdsUkGate,
  isReferredVisit,
  singleCountry,
  UK_GATE_COUNTRY,
} from '../../web/lib/age-gate.ts';
import { AGE_REFERRED_COOKIE, referralToken, referralValid } from './age-referral.ts';
import type { VisitorCountries } from './visitor-country.ts';

// The age gates' view of a request (SPEC.md §4, decisions 0018, 0025 and 0053): the visitor's
// country (visitor-country.ts: a trusted CDN's header, else the address), and whether the
// visit came from a sister site. The UK gate holds back data as well as pages: a route marked
// `ageRestricted` (a video, its files, its related list) answers `age_verification_required`
// to a visitor the gate holds. Its answers vary on the country header; one made for a visitor
// from the UK is private, so no shared cache hands it to another visitor from there. Read
// from the address, the country is in no header a shared cache could vary on: every
// restricted answer is private then (the response cache still keeps them, decision 0053).

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer is age-restricted content: the UK gate holds it back (decision 0025). */
    ageRestricted?: boolean;
  }
  interface FastifyInstance {
    ageGates: AgeGates;
  }
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
  /** The request header the country is read from (lower case); unset: from the address. */
  readonly countryHeader: string | undefined;
  /**
   * The visitor's one country as the gates read it (worked out once per request), '' when
   * unknown or a list: what a view or an upload records (decision 0053).
   */
  country(request: FastifyRequest): string;
  /** The age gates' inputs of a page request; a referred landing is remembered for the visit. */
  visit(request: FastifyRequest, reply: FastifyReply): Visit;
  /** Whether the UK gate holds this request back from age-restricted content. */
  holds(request: FastifyRequest): boolean;
  /** Marks an age-restricted answer: it varies on the country, and is private for the UK. */
  restrict(request: FastifyRequest, reply: FastifyReply): void;
}

export interface AgeGateOptions {
  /** Where visitors are (the country header, else the address). */
  countries: VisitorCountries;
  /** URLs of the sister sites (SISTER_SITES): the only referrers of the UK exemption. */
  sisterSites: readonly string[];
  secret: string;
  secure: boolean;
}

export default fp(
  async (app: FastifyInstance, opts: AgeGateOptions) => {
    const { countries } = opts;
    const countryHeader = countries.header;
    const remembered = (request: FastifyRequest) =>
      referralValid(opts.secret, request.cookies[AGE_REFERRED_COOKIE]);

    const gates: AgeGates = {
      countryHeader,
      country: (request) => singleCountry(countries.of(request.raw)),
      visit(request, reply) {
        const country = countries.of(request.raw);
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
        const country = countries.of(request.raw);
        if (!country.codes.includes(UK_GATE_COUNTRY)) return false;
        return holdsUkGate(country, request.viewer, remembered(request));
      },
      restrict(request, reply) {
        if (countryHeader) addVary(reply, countryHeader);
        // Read from the address, the country is in no header a shared cache could vary on:
        // the answer is private, whatever its status. For the UK it is private anyway.
        if (!countries.byAddress && !countries.fromUk(request.raw)) return;
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
    // The one place a restricted answer is made private: a hook of the route itself, which
    // Fastify runs after every app-wide onSend, so after the response cache has stored its
    // public copy (it stores none for an asker from the UK), and whether it stored one or not.
    const restrictOnSend: onSendHookHandler = async (request, reply, payload) => {
      gates.restrict(request, reply);
      return payload;
    };
    app.addHook('onRoute', (route) => {
      if (route.config?.ageRestricted !== true) return;
      const own = route.onSend === undefined ? [] : [route.onSend].flat();
      route.onSend = [...own, restrictOnSend];
    });
  },
  { name: 'age-gate', dependencies: ['@fastify/cookie', 'viewer'] },
);
