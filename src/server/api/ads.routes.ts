import type { FastifyInstance } from 'fastify';
import { parseAds, parsePartner } from '../../contracts/ads.paths.ts';
import { adsResponseSchema, partnerResponseSchema } from '../../contracts/ads.schema.ts';
import { AppError } from '../../contracts/errors.ts';
import type { SisterSite } from '../config.ts';
import { cacheFor } from '../plugins/response-cache.ts';
import { createAdsRepository } from '../repositories/ads.repository.ts';
import { createVideoRepository } from '../repositories/video.repository.ts';
import { type AdProvider, createHouseAds } from '../services/ads.service.ts';
import type { ApiDeps } from './deps.ts';
import { describe } from './openapi.ts';

// The house ad calls (decision 0018): what the visitors' ad slots, the affiliate offer and
// the partner slider of the video page show. Public and cached: nothing here depends on
// who asks (members get no slots at all, so they never call).

export function adsRoutes(
  deps: ApiDeps,
  opts: { sisterSites: SisterSite[]; offerChance: number; provider?: AdProvider },
) {
  const maxLifetime = deps.config.maxCacheLifetime;
  const ads =
    opts.provider ??
    createHouseAds({
      ads: createAdsRepository(deps.database),
      videos: createVideoRepository(deps.database),
      urls: deps.urls,
      sisterSites: opts.sisterSites,
      offerChance: opts.offerChance,
    });
  return async (app: FastifyInstance) => {
    app.get<{ Params: { lifetime: string; file: string } }>(
      '/api/json/ads/:lifetime/:file',
      {
        config: { cache: true },
        schema: describe({
          summary: 'Ads a visitor from a country may see: banners and affiliate offers',
          tags: ['ads'],
          description:
            'Path: `/api/json/ads/{lifetime}/{country}.json`; country is two lower-case letters, `xx` when unknown (only offers for every country). `offer_chance` is how likely a slot shows an offer instead of a banner (SPEC.md §4).',
          params: { lifetime: 'Cache lifetime in seconds', file: '{country}.json' },
          response: adsResponseSchema,
        }),
      },
      async (request, reply) => {
        const parsed = parseAds(request.params.lifetime, request.params.file);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const { country, lifetime } = parsed.value;
        const result = await ads.inventory(country === 'xx' ? '' : country);
        cacheFor(reply, lifetime, maxLifetime);
        return result;
      },
    );

    app.get<{ Params: { lifetime: string; gender: string; file: string } }>(
      '/api/json/partner/:lifetime/:gender/:file',
      {
        config: { cache: true },
        schema: describe({
          summary: 'Partner videos for a keyword (the video page slider)',
          tags: ['ads'],
          description:
            'Path: `/api/json/partner/{lifetime}/{gender}/{keyword}.json`; keyword is a category dir. Answers a pool of up to 40 videos; the slider shows 17 of them at random (SPEC.md §9).',
          params: {
            lifetime: 'Cache lifetime in seconds',
            gender: 'str, she or gay',
            file: '{keyword}.json',
          },
          response: partnerResponseSchema,
        }),
      },
      async (request, reply) => {
        const { lifetime, gender, file } = request.params;
        const parsed = parsePartner(lifetime, gender, file);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const result = await ads.partnerVideos(parsed.value.gender, parsed.value.keyword);
        cacheFor(reply, parsed.value.lifetime, maxLifetime);
        return result;
      },
    );
  };
}
