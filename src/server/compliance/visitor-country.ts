import type { IncomingMessage } from 'node:http';
import {
  type GateCountry,
  readCountryHeader,
  UK_GATE_COUNTRY,
  UNKNOWN_COUNTRY,
} from '../../web/lib/age-gate.ts';
import type { RestrictedAnswers } from '../kernel/http/response-cache.ts';
import type { CountryDb } from './country-db.ts';

// Where the visitor is, as the age gates, top-country, the offers and the page constant
// `country` read it (decisions 0018, 0025, 0053): a trusted CDN's country header when one is
// configured, else the client address looked up in the country database. What neither
// names is unknown, and an unknown country gets the general gate unless the operator says
// otherwise (UNKNOWN_COUNTRY_GATE).

/** What the response cache asks of age-restricted answers (RestrictedAnswers), and more. */
export interface VisitorCountries extends RestrictedAnswers {
  /** The configured country header (lower case): answers that depend on it vary on it. */
  readonly header: string | undefined;
  /** The country comes from the address (no header is configured), which no Vary can name. */
  readonly byAddress: boolean;
  /** The visitor's country as the gates read it; worked out once per request. */
  of(req: IncomingMessage): GateCountry;
  /** Whether the reading names the UK, so the UK gate may hold the asker back. */
  fromUk(req: IncomingMessage): boolean;
}

export function createVisitorCountries(opts: {
  /** COUNTRY_HEADER: when set, it alone says the country. */
  header: string | undefined;
  /** The country database; undefined when none is configured or it could not be read. */
  db: CountryDb | undefined;
  /** The client address of a request, as `request.ip` gives it (kernel/http/client-address). */
  address: (req: IncomingMessage) => string;
  /** UNKNOWN_COUNTRY_GATE: `none` lets a visitor of unknown country through without a gate. */
  unknown: 'general' | 'none';
}): VisitorCountries {
  const { header, db } = opts;
  const read = (req: IncomingMessage): GateCountry => {
    if (header) return readCountryHeader(req.headers[header]);
    if (!db) return UNKNOWN_COUNTRY;
    const code = db.lookup(opts.address(req));
    return code ? { codes: [code], unknown: false } : UNKNOWN_COUNTRY;
  };
  // The response cache's fast path, the gate's hooks and the page ask about the same request.
  const seen = new WeakMap<IncomingMessage, GateCountry>();
  const of = (req: IncomingMessage): GateCountry => {
    let country = seen.get(req);
    if (!country) {
      country = read(req);
      // Kept are the countries a list named: a list naming the UK still gets the UK gate.
      if (country.unknown && opts.unknown === 'none') country = { ...country, unknown: false };
      seen.set(req, country);
    }
    return country;
  };
  return {
    header,
    byAddress: !header && db !== undefined,
    of,
    fromUk: (req) => of(req).codes.includes(UK_GATE_COUNTRY),
  };
}
