import { open, type Reader, type Response } from 'maxmind';
import type { Logger } from 'pino';
import { readCountryHeader } from '../../web/lib/age-gate.ts';

// The visitor's country from their address (decision 0053): a MaxMind DB file with a country
// per address range, read into memory once at start-up. The GeoLite2 country database that
// the npm package ships is the default; MaxMind's own GeoLite2/GeoIP2 Country files work too
// (`country.iso_code` instead of `country_code`).

/** What the two shapes of country database hold for an address range. */
interface CountryRecord {
  country_code?: unknown;
  country?: { iso_code?: unknown };
}

export interface CountryDb {
  /** The address's country (two lower-case letters), '' when the database does not know it. */
  lookup(address: string): string;
  /** When the database was built (its metadata). */
  readonly builtAt: Date;
}

/** Readers by file, so the apps of one process (tests, restarts) share one copy in memory. */
const readers = new Map<string, Promise<Reader<Response>>>();

// A socket on `::` reports IPv4 clients as IPv4-mapped IPv6 addresses; the database keys
// IPv4 ranges by the IPv4 address itself.
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

function countryOf(record: CountryRecord | null): string {
  const raw = record?.country_code ?? record?.country?.iso_code;
  if (typeof raw !== 'string') return '';
  const read = readCountryHeader(raw);
  return read.unknown ? '' : (read.codes[0] ?? '');
}

/**
 * Opens the country database at `file`. A missing or unreadable file is not fatal: the server
 * starts, warns, and every visitor's country is unknown (the gates then fail closed). Warns too
 * when the database is older than `maxAgeDays`: it is kept current by updating the package.
 */
export async function openCountryDb(
  file: string,
  opts: { logger: Pick<Logger, 'info' | 'warn'>; maxAgeDays: number; now?: Date },
): Promise<CountryDb | undefined> {
  let reading = readers.get(file);
  if (!reading) {
    reading = open<Response>(file, { cache: { max: 10_000 } });
    readers.set(file, reading);
  }
  let reader: Reader<Response>;
  try {
    reader = await reading;
  } catch (error) {
    readers.delete(file);
    opts.logger.warn(
      { err: error, file },
      'country database unreadable: every visitor whose country no header names is unknown',
    );
    return undefined;
  }
  const builtAt = reader.metadata.buildEpoch;
  const ageDays = Math.floor(((opts.now ?? new Date()).getTime() - builtAt.getTime()) / 86_400_000);
  if (ageDays > opts.maxAgeDays) {
    opts.logger.warn(
      { file, builtAt: builtAt.toISOString(), ageDays },
      'country database is out of date: update its package (docs/decisions/0053)',
    );
  } else {
    opts.logger.info({ file, builtAt: builtAt.toISOString() }, 'country database loaded');
  }
  return {
    builtAt,
    lookup(address) {
      const plain = MAPPED_IPV4.exec(address)?.[1] ?? address;
      try {
        // The reader's types know MaxMind's own shapes only; the package's is `country_code`.
        return countryOf(reader.get(plain) as CountryRecord | null);
      } catch {
        // Not an address the reader can parse.
        return '';
      }
    },
  };
}
