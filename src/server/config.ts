import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isSafeAdLink } from '../contracts/ads.paths.ts';
import { LANGUAGES } from '../contracts/constants.ts';
import { z } from '../contracts/zod.ts';
import { parseRecordsKey, type RecordsKey } from './compliance/records-crypto.ts';

// The one place that reads the environment. Every variable is documented in .env.example.

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const sisterSiteSchema = z.object({ name: z.string().min(1), url: z.url() });

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/;

/** What a page loads from a third party: https, plain http only on this machine (tests). */
const loadableUrl = z.url({ protocol: /^https?$/ }).refine((raw) => {
  const url = new URL(raw);
  return url.protocol === 'https:' || LOOPBACK.test(url.hostname);
}, 'must be an https:// URL (http:// only on localhost)');

const sitePath = z.string().regex(/^\/(?![/\\])\S*$/, 'must be a path on this site');
const adId = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'lower-case letters, digits and -');
/** Words shown to visitors: one text, or one per language (English, else the first, fills in). */
const localText = z.union([
  z.string().min(1).max(60),
  z.partialRecord(z.enum(LANGUAGES), z.string().min(1).max(60)),
]);

const creativeSchema = z
  .object({
    id: adId.optional(),
    device: z.enum(['any', 'mobile', 'desktop']).default('any'),
    type: z.enum(['image', 'iframe']),
    src: z.union([sitePath, loadableUrl]),
    /** Where a click on an image goes; a frame links by itself. */
    url: z.string().refine(isSafeAdLink, 'must be an http(s) URL or a path').optional(),
    width: z.int().min(50).max(1200),
    height: z.int().min(20).max(600),
    alt: z.string().max(200).default(''),
  })
  .refine((c) => c.type === 'iframe' || c.url !== undefined, {
    message: 'an image needs the url a click goes to',
    path: ['url'],
  });

/** ADS_FILE: the operator's layout ads (decision 0035; docs/ads.example.json). */
const adsFileSchema = z.strictObject({
  button: z
    .strictObject({ url: z.string().refine(isSafeAdLink, 'must be an http(s) URL or a path') })
    .optional(),
  promo: z.array(creativeSchema).max(50).default([]),
  header: z.array(creativeSchema).max(50).default([]),
  links: z
    .array(
      z.strictObject({
        id: adId.optional(),
        label: localText,
        url: z.string().refine(isSafeAdLink, 'must be an http(s) URL or a path'),
      }),
    )
    .max(20)
    .default([]),
});

/** Parsed here, once: the configuration hands the key itself on. */
const recordsKey = z.string().transform((raw, ctx): RecordsKey => {
  try {
    return parseRecordsKey(raw);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message, continue: true });
    return z.NEVER;
  }
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MEDIA_DIR: z.string().optional(),
  UPLOAD_DIR: z.string().optional(),
  UPLOAD_MAX_PENDING: z.coerce.number().int().min(1).max(100).default(3),
  // §512(g)(2)(C): a countered takedown is restored 10 to 14 business days later; 0 in tests.
  DMCA_RESTORE_BUSINESS_DAYS: z.coerce.number().int().min(0).max(14).default(10),
  UPLOAD_STALE_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(48),
  SEED_DEMO: bool.default(true),
  DEMO_VIDEOS: z.coerce.number().int().min(0).max(100_000).default(900),
  // How many of the shared clips the demo videos play, first ones first (db/seed/demo-pool.ts:
  // six short, then 12 and 42 minutes; decision 0033). 6 leaves out the long ones.
  DEMO_PLAYABLE: z.coerce.number().int().min(0).max(8).default(8),
  DEMO_REVIEW: z.coerce.number().int().min(0).max(1000).default(0),
  STRIKES_TO_BAN: z.coerce.number().int().min(1).max(100).default(3),
  STRIKE_BAN_HIDES_CONTENT: bool.default(true),
  JOBS: bool.default(true),
  RESPONSE_CACHE_MB: z.coerce.number().min(0).max(16_384).default(64),
  // Visitors' rendered pages (decision 0058); 0 renders every page.
  PAGE_CACHE_MB: z.coerce.number().min(0).max(16_384).default(32),
  // The embedded database's shared buffers (issue 18): `auto` sizes them to the database.
  PGLITE_SHARED_BUFFERS_MB: z
    .union([z.literal('auto'), z.coerce.number().int().min(16).max(16_384)])
    .default('auto'),
  CACHE_BUS: z.enum(['auto', 'on', 'off']).default('auto'),
  MAX_CACHE_LIFETIME: z.coerce.number().int().min(0).default(8_640_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(15_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  SITE_NAME: z.string().min(1).default('Afterglow'),
  CONTACT_EMAIL: z.email().optional(),
  SISTER_SITES: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (!raw) return undefined;
      try {
        return z.array(sisterSiteSchema).parse(JSON.parse(raw));
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'SISTER_SITES must be a JSON array of {name,url}',
        });
        return z.NEVER;
      }
    }),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).optional(),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: 'OIDC_ISSUER must be an https:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'COUNTRY_HEADER must be a header name')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  AGE_VERIFIER: z.enum(['staff', 'http']).default('staff'),
  AGE_VERIFIER_URL: loadableUrl.optional().or(z.literal('').transform(() => undefined)),
  AGE_VERIFIER_KEY: z.string().max(200).optional(),
  AGE_VERIFIER_SECRET: z.string().min(16, 'AGE_VERIFIER_SECRET: at least 16 characters').optional(),
  AGE_VERIFIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  AGE_REVIEW_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  // The visitor's country from the client address (decision 0053): a GeoLite2-style country
  // database; `off` reads no address. Unset: the one the npm package ships.
  COUNTRY_DB: z.string().optional(),
  COUNTRY_DB_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  UNKNOWN_COUNTRY_GATE: z.enum(['general', 'none']).default('general'),
  OFFER_CHANCE: z.coerce.number().min(0).max(1).default(0.5),
  ADS_FILE: z.string().optional(),
  ANALYTICS_COUNTER_URL: loadableUrl.optional().or(z.literal('').transform(() => undefined)),
  ANALYTICS_COUNTER_ID: z.string().max(100).optional(),
  ANALYTICS_TAG_URL: loadableUrl.optional().or(z.literal('').transform(() => undefined)),
  ANALYTICS_TAG_ID: z.string().max(100).optional(),
  AD_EVENTS: bool.default(false),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  // 2257 records (decision 0055): `id:base64` of 32 bytes; earlier keys comma-separated.
  RECORDS_KEY: recordsKey.optional().or(z.literal('').transform(() => undefined)),
  RECORDS_OLD_KEYS: z
    .string()
    .default('')
    .transform((raw) =>
      raw
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k !== ''),
    )
    .pipe(z.array(recordsKey)),
  RECORDS_DIR: z.string().optional(),
  RECORDS_CUSTODIAN_NAME: z.string().max(200).optional(),
  RECORDS_CUSTODIAN_ADDRESS: z.string().max(1000).optional(),
  RECORDS_CUSTODIAN_EMAIL: z.email().optional(),
});

export type SisterSite = z.infer<typeof sisterSiteSchema>;

export type LocalText = z.infer<typeof localText>;

/** One of the operator's banners (ADS_FILE), its id filled in. */
export type AdCreative = z.infer<typeof creativeSchema> & { id: string };

export interface AdsConfig {
  /** The promo button's target (SPEC.md §1), '' for no button. */
  button: string;
  /** The optional promo banner above the content, by device (SPEC.md §2 "Layout"). */
  promo: AdCreative[];
  /** The header banner on phones. */
  header: AdCreative[];
  /** Outbound promo links in the tag strip. */
  links: { id: string; label: LocalText; url: string }[];
}

export interface AnalyticsConfig {
  /** The metrics counter's script URL, its id added as `id` (ANALYTICS_COUNTER_*). */
  counter: string | undefined;
  /** The page-view tag's URL, its id added as `id` (ANALYTICS_TAG_*). */
  tag: string | undefined;
  /** Ad-spot events are counted (AD_EVENTS). */
  adEvents: boolean;
}

/** The custodian of records named on /information/2257/ (decision 0055). */
export interface RecordsCustodian {
  name: string;
  /** The address, one line each. */
  address: string[];
  email: string;
  /** Nothing was configured: the page shows demo values and says so. */
  demo: boolean;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  /** Behind a reverse proxy: take the client address and protocol from X-Forwarded-*. */
  trustProxy: boolean;
  logLevel: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PGlite data directory when no DATABASE_URL is given (tests use `memory://`). */
  pgliteDir: string;
  mediaDir: string;
  /** Uploads in progress and waiting for their form (tus files; decision 0015). */
  uploadDir: string;
  /** Uploads a member may have at once, unfinished or not yet submitted. */
  uploadMaxPending: number;
  /** Business days from a DMCA counter-notice to the video's restore (decision 0049). */
  dmcaRestoreBusinessDays: number;
  /** An upload untouched this long (unfinished or never submitted) is removed. */
  uploadStaleHours: number;
  seedDemo: boolean;
  demoVideos: number;
  demoPlayable: number;
  /** Demo videos put in the review queue (decision 0043); 0 by default. */
  demoReview: number;
  /** Strikes in force at which a member is banned (repeat infringers, issue 16). */
  strikesToBan: number;
  /** Whether the strikes' ban takes the member's content down with it. */
  strikeBanHidesContent: boolean;
  jobs: boolean;
  responseCacheBytes: number;
  /** Budget of visitors' kept pages (decision 0058); 0: none kept. */
  pageCacheBytes: number;
  /** PGlite's shared_buffers in MB, or `auto` (db/client.ts pgliteSharedBuffers). */
  pgliteSharedBuffersMb: number | 'auto';
  /**
   * Processes tell each other what their caches forgot (decision 0050): `auto` does on a
   * PostgreSQL server, which several processes may share; PGlite has one process.
   */
  cacheBus: 'auto' | 'on' | 'off';
  maxCacheLifetime: number;
  shutdownTimeoutMs: number;
  /** After SIGTERM, keep serving this long (health answers 503) before closing the port. */
  shutdownDrainMs: number;
  siteName: string;
  /** Contact address on the information pages (support, DMCA, DSA). */
  contactEmail: string;
  sisterSites: SisterSite[];
  /** Signs download links; read from DATA_DIR/secret (made on first start) when not set. */
  appSecret: string | undefined;
  /** Where mail goes; without it mail is written to DATA_DIR/outbox and its links logged. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** A session lasts this long after the member was last seen. */
  sessionDays: number;
  /**
   * Sign in with Google over OpenID Connect (decision 0016): on when the client id and
   * secret are set. `issuer` is Google's unless OIDC_ISSUER names another provider.
   */
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /**
   * The request header a trusted CDN or proxy sets to the visitor's two-letter country
   * (e.g. `cf-ipcountry`); it wins over the address lookup (decision 0053). Set, a request
   * without one country in it is unknown (decision 0025).
   */
  countryHeader: string | undefined;
  /**
   * Who decides a UK member's age check (decision 0054): `staff`, a moderator looking at the
   * photo in the console (the photo waits in `evidenceDir` at most `reviewDays`), or `http`,
   * a third-party verifier (AGE_VERIFIER_URL, _KEY, _SECRET; the photo is sent, not kept).
   */
  ageVerifier: {
    http: { url: string; key: string; secret: string; timeoutMs: number } | undefined;
    reviewDays: number;
    evidenceDir: string;
  };
  /**
   * The country database the client address is looked up in when no country header is
   * configured (decision 0053): a MaxMind DB file with a country per address range; '' reads
   * no address. Default: the GeoLite2 country database of the npm package.
   */
  countryDb: string;
  /** The database is older than this many days: the start-up warns it is out of date. */
  countryDbMaxAgeDays: number;
  /**
   * What a visitor whose country is not known gets (a private or unlisted address, a failed
   * lookup, a header naming no country): `general`, the general gate (fail closed, the
   * default), or `none`, no gate (development and the browser tests on 127.0.0.1).
   */
  unknownCountryGate: 'general' | 'none';
  /** How likely a visitor's under-player slot shows the affiliate offer (SPEC.md §4), 0-1. */
  offerChance: number;
  /** The operator's layout ads (ADS_FILE); none when unset. */
  ads: AdsConfig;
  /** Third-party analytics and ad-spot events, all off unless configured (decision 0035). */
  analytics: AnalyticsConfig;
  ffmpegPath: string;
  ffprobePath: string;
  /**
   * 2257 records (decision 0055): the sealing key (`id:base64`; unset, one is made and kept in
   * DATA_DIR/records-key, with a loud warning in production), earlier keys still read, the
   * folder of the encrypted documents (never under a served path) and the custodian.
   */
  records: {
    key: RecordsKey | undefined;
    oldKeys: RecordsKey[];
    dir: string;
    custodian: RecordsCustodian;
  };
}

// A believable network of 15 sister sites (SPEC.md §1); operators replace it with SISTER_SITES.
const DEFAULT_SISTER_SITES: SisterSite[] = [
  'Emberlight',
  'Velvet Hour',
  'Dusk Reel',
  'Moonlit Tube',
  'Gloaming',
  'Neon Nights',
  'Starfall',
  'Twilight Lane',
  'Aurora Vids',
  'Candleglow',
  'Nightbloom',
  'Sundown Clips',
  'Firefly Tube',
  'Halo Reels',
  'Eventide',
].map((name) => ({
  name,
  url: `https://${name.toLowerCase().replace(/\s+/g, '')}.example`,
}));

/** The GeoLite2 country database the npm package ships (decision 0053). */
function packagedCountryDb(): string {
  return createRequire(import.meta.url).resolve(
    '@ip-location-db/geolite2-country-mmdb/geolite2-country.mmdb',
  );
}

const NO_ADS: AdsConfig = { button: '', promo: [], header: [], links: [] };

/** Reads and checks ADS_FILE; a broken file stops the start with the reason. */
export function loadAdsFile(file: string | undefined): AdsConfig {
  if (!file) return NO_ADS;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Invalid configuration:\n  ADS_FILE: ${(error as Error).message}`);
  }
  const parsed = adsFileSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ADS_FILE ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const ads = parsed.data;
  const withIds = (place: string, creatives: z.infer<typeof creativeSchema>[]) =>
    creatives.map((c, i) => ({ ...c, id: c.id ?? `${place}-${i + 1}` }));
  return {
    button: ads.button?.url ?? '',
    promo: withIds('promo', ads.promo),
    header: withIds('header', ads.header),
    links: ads.links.map((link, i) => ({ ...link, id: link.id ?? `link-${i + 1}` })),
  };
}

/** A provider's URL with its id as the `id` query parameter (none when no id is set). */
function withId(url: string | undefined, id: string | undefined): string | undefined {
  if (!url) return undefined;
  if (!id) return url;
  const withQuery = new URL(url);
  withQuery.searchParams.set('id', id);
  return withQuery.href;
}

const inside = (dir: string, parent: string) => !path.relative(parent, dir).startsWith('..');

/** AGE_VERIFIER and its settings, checked together: a half-configured verifier stops the start. */
function ageVerifierOf(
  e: z.infer<typeof envSchema>,
  dataDir: string,
  mediaDir: string,
): Config['ageVerifier'] {
  const evidenceDir = path.join(dataDir, 'private', 'age-checks');
  if (inside(evidenceDir, mediaDir)) {
    // The photos must never be reachable through the media routes.
    throw new Error('Invalid configuration:\n  MEDIA_DIR: must not hold DATA_DIR/private');
  }
  let http: Config['ageVerifier']['http'];
  if (e.AGE_VERIFIER === 'http') {
    const missing = (['AGE_VERIFIER_URL', 'AGE_VERIFIER_KEY', 'AGE_VERIFIER_SECRET'] as const)
      .filter((name) => !e[name])
      .map((name) => `  ${name}: required with AGE_VERIFIER=http`);
    if (missing.length > 0) throw new Error(`Invalid configuration:\n${missing.join('\n')}`);
    http = {
      url: e.AGE_VERIFIER_URL as string,
      key: e.AGE_VERIFIER_KEY as string,
      secret: e.AGE_VERIFIER_SECRET as string,
      timeoutMs: e.AGE_VERIFIER_TIMEOUT_MS,
    };
  }
  return { http, reviewDays: e.AGE_REVIEW_DAYS, evidenceDir };
}

/** RECORDS_DIR, never where the media routes serve from (decision 0055). */
function recordsDirOf(e: z.infer<typeof envSchema>, dataDir: string, mediaDir: string): string {
  const dir = path.resolve(e.RECORDS_DIR ?? path.join(dataDir, 'records'));
  if (inside(dir, mediaDir)) {
    // Encrypted or not, identity documents must never be reachable through the media routes.
    throw new Error('Invalid configuration:\n  RECORDS_DIR: must not be in MEDIA_DIR');
  }
  return dir;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const mediaDir = path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media'));
  const port = e.PORT;
  const contactEmail =
    e.CONTACT_EMAIL ??
    `support@${new URL(e.PUBLIC_URL ?? 'http://afterglow.example').hostname.replace(/^localhost$/, 'afterglow.example')}`;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'db'),
    mediaDir,
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    uploadMaxPending: e.UPLOAD_MAX_PENDING,
    dmcaRestoreBusinessDays: e.DMCA_RESTORE_BUSINESS_DAYS,
    uploadStaleHours: e.UPLOAD_STALE_HOURS,
    seedDemo: e.SEED_DEMO,
    demoVideos: e.DEMO_VIDEOS,
    demoPlayable: e.DEMO_PLAYABLE,
    demoReview: e.DEMO_REVIEW,
    strikesToBan: e.STRIKES_TO_BAN,
    strikeBanHidesContent: e.STRIKE_BAN_HIDES_CONTENT,
    jobs: e.JOBS,
    responseCacheBytes: Math.round(e.RESPONSE_CACHE_MB * 1024 * 1024),
    pageCacheBytes: Math.round(e.PAGE_CACHE_MB * 1024 * 1024),
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    cacheBus: e.CACHE_BUS,
    maxCacheLifetime: e.MAX_CACHE_LIFETIME,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'development' ? 0 : 1000),
    siteName: e.SITE_NAME,
    contactEmail,
    sisterSites: e.SISTER_SITES ?? DEFAULT_SISTER_SITES,
    appSecret: e.APP_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom:
      e.MAIL_FROM ??
      `${e.SITE_NAME} <no-reply@${new URL(e.PUBLIC_URL ?? 'http://afterglow.example').hostname.replace(/^localhost$/, 'afterglow.example')}>`,
    sessionDays: e.SESSION_DAYS,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            // As the provider writes it: discovery checks it character for character.
            issuer: e.OIDC_ISSUER ?? 'https://accounts.google.com',
          }
        : undefined,
    countryHeader: e.COUNTRY_HEADER?.toLowerCase(),
    ageVerifier: ageVerifierOf(e, dataDir, mediaDir),
    countryDb:
      e.COUNTRY_DB === 'off' ? '' : e.COUNTRY_DB ? path.resolve(e.COUNTRY_DB) : packagedCountryDb(),
    countryDbMaxAgeDays: e.COUNTRY_DB_MAX_AGE_DAYS,
    unknownCountryGate: e.UNKNOWN_COUNTRY_GATE,
    offerChance: e.OFFER_CHANCE,
    ads: loadAdsFile(e.ADS_FILE),
    analytics: {
      counter: withId(e.ANALYTICS_COUNTER_URL, e.ANALYTICS_COUNTER_ID),
      tag: withId(e.ANALYTICS_TAG_URL, e.ANALYTICS_TAG_ID),
      adEvents: e.AD_EVENTS,
    },
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    records: {
      key: e.RECORDS_KEY,
      oldKeys: e.RECORDS_OLD_KEYS,
      dir: recordsDirOf(e, dataDir, mediaDir),
      custodian: custodianOf(e, contactEmail),
    },
  };
}

/** The configured custodian, else demo values that say they are ones. */
function custodianOf(e: z.infer<typeof envSchema>, contactEmail: string): RecordsCustodian {
  const demo = !e.RECORDS_CUSTODIAN_NAME || !e.RECORDS_CUSTODIAN_ADDRESS;
  const lines = (raw: string) =>
    raw
      .split(/\n|;/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
  return {
    name: e.RECORDS_CUSTODIAN_NAME || 'Custodian of Records (demo value)',
    address: lines(
      e.RECORDS_CUSTODIAN_ADDRESS || '100 Example Street, Suite 0; Example City, EX 00000; USA',
    ),
    email: e.RECORDS_CUSTODIAN_EMAIL ?? contactEmail,
    demo,
  };
}
