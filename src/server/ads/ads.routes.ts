import type { FastifyInstance } from 'fastify';
import {
  AD_EVENTS_PATH,
  AD_EVENTS_PER_REPORT,
  AD_SLOTS,
  parseAdEvents,
  parseAds,
  parsePartner,
} from '../../contracts/ads.paths.ts';
import {
  adEventsResponseSchema,
  adsResponseSchema,
  partnerResponseSchema,
} from '../../contracts/ads.schema.ts';
import { AppError } from '../../contracts/errors.ts';
import type { Config } from '../config.ts';
import { describe } from '../kernel/http/openapi.ts';
import { cacheFor } from '../kernel/http/response-cache.ts';
import { AD_EVENTS_FLUSH_MS, type AdEventCounter, type AdProvider } from './ads.service.ts';

// The house ad calls (decision 0018): what the visitors' ad slots, the affiliate offer and
// the partner slider of the video page show. Public and cached: nothing here depends on
// who asks (members get no slots at all, so they never call). With AD_EVENTS, the page
// reports its ad spots' impressions and clicks here (decision 0035).

export function adsRoutes(deps: {
  ads: AdProvider;
  /** Counts ad-spot events (AD_EVENTS); without one the report path does not exist. */
  adEvents?: AdEventCounter | undefined;
  config: Pick<Config, 'maxCacheLifetime'>;
}) {
  const maxLifetime = deps.config.maxCacheLifetime;
  const { ads } = deps;
  return async (app: FastifyInstance) => {
    if (deps.adEvents) adEventRoutes(app, deps.adEvents);
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

function adEventRoutes(app: FastifyInstance, counter: AdEventCounter): void {
  let timer: NodeJS.Timeout | undefined;
  const flush = () =>
    counter
      .flush()
      .catch((error: unknown) => app.log.warn({ err: error }, 'ad events not counted'));
  app.addHook('onReady', async () => {
    timer = setInterval(flush, AD_EVENTS_FLUSH_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flush();
  });

  app.post<{ Body: { events?: unknown } }>(
    AD_EVENTS_PATH,
    {
      bodyLimit: 16_384,
      schema: {
        ...describe({
          summary: 'Report impressions and clicks of the page’s ad spots',
          tags: ['ads'],
          description: [
            'Sent by a visitor’s page (with `navigator.sendBeacon`, so a form body) when AD_EVENTS is on; otherwise 404.',
            `\`events\`: a JSON array of up to ${AD_EVENTS_PER_REPORT} \`[kind, slot, ad]\`: kind \`i\` (at least half of the ad in view) or \`c\` (clicked), slot one of ${AD_SLOTS.join(', ')}, ad the ad’s id.`,
            'Counts are added up per day, slot and ad and written every few seconds; an address adds a limited number per interval. Members have no ad spots: their reports are not counted.',
          ].join(' '),
          response: adEventsResponseSchema,
          failures: [403],
        }),
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: {
          type: 'object',
          properties: { events: { type: 'string', description: 'JSON array of [kind, slot, ad]' } },
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const parsed = parseAdEvents(request.body?.events);
      if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
      const counted = request.viewer ? 0 : counter.add(parsed.value, request.ip);
      return { counted };
    },
  );
}
