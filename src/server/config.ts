import path from 'node:path';
import { z } from '../contracts/zod.ts';

// The one place that reads the environment. Every variable is documented in .env.example.

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const sisterSiteSchema = z.object({ name: z.string().min(1), url: z.url() });

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
  UPLOAD_STALE_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 30)
    .default(48),
  SEED_DEMO: bool.default(true),
  DEMO_VIDEOS: z.coerce.number().int().min(0).max(100_000).default(900),
  // How many shared clips the demo videos play (db/seed/demo-pool.ts has 8; decision 0033).
  DEMO_PLAYABLE: z.coerce.number().int().min(0).max(8).default(6),
  JOBS: bool.default(true),
  RESPONSE_CACHE_MB: z.coerce.number().min(0).max(16_384).default(64),
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
  AGE_VERIFIER: z.enum(['local']).default('local'),
  OFFER_CHANCE: z.coerce.number().min(0).max(1).default(0.5),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
});

export type SisterSite = z.infer<typeof sisterSiteSchema>;

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
  /** An upload untouched this long (unfinished or never submitted) is removed. */
  uploadStaleHours: number;
  seedDemo: boolean;
  demoVideos: number;
  demoPlayable: number;
  jobs: boolean;
  responseCacheBytes: number;
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
   * (e.g. `cf-ipcountry`); unset: the country is unknown and no age gate shows (decision 0018).
   * Set, a request without one country in it fails closed (decision 0025).
   */
  countryHeader: string | undefined;
  /** Who checks a UK member's photo (decision 0018); `local` is the development stand-in. */
  ageVerifier: 'local';
  /** How likely a visitor's under-player slot shows the affiliate offer (SPEC.md §4), 0-1. */
  offerChance: number;
  ffmpegPath: string;
  ffprobePath: string;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const port = e.PORT;
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
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media')),
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    uploadMaxPending: e.UPLOAD_MAX_PENDING,
    uploadStaleHours: e.UPLOAD_STALE_HOURS,
    seedDemo: e.SEED_DEMO,
    demoVideos: e.DEMO_VIDEOS,
    demoPlayable: e.DEMO_PLAYABLE,
    jobs: e.JOBS,
    responseCacheBytes: Math.round(e.RESPONSE_CACHE_MB * 1024 * 1024),
    maxCacheLifetime: e.MAX_CACHE_LIFETIME,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'development' ? 0 : 1000),
    siteName: e.SITE_NAME,
    contactEmail:
      e.CONTACT_EMAIL ??
      `support@${new URL(e.PUBLIC_URL ?? 'http://afterglow.example').hostname.replace(/^localhost$/, 'afterglow.example')}`,
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
    ageVerifier: e.AGE_VERIFIER,
    offerChance: e.OFFER_CHANCE,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
  };
}
