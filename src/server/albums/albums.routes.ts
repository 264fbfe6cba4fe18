import type { FastifyInstance } from 'fastify';
import { AppError } from '../../contracts/errors.ts';
import { parseObjectPath } from '../../contracts/members.paths.ts';
import { parseAlbums } from '../../contracts/playlists.paths.ts';
import { albumResponseSchema, albumsResponseSchema } from '../../contracts/playlists.schema.ts';
import type { Config } from '../config.ts';
import { describe } from '../kernel/http/openapi.ts';
import { cacheAnswer } from '../kernel/http/response-cache.ts';
import type { PlaylistService } from '../playlists/playlist.service.ts';

// Album calls of SPEC.md §7 (the list path is not shown there; ours is documented here).

const ALBUMS_MAX = 200;

export function albumsRoutes(deps: {
  playlists: PlaylistService;
  config: Pick<Config, 'maxCacheLifetime'>;
}) {
  const service = deps.playlists;
  const maxLifetime = deps.config.maxCacheLifetime;

  return async (app: FastifyInstance) => {
    app.get<{
      Params: { lifetime: string; gender: string; sort: string; count: string; file: string };
    }>(
      '/api/json/albums/:lifetime/:gender/:sort/:count/:file',
      {
        config: { cache: true },
        schema: describe({
          summary: 'Photo albums',
          tags: ['albums'],
          description:
            'Path: `/api/json/albums/{lifetime}/{gender}/{sort}/{count}/{section}.{object_id}.{page}.json`. Sections: `` every listed album of the orientation; `members` a member’s (object_id), of every orientation. Sorts: latest, most-popular, top-rated, most-commented, most-photos. Private albums are listed to their owner only (with private 1), whose answer is personal (`private`, at most an hour: covers of private albums are signed URLs).',
          params: {
            lifetime: 'Cache lifetime in seconds (SPEC: 86400)',
            gender: 'str, she or gay',
            sort: 'latest, most-popular, top-rated, most-commented, most-photos',
            count: 'Albums per page',
            file: '{section}.{object_id}.{page}.json',
          },
          response: albumsResponseSchema,
        }),
      },
      async (request, reply) => {
        const parsed = parseAlbums(request.params, ALBUMS_MAX);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const result = await service.albums(parsed.value, request.viewer);
        const lifetime = Math.min(parsed.value.lifetime, result.lifetimeCapS ?? Infinity);
        cacheAnswer(reply, lifetime, maxLifetime, result);
        return result.body;
      },
    );

    app.get<{ Params: { lifetime: string; e6: string; e3: string; file: string } }>(
      '/api/json/album/:lifetime/:e6/:e3/:file',
      {
        config: { cache: true },
        schema: describe({
          summary: 'One album with its photos',
          tags: ['albums'],
          description:
            'Path: `/api/json/album/{lifetime}/{e6}/{e3}/{album_id}.json`. A deleted album answers its status without photos; a private one shows its photos (and cover) to signed-in members only, as signed URLs valid for at least an hour (the member’s answer is kept no longer); visitors get it without photos and with the placeholder cover.',
          params: {
            lifetime: 'Cache lifetime in seconds',
            e6: 'floor(id / 1e6) * 1e6',
            e3: 'floor(id / 1e3) * 1e3',
            file: '{album_id}.json',
          },
          response: albumResponseSchema,
        }),
      },
      async (request, reply) => {
        const { lifetime: lifetimeRaw, e6, e3, file } = request.params;
        const parsed = parseObjectPath(lifetimeRaw, e6, e3, file);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const result = await service.album(parsed.value.id, request.viewer);
        const lifetime = Math.min(parsed.value.lifetime, result.lifetimeCapS ?? Infinity);
        cacheAnswer(reply, lifetime, maxLifetime, result);
        return result.body;
      },
    );
  };
}
