import type { FastifyInstance } from 'fastify';
import { GENDERS, MAX_LIST_COUNT } from '../../contracts/constants.ts';
import { AppError } from '../../contracts/errors.ts';
import { parseVideos2 } from '../../contracts/paths.ts';
import { cacheFor } from '../plugins/response-cache.ts';
import type { VideoService } from '../services/video.service.ts';

// Video list calls of SPEC.md §7.

export function videosRoutes(deps: { videos: VideoService; maxLifetime: number }) {
  return async (app: FastifyInstance) => {
    app.get<{
      Params: { lifetime: string; gender: string; sort: string; count: string; tail: string };
    }>(
      '/api/json/videos2/:lifetime/:gender/:sort/:count/:tail',
      { config: { cache: true } },
      async (request, reply) => {
        const parsed = parseVideos2(request.params, GENDERS, MAX_LIST_COUNT);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const result = await deps.videos.list(parsed.value);
        cacheFor(reply, parsed.value.lifetime, deps.maxLifetime);
        return result;
      },
    );
  };
}
