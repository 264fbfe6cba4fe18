import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Security headers. Pages allow only our own scripts plus the inline state script that
// carries this request's nonce. Development turns CSP off for Vite's injected scripts.
// Every answer carries the Permissions-Policy (docs/decisions/0022).

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

/** `/embed/{id}/`, with or without a query. */
export function isEmbedPath(url: string): boolean {
  return /^\/embed\/\d+\/(\?|$)/.test(url);
}

export default fp(
  async (app: FastifyInstance, opts: { csp: boolean; https: boolean }) => {
    app.decorateReply('scriptNonce', '');
    app.addHook('onRequest', async (_request, reply) => {
      const nonce = randomBytes(16).toString('base64');
      reply.scriptNonce = nonce;
      reply.raw.scriptNonce = nonce;
      // Set before any handler, so cached API answers store it and replay it (response-cache).
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    });
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: opts.csp
        ? {
            useDefaults: false,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'", (_req, res) => `'nonce-${res.scriptNonce ?? ''}'`],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'blob:'],
              mediaSrc: ["'self'", 'blob:'],
              connectSrc: ["'self'"],
              fontSrc: ["'self'"],
              frameSrc: ["'self'"],
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
