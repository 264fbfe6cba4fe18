import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SitemapService } from '../catalogue/sitemap.service.ts';
import { cacheFor } from '../kernel/http/response-cache.ts';

// The sitemaps and robots.txt over HTTP (what they hold: catalogue/sitemap.service.ts), each
// cached for a day.

const DAY = 86_400;

/** A file number of `videos-N.xml` / `models-N.xml`, or undefined. */
const fileNumber = (n: string) => (/^\d{1,6}$/.test(n) ? Number(n) : undefined);

export function sitemapRoutes(deps: { sitemaps: SitemapService; maxLifetime: number }) {
  const { sitemaps } = deps;
  return async (app: FastifyInstance) => {
    const send = (reply: FastifyReply, type: string, body: string) => {
      cacheFor(reply, DAY, deps.maxLifetime);
      return reply.type(`${type}; charset=utf-8`).send(body);
    };
    const xml = (reply: FastifyReply, body: string) => send(reply, 'application/xml', body);
    const hidden = { schema: { hide: true }, config: { cache: true } };

    app.get('/robots.txt', hidden, async (_request, reply) =>
      send(reply, 'text/plain', sitemaps.robots()),
    );
    app.get('/sitemap.xml', hidden, async (_request, reply) => xml(reply, await sitemaps.index()));
    app.get<{ Params: { n: string } }>(
      '/sitemaps/videos-:n.xml',
      hidden,
      async (request, reply) => {
        const n = fileNumber(request.params.n);
        if (n === undefined) return reply.callNotFound();
        return xml(reply, await sitemaps.videos(n));
      },
    );
    app.get('/sitemaps/categories.xml', hidden, async (_request, reply) =>
      xml(reply, await sitemaps.categories()),
    );
    app.get('/sitemaps/channels.xml', hidden, async (_request, reply) =>
      xml(reply, await sitemaps.channels()),
    );
    app.get<{ Params: { n: string } }>(
      '/sitemaps/models-:n.xml',
      hidden,
      async (request, reply) => {
        const n = fileNumber(request.params.n);
        if (n === undefined) return reply.callNotFound();
        return xml(reply, await sitemaps.models(n));
      },
    );
  };
}
