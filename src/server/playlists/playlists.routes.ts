import type { FastifyInstance } from 'fastify';
import { AppError } from '../../contracts/errors.ts';
import { parseObjectPath } from '../../contracts/members.paths.ts';
import { parsePlaylists } from '../../contracts/playlists.paths.ts';
import {
  playlistResponseSchema,
  playlistsResponseSchema,
} from '../../contracts/playlists.schema.ts';
import type { Config } from '../config.ts';
import { describe } from '../kernel/http/openapi.ts';
import { cacheAnswer } from '../kernel/http/response-cache.ts';
import type { PlaylistService } from './playlist.service.ts';

// Playlist calls of SPEC.md §7. A playlist's videos are the videos2 section `playlists`.

const PLAYLISTS_MAX = 100;

export function playlistsRoutes(deps: {
  playlists: PlaylistService;
  config: Pick<Config, 'maxCacheLifetime'>;
}) {
  const service = deps.playlists;
  const maxLifetime = deps.config.maxCacheLifetime;

  return async (app: FastifyInstance) => {
    app.get<{ Params: { lifetime: string; sort: string; count: string; file: string } }>(
      '/api/json/playlists/:lifetime/:sort/:count/:file',
      {
        config: { cache: true },
        schema: describe({
          summary: 'Playlists',
          tags: ['playlists'],
          description:
            'Path: `/api/json/playlists/{lifetime}/{sort}/{count}/{section}.{page}.{gender}.{object_id}.json`. Sections: `` public playlists with videos; `members` a member’s (object_id; private ones to the owner only); `add-to` the signed-in member’s own (401 need_auth for visitors). Gender: str, she, gay or empty for all. Sorts: latest, most-popular, most-videos, alphabetical.',
          params: {
            lifetime: 'Cache lifetime in seconds (SPEC: 86400)',
            sort: 'latest, most-popular, most-videos, alphabetical',
            count: 'Playlists per page (SPEC: 20 in add-to)',
            file: '{section}.{page}.{gender}.{object_id}.json',
          },
          response: playlistsResponseSchema,
          failures: [401],
        }),
      },
      async (request, reply) => {
        const parsed = parsePlaylists(request.params, PLAYLISTS_MAX);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const result = await service.playlists(parsed.value, request.viewer);
        cacheAnswer(reply, parsed.value.lifetime, maxLifetime, result);
        return result.body;
      },
    );

    app.get<{ Params: { lifetime: string; e6: string; e3: string; file: string } }>(
      '/api/json/playlist/:lifetime/:e6/:e3/:file',
      {
        config: { cache: true },
        schema: describe({
          summary: 'One playlist',
          tags: ['playlists'],
          description:
            'Path: `/api/json/playlist/{lifetime}/{e6}/{e3}/{id}.json`. A private playlist answers 403 playlist_is_private to anyone but its owner.',
          params: {
            lifetime: 'Cache lifetime in seconds',
            e6: 'floor(id / 1e6) * 1e6',
            e3: 'floor(id / 1e3) * 1e3',
            file: '{id}.json',
          },
          response: playlistResponseSchema,
          failures: [403],
        }),
      },
      async (request, reply) => {
        const { lifetime: lifetimeRaw, e6, e3, file } = request.params;
        const parsed = parseObjectPath(lifetimeRaw, e6, e3, file);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const result = await service.playlist(parsed.value.id, request.viewer);
        cacheAnswer(reply, parsed.value.lifetime, maxLifetime, result);
        return result.body;
      },
    );
  };
}
