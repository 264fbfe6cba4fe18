import type { FastifyInstance } from 'fastify';
import { GENDERS, MAX_LIST_COUNT } from '../../contracts/constants.ts';
import { AppError } from '../../contracts/errors.ts';
import { parseVideos2 } from '../../contracts/paths.ts';
import { videoListResponseSchema } from '../../contracts/video.schema.ts';
import { cacheFor } from '../plugins/response-cache.ts';
import { createVideoRepository } from '../repositories/video.repository.ts';
import { createVideoService } from '../services/video.service.ts';
import type { ApiDeps } from './deps.ts';
import { describe } from './openapi.ts';

// Video list calls of SPEC.md §7.

export function videosRoutes(deps: ApiDeps) {
  const videos = createVideoService({
    videos: createVideoRepository(deps.database),
    urls: deps.urls,
  });
  const maxLifetime = deps.config.maxCacheLifetime;
  return async (app: FastifyInstance) => {
    app.get<{
      Params: { lifetime: string; gender: string; sort: string; count: string; tail: string };
    }>(
      '/api/json/videos2/:lifetime/:gender/:sort/:count/:tail',
      {
        config: { cache: true },
        schema: describe({
          summary: 'Video list',
          tags: ['videos'],
          description:
            'Tail: `{section}.{object_id}.{page}.{type}.{duration}.{date}.json`. Sections: `` (all). Types: all, ch, hd. Duration 1 (<10 min), 2 (10-40), 3 (>40). Date: day, week, month, all (on most-popular it picks the ranking window).',
          params: {
            lifetime: 'Cache lifetime in seconds (0 = uncached)',
            gender: 'str, she or gay',
            sort: 'latest-updates, top-rated, most-popular, most-commented, most-favourited, longest',
            count: 'Videos per page (clamped to 1000)',
            tail: 'section.object_id.page.type.duration.date.json',
          },
          response: videoListResponseSchema,
        }),
      },
      async (request, reply) => {
        const parsed = parseVideos2(request.params, GENDERS, MAX_LIST_COUNT);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const result = await videos.list(parsed.value);
        cacheFor(reply, parsed.value.lifetime, maxLifetime);
        return result;
      },
    );
  };
}
