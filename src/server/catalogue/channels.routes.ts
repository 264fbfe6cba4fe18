import type { FastifyInstance } from 'fastify';
import { parseChannels } from '../../contracts/channels.paths.ts';
import { MAX_LIST_COUNT } from '../../contracts/constants.ts';
import { AppError } from '../../contracts/errors.ts';
import { parseDirFile } from '../../contracts/models.paths.ts';
import { channelResponseSchema, channelsResponseSchema } from '../../contracts/models.schema.ts';
import { parseLifetime } from '../../contracts/paths.ts';
import type { Config } from '../config.ts';
import { describe } from '../kernel/http/openapi.ts';
import { cacheFor } from '../kernel/http/response-cache.ts';
import type { ModelService } from './model.service.ts';

// Channel calls of SPEC.md §7: the channel index (with top thumbs) and one channel.

export function channelsRoutes(deps: {
  models: ModelService;
  config: Pick<Config, 'maxCacheLifetime'>;
}) {
  const service = deps.models;
  const maxLifetime = deps.config.maxCacheLifetime;

  return async (app: FastifyInstance) => {
    app.get<{
      Params: { lifetime: string; gender: string; sort: string; count: string; file: string };
    }>(
      '/api/json/channels/:lifetime/:gender/:sort/:count/:file',
      {
        config: { cache: true },
        schema: describe({
          summary: 'Channels with their top thumbs',
          tags: ['channels'],
          description:
            'Path: `/api/json/channels/{lifetime}/{gender}/{sort}-toptn/{count}/{section}.{object_id}.{page}.json`. Sections: `` every channel with videos; `ch` the home strip; `subscribed` (object_id = member id) the channels a member subscribes to. The gender picks the section of the top thumbs.',
          params: {
            lifetime: 'Cache lifetime in seconds',
            gender: 'str, she or gay',
            sort: '{sort}-toptn: most-popular, most-videos, most-subscribed, alphabetical, latest',
            count: 'Channels per page',
            file: '{section}.{object_id}.{page}.json',
          },
          response: channelsResponseSchema,
        }),
      },
      async (request, reply) => {
        const parsed = parseChannels(request.params, MAX_LIST_COUNT);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const result = await service.channels(parsed.value);
        cacheFor(reply, parsed.value.lifetime, maxLifetime);
        return result;
      },
    );

    app.get<{ Params: { lifetime: string; letter: string; file: string } }>(
      '/api/json/channel/:lifetime/:letter/:file',
      {
        config: { cache: true },
        schema: describe({
          summary: 'One channel, with its sponsor banners',
          tags: ['channels'],
          description: 'Path: `/api/json/channel/{lifetime}/{first letter of dir}/{dir}.json`.',
          params: {
            lifetime: 'Cache lifetime in seconds',
            letter: 'The first character of dir',
            file: '{dir}.json',
          },
          response: channelResponseSchema,
        }),
      },
      async (request, reply) => {
        const lifetime = parseLifetime(request.params.lifetime);
        if (lifetime === undefined) throw new AppError('invalid_params', { field: 'lifetime' });
        const dir = parseDirFile(request.params.letter, request.params.file, 1);
        if (!dir) throw new AppError('invalid_params', { field: 'dir' });
        const result = await service.channel(dir);
        cacheFor(reply, lifetime, maxLifetime);
        return result;
      },
    );
  };
}
