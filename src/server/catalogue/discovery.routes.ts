import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  DEFAULT_GENDER,
  GENDERS,
  LIFETIME,
  MAX_LIST_COUNT,
  SEARCH,
} from '../../contracts/constants.ts';
import {
  isSearchable,
  normaliseQuery,
  parseCategories,
  parseMain,
  parseSearch,
  parseSuggester,
} from '../../contracts/discovery.paths.ts';
import {
  categoriesResponseSchema,
  mainResponseSchema,
  searchResponseSchema,
  suggesterResponseSchema,
  suggestResponseSchema,
} from '../../contracts/discovery.schema.ts';
import { AppError } from '../../contracts/errors.ts';
import { z } from '../../contracts/zod.ts';
import type { Config } from '../config.ts';
import { describe } from '../kernel/http/openapi.ts';
import { cacheFor } from '../kernel/http/response-cache.ts';
import type { DiscoveryService, KeywordRecorder } from './discovery.service.ts';

// Discovery calls of SPEC.md §7: main, categories, suggester (both forms) and search.

const SUGGESTIONS_MAX = 1000;

export function discoveryRoutes(deps: {
  discovery: DiscoveryService;
  /** The buffer of search statistics the service fills; written out when the app closes. */
  recorder: KeywordRecorder;
  config: Pick<Config, 'maxCacheLifetime'>;
}) {
  const { recorder, discovery: service } = deps;
  const maxLifetime = deps.config.maxCacheLifetime;

  // Not encapsulated, so the app (and tests) can reach the keyword recorder.
  return fp(async (app: FastifyInstance) => {
    app.addHook('onClose', async () => {
      await recorder.close();
    });
    app.decorate('keywordRecorder', recorder);

    app.get<{ Params: { lifetime: string; file: string } }>(
      '/api/json/main/:lifetime/:file',
      {
        config: { cache: true },
        schema: describe({
          summary: 'Strips of a section: top categories, keywords, models and channels',
          tags: ['discovery'],
          description: 'Path: `/api/json/main/{lifetime}/{gender}.{lang}.json`.',
          params: { lifetime: 'Cache lifetime in seconds', file: '{gender}.{lang}.json' },
          response: mainResponseSchema,
        }),
      },
      async (request, reply) => {
        const parsed = parseMain(request.params.lifetime, request.params.file);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const result = await service.main(parsed.value.gender, parsed.value.lang);
        cacheFor(reply, parsed.value.lifetime, maxLifetime);
        return result;
      },
    );

    app.get<{ Params: { lifetime: string; file: string } }>(
      '/api/json/categories/:lifetime/:file',
      {
        config: { cache: true },
        schema: describe({
          summary: 'Categories of a section with their counts and top thumbs',
          tags: ['discovery'],
          description:
            'Path: `/api/json/categories/{lifetime}/{gender}.{section}.{lang}.json`. Sections: `` (by title), `popular` (most videos first). Titles in `lang`, English when untranslated.',
          params: { lifetime: 'Cache lifetime in seconds', file: '{gender}.{section}.{lang}.json' },
          response: categoriesResponseSchema,
        }),
      },
      async (request, reply) => {
        const parsed = parseCategories(request.params.lifetime, request.params.file);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const { gender, section, lang, lifetime } = parsed.value;
        const json = await service.categoriesJson(gender, section, lang);
        cacheFor(reply, lifetime, maxLifetime);
        return reply.type('application/json; charset=utf-8').send(json);
      },
    );

    app.get<{ Params: { lifetime: string; file: string } }>(
      '/api/json/suggester/:lifetime/:file',
      {
        config: { cache: true },
        schema: describe({
          summary: 'Most searched keywords',
          tags: ['discovery'],
          description: 'Path: `/api/json/suggester/{lifetime}/{count}.json` (count up to 1000).',
          params: { lifetime: 'Cache lifetime in seconds', file: '{count}.json' },
          response: suggesterResponseSchema,
        }),
      },
      async (request, reply) => {
        const parsed = parseSuggester(
          request.params.lifetime,
          request.params.file,
          SUGGESTIONS_MAX,
        );
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const result = await service.suggester(parsed.value.count);
        cacheFor(reply, parsed.value.lifetime, maxLifetime);
        return result;
      },
    );

    const suggestQuery = z.object({
      c: z.string().max(1000).optional(),
      gender: z.enum(GENDERS).optional(),
    });
    app.get(
      '/api/suggester.php',
      {
        config: { cache: true },
        schema: describe({
          summary: 'Suggestions while typing: categories, models, channels and keywords',
          tags: ['discovery'],
          description:
            'Names starting like the text; names spelt alike (from 4 characters) when none does. Under 3 characters the lists are empty; over 69 is refused.',
          querystring: {
            c: { description: 'The typed text', required: true },
            gender: { description: 'str (default), she or gay' },
          },
          response: suggestResponseSchema,
        }),
      },
      async (request, reply) => {
        const query = suggestQuery.safeParse(request.query);
        if (!query.success) throw new AppError('invalid_params', { field: 'c' });
        const text = normaliseQuery(query.data.c ?? '');
        if ([...text].length > SEARCH.maxLength)
          throw new AppError('invalid_params', { field: 'c' });
        cacheFor(reply, LIFETIME.suggester, maxLifetime);
        if (!isSearchable(text)) return { categories: [], models: [], channels: [], keywords: [] };
        return service.suggest(text, query.data.gender ?? DEFAULT_GENDER);
      },
    );

    app.get(
      '/api/videos2.php',
      {
        config: { cache: true },
        schema: describe({
          summary: 'Search videos',
          tags: ['discovery'],
          description:
            '`params`: `{lifetime}/{gender}/{sort}/{count}/search..{page}.{type}.{duration}.{date}`; `s`: the query, 3-69 characters. Sort `relevance` ranks title matches first (queries matching a large part of the catalogue are ordered by popularity); other sorts are those of videos2. `related_searches` are queries people ran that resemble this one.',
          querystring: {
            params: { description: 'The list parameters', required: true },
            s: { description: 'The query (3-69 characters)', required: true },
          },
          response: searchResponseSchema,
        }),
      },
      async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const parsed = parseSearch(query.params, query.s, MAX_LIST_COUNT);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const result = await service.search(parsed.value);
        cacheFor(reply, parsed.value.lifetime, maxLifetime);
        return result;
      },
    );
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Buffered search statistics (flushed every 10 s and on close). */
    keywordRecorder: KeywordRecorder;
  }
}
