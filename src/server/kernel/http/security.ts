import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AdsConfig, AnalyticsConfig } from '../../config.ts';

// Security headers. Pages allow only our own scripts plus the inline state script that
// carries this request's nonce. Development turns CSP off for Vite's injected scripts.
// Every answer carries the Permissions-Policy (docs/decisions/0022). Third parties get in
// only by configuration: the analytics providers and the origins of the operator's banners
// (decision 0035), each for exactly what it needs.

declare module 'fastify' {
  interface FastifyReply {
    scriptNonce: string;
  }
}

declare module 'node:http' {
  interface ServerResponse {
    scriptNonce?: string;
  }
}

/**
 * Browser features a tube never uses are off, for our pages and anything they frame; the
 * player keeps fullscreen, autoplay and picture-in-picture for our own origin, which is also
 * what a site embedding the player delegates to with `allowfullscreen`. Features left out
 * (clipboard-write for the share box) keep the browser's default, our origin only.
 */
/**
 * The RTA label (Restricted To Adults) as RTA asks sites to send it: in a `Rating` header on
 * every answer, beside the `RATING` meta tag of every page, so filters that read only
 * headers (media, JSON, downloads) block the site too (issue 17).
 */
export const RTA_LABEL = 'RTA-5042-1996-1400-1577-RTA';

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=(self)',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Origins the policy lets in beside our own, by what they may do. */
export interface ThirdPartySources {
  scripts: string[];
  images: string[];
  frames: string[];
  connect: string[];
}

const originOf = (url: string | undefined): string[] =>
  url && /^https?:\/\//.test(url) ? [new URL(url).origin] : [];
const unique = (origins: string[]) => [...new Set(origins)];

/**
 * The configured third parties: the analytics providers run a script that reports back
 * (script, connect and image beacons); a banner's image or frame needs its origin only for
 * that. Banners on our own paths and nothing configured add nothing.
 */
export function thirdPartySources(ads: AdsConfig, analytics: AnalyticsConfig): ThirdPartySources {
  const providers = unique([...originOf(analytics.counter), ...originOf(analytics.tag)]);
  const creatives = [...ads.promo, ...ads.header];
  const of = (type: 'image' | 'iframe') =>
    creatives.filter((c) => c.type === type).flatMap((c) => originOf(c.src));
  return {
    scripts: providers,
    images: unique([...providers, ...of('image')]),
    frames: unique(of('iframe')),
    connect: providers,
  };
}

export const NO_THIRD_PARTIES: ThirdPartySources = {
  scripts: [],
  images: [],
  frames: [],
  connect: [],
};

/** `/embed/{id}/`, with or without a query. */
export function isEmbedPath(url: string): boolean {
  return /^\/embed\/\d+\/(\?|$)/.test(url);
}

export default fp(
  async (
    app: FastifyInstance,
    opts: { csp: boolean; https: boolean; thirdParties?: ThirdPartySources },
  ) => {
    const extra = opts.thirdParties ?? NO_THIRD_PARTIES;
    app.decorateReply('scriptNonce', '');
    app.addHook('onRequest', async (_request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      reply.scriptNonce = nonce;
      reply.raw.scriptNonce = nonce;
      // Set before any handler, so cached API answers store them and replay them
      // (response-cache).
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      reply.header('rating', RTA_LABEL);
    });
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: opts.csp
        ? {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: [
                "'self'",
                (_req, res) => `'nonce-${res.scriptNonce ?? ''}'`,
                ...extra.scripts,
              ],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'blob:', ...extra.images],
              mediaSrc: ["'self'", 'blob:'],
              connectSrc: ["'self'", ...extra.connect],
              fontSrc: ["'self'"],
              frameSrc: ["'self'", ...extra.frames],
              frameAncestors: ["'self'"],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
              ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
            },
          }
        : false,
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: opts.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    // Only the embed player may be framed, by any site (issue 5); every other page only by us.
    app.addHook('onSend', async (request, reply) => {
      if (!isEmbedPath(request.url)) return;
      reply.removeHeader('x-frame-options');
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') {
        reply.header(
          'content-security-policy',
          csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'),
        );
      }
    });
  },
  { name: 'security' },
);
