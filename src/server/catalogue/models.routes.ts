import type { FastifyInstance } from 'fastify';
import { MAX_LIST_COUNT } from '../../contracts/constants.ts';
import { AppError } from '../../contracts/errors.ts';
import { parseDirFile, parseModels } from '../../contracts/models.paths.ts';
import { modelResponseSchema, modelsResponseSchema } from '../../contracts/models.schema.ts';
import { parseLifetime } from '../../contracts/paths.ts';
import type { Config } from '../config.ts';
import { describe } from '../kernel/http/openapi.ts';
import { cacheFor } from '../kernel/http/response-cache.ts';
import type { ModelService } from './model.service.ts';

// Model calls of SPEC.md §7: the filtered model index and one model.

export function modelsRoutes(deps: {
  models: ModelService;
  config: Pick<Config, 'maxCacheLifetime'>;
}) {
  const service = deps.models;
  const maxLifetime = deps.config.maxCacheLifetime;

  return async (app: FastifyInstance) => {
    app.get<{
      Params: {
        lifetime: string;
        gender: string;
        filt: string;
        sort: string;
        count: string;
        file: string;
      };
    }>(
      '/api/json/models/:lifetime/:gender/:filt/:sort/:count/:file',
      {
        config: { cache: true },
        schema: describe({
          summary: 'Models of a section, filtered',
          tags: ['models'],
          description:
            'Path: `/api/json/models/{lifetime}/{gender}/filt{10 slots}/{sort}/{count}/{page}.json`. Slots, each `.value` (empty = any): alphabet (a-z or 0-9), race (asian, caucasian, ebony, latin), age (1-4), country (two letters), tits_size (small, medium, big, huge), hair_color (1-5), height (1-4), weight (1-4), tattoo (1 yes, 2 no), piercing (1, 2). Sorts: most-popular, most-videos, most-subscribed, alphabetical, latest.',
          params: {
            lifetime: 'Cache lifetime in seconds',
            gender: 'str, she or gay',
            filt: '`filt` and ten `.value` slots',
            sort: 'most-popular, most-videos, most-subscribed, alphabetical, latest',
            count: 'Models per page',
            file: '{page}.json',
          },
          response: modelsResponseSchema,
        }),
      },
      async (request, reply) => {
        const parsed = parseModels(request.params, MAX_LIST_COUNT);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const result = await service.models(parsed.value);
        cacheFor(reply, parsed.value.lifetime, maxLifetime);
        return result;
      },
    );

    app.get<{ Params: { lifetime: string; letters: string; file: string } }>(
      '/api/json/model/:lifetime/:letters/:file',
      {
        config: { cache: true },
        schema: describe({
          summary: 'One model',
          tags: ['models'],
          description: 'Path: `/api/json/model/{lifetime}/{first two letters of dir}/{dir}.json`.',
          params: {
            lifetime: 'Cache lifetime in seconds',
            letters: 'The first two characters of dir',
            file: '{dir}.json',
          },
          response: modelResponseSchema,
        }),
      },
      async (request, reply) => {
        const lifetime = parseLifetime(request.params.lifetime);
        if (lifetime === undefined) throw new AppError('invalid_params', { field: 'lifetime' });
        const dir = parseDirFile(request.params.letters, request.params.file, 2);
        if (!dir) throw new AppError('invalid_params', { field: 'dir' });
        const result = await service.model(dir);
        cacheFor(reply, lifetime, maxLifetime);
        return result;
      },
    );
  };
}
