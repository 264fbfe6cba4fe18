import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { MediaUrls } from '../../media/media-urls.ts';
import { videoPublicSql } from '../kernel/access/visibility.ts';
import { cacheFor } from '../kernel/http/response-cache.ts';

// XML sitemaps for search engines: an index, videos (with the video extension) in files of
// SITEMAP_VIDEOS ids each, categories, models and channels, and robots.txt pointing at
// the index. Every file is one index range scan, cached for a day.

export const SITEMAP_VIDEOS = 10_000;
const MODELS_PER_FILE = 20_000;
const DAY = 86_400;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const URLSET =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">';

export function sitemapRoutes(deps: {
  database: Pick<Database, 'query'>;
  urls: MediaUrls;
  publicUrl: string;
  maxLifetime: number;
}) {
  const base = deps.publicUrl;
  const abs = (path: string) => (path.startsWith('http') ? path : `${base}${path}`);
  return async (app: FastifyInstance) => {
    const xml = (reply: FastifyReply, body: string) => {
      cacheFor(reply, DAY, deps.maxLifetime);
      return reply.type('application/xml; charset=utf-8').send(body);
    };
    const hidden = { schema: { hide: true }, config: { cache: true } };

    app.get('/robots.txt', hidden, async (_request, reply) => {
      cacheFor(reply, DAY, deps.maxLifetime);
      return reply
        .type('text/plain; charset=utf-8')
        .send(
          [
            'User-agent: *',
            'Disallow: /api/',
            'Disallow: /edit/',
            'Disallow: /upload-video/',
            'Disallow: /download/',
            'Disallow: /search/',
            'Disallow: /language/',
            `Sitemap: ${base}/sitemap.xml`,
            '',
          ].join('\n'),
        );
    });

    app.get('/sitemap.xml', hidden, async (_request, reply) => {
      const [row] = await deps.database.query<{ videos: number; models: number }>(
        'SELECT (SELECT coalesce(max(id), 0) FROM videos)::int AS videos, (SELECT coalesce(max(id), 0) FROM models)::int AS models',
      );
      const files = ['categories', 'channels'];
      for (let i = 0; i * SITEMAP_VIDEOS < Number(row?.videos ?? 0); i++) files.push(`videos-${i}`);
      for (let i = 0; i * MODELS_PER_FILE < Number(row?.models ?? 0); i++)
        files.push(`models-${i}`);
      const entries = files
        .map((file) => `<sitemap><loc>${base}/sitemaps/${file}.xml</loc></sitemap>`)
        .join('');
      return xml(
        reply,
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>`,
      );
    });

    app.get<{ Params: { n: string } }>(
      '/sitemaps/videos-:n.xml',
      hidden,
      async (request, reply) => {
        const n = /^\d{1,6}$/.test(request.params.n) ? Number(request.params.n) : -1;
        if (n < 0) return reply.callNotFound();
        const rows = await deps.database.query<{
          id: number;
          dir: string;
          title: string;
          description: string;
          duration: number;
          post_date: Date;
          views: number;
          media_version: number;
        }>(
          `SELECT id, dir, title, description, duration, post_date, views, media_version
           FROM videos
          WHERE id > $1 AND id <= $2 AND ${videoPublicSql()}
          ORDER BY id`,
          [n * SITEMAP_VIDEOS, (n + 1) * SITEMAP_VIDEOS],
        );
        const body = rows
          .map(
            (v) =>
              `<url><loc>${base}/videos/${v.id}/${escapeXml(v.dir)}/</loc><video:video>` +
              `<video:thumbnail_loc>${escapeXml(abs(deps.urls.videoPreview(v.id, v.media_version)))}</video:thumbnail_loc>` +
              `<video:title>${escapeXml(v.title)}</video:title>` +
              `<video:description>${escapeXml(v.description.slice(0, 2048) || v.title)}</video:description>` +
              `<video:player_loc>${base}/embed/${v.id}/</video:player_loc>` +
              `<video:duration>${Math.max(1, Math.min(28_800, v.duration))}</video:duration>` +
              `<video:view_count>${v.views}</video:view_count>` +
              `<video:publication_date>${new Date(v.post_date).toISOString()}</video:publication_date>` +
              '<video:family_friendly>no</video:family_friendly>' +
              `</video:video></url>`,
          )
          .join('');
        return xml(reply, `${URLSET}${body}</urlset>`);
      },
    );

    app.get('/sitemaps/categories.xml', hidden, async (_request, reply) => {
      const rows = await deps.database.query<{ dir: string }>(
        'SELECT dir FROM categories WHERE videos_str + videos_she + videos_gay > 0 ORDER BY id',
      );
      const body = rows
        .map(
          (c) => `<url><loc>${base}/categories/${escapeXml(c.dir)}/latest-updates/1/</loc></url>`,
        )
        .join('');
      return xml(reply, `${URLSET}${body}</urlset>`);
    });

    app.get('/sitemaps/channels.xml', hidden, async (_request, reply) => {
      const rows = await deps.database.query<{ dir: string }>(
        'SELECT dir FROM channels WHERE videos_count > 0 ORDER BY id',
      );
      const body = rows
        .map((c) => `<url><loc>${base}/channel/${escapeXml(c.dir)}/</loc></url>`)
        .join('');
      return xml(reply, `${URLSET}${body}</urlset>`);
    });

    app.get<{ Params: { n: string } }>(
      '/sitemaps/models-:n.xml',
      hidden,
      async (request, reply) => {
        const n = /^\d{1,6}$/.test(request.params.n) ? Number(request.params.n) : -1;
        if (n < 0) return reply.callNotFound();
        const rows = await deps.database.query<{ dir: string }>(
          'SELECT dir FROM models WHERE id > $1 AND id <= $2 AND videos_count > 0 ORDER BY id',
          [n * MODELS_PER_FILE, (n + 1) * MODELS_PER_FILE],
        );
        const body = rows
          .map((m) => `<url><loc>${base}/model/${escapeXml(m.dir)}/</loc></url>`)
          .join('');
        return xml(reply, `${URLSET}${body}</urlset>`);
      },
    );
  };
}
