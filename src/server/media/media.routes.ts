import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../contracts/errors.ts';
import { isPlaybackFile, type MediaAccess, type MediaDecision } from './media-access.ts';

// Media files (docs/decisions/0011, 0022): `/media/{key}` for what is public, and
// `/media/s/{expires}/{sig}/{key}` for the playback files of private videos and the photos
// of private albums. Both answer Range requests, ETags and the right types through
// @fastify/static's sendFile. A video's playback files (not its pictures) are age-restricted:
// the UK gate holds them back as it does the video's JSON, since their addresses can be
// guessed (decision 0025).

/** Types the static server does not know or gets wrong for streaming. */
const TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** Files under a generation folder (`/g{n}/`) never change; the master playlist grows. */
function cacheControl(key: string, decision: Extract<MediaDecision, { allow: true }>): string {
  if (decision.cache === 'private') return 'private, max-age=3600';
  if (/\/g\d+\//.test(key)) {
    return key.endsWith('/master.m3u8')
      ? 'public, max-age=60'
      : 'public, max-age=2592000, immutable';
  }
  // Other files carry their version in the URL (`?v=`).
  return 'public, max-age=2592000';
}

export function mediaRoutes(deps: { access: MediaAccess; mediaDir: string }) {
  const { access } = deps;

  return async (app: FastifyInstance) => {
    function send(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      decision: MediaDecision,
    ) {
      if (!decision.allow) {
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('Not found');
      }
      const restricted = isPlaybackFile(key);
      if (restricted && app.ageGates.holds(request)) {
        throw new AppError('age_verification_required');
      }
      reply.header('cache-control', cacheControl(key, decision));
      if (restricted) app.ageGates.restrict(request, reply);
      reply.type(TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream');
      // Streaming files may be fetched by players on other sites (the embed page).
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
      return reply.sendFile(key, deps.mediaDir, { contentType: false, cacheControl: false });
    }

    const hide = { schema: { hide: true } };
    app.get<{ Params: { '*': string } }>('/media/*', hide, async (request, reply) => {
      const key = request.params['*'];
      return send(request, reply, key, await access.publicAccess(key));
    });
    app.get<{ Params: { expires: string; sig: string; '*': string } }>(
      '/media/s/:expires/:sig/*',
      hide,
      async (request, reply) => {
        const { expires, sig } = request.params;
        const key = request.params['*'];
        return send(request, reply, key, await access.signedAccess(expires, sig, key));
      },
    );
  };
}
