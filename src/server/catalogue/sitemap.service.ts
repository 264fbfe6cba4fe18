import type { MediaUrls } from '../../media/media-urls.ts';
import type { SitemapRepository } from './sitemap.repository.ts';

// What search engines are told about the catalogue: the sitemap index, videos (with the
// video extension) in files of SITEMAP_VIDEOS ids each, categories, models and channels,
// and robots.txt pointing at the index. Answers are XML (or text) bodies; the routes only
// serve them.

const SITEMAP_VIDEOS = 10_000;
const MODELS_PER_FILE = 20_000;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const URLSET =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">';

const urlset = (entries: string[]) => `${URLSET}${entries.join('')}</urlset>`;

export function createSitemapService(deps: {
  sitemaps: SitemapRepository;
  urls: MediaUrls;
  publicUrl: string;
}) {
  const base = deps.publicUrl;
  const abs = (path: string) => (path.startsWith('http') ? path : `${base}${path}`);
  const pages = (dirs: string[], path: (dir: string) => string) =>
    urlset(dirs.map((dir) => `<url><loc>${base}${path(escapeXml(dir))}</loc></url>`));

  return {
    robots(): string {
      return [
        'User-agent: *',
        'Disallow: /api/',
        'Disallow: /edit/',
        'Disallow: /upload-video/',
        'Disallow: /download/',
        'Disallow: /search/',
        'Disallow: /language/',
        `Sitemap: ${base}/sitemap.xml`,
        '',
      ].join('\n');
    },

    async index(): Promise<string> {
      const highest = await deps.sitemaps.highestIds();
      const files = ['categories', 'channels'];
      for (let i = 0; i * SITEMAP_VIDEOS < highest.videos; i++) files.push(`videos-${i}`);
      for (let i = 0; i * MODELS_PER_FILE < highest.models; i++) files.push(`models-${i}`);
      const entries = files
        .map((file) => `<sitemap><loc>${base}/sitemaps/${file}.xml</loc></sitemap>`)
        .join('');
      return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries}</sitemapindex>`;
    },

    async videos(file: number): Promise<string> {
      const rows = await deps.sitemaps.videos(file * SITEMAP_VIDEOS, (file + 1) * SITEMAP_VIDEOS);
      return urlset(
        rows.map(
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
        ),
      );
    },

    categories: async () =>
      pages(await deps.sitemaps.categoryDirs(), (dir) => `/categories/${dir}/latest-updates/1/`),

    channels: async () => pages(await deps.sitemaps.channelDirs(), (dir) => `/channel/${dir}/`),

    models: async (file: number) =>
      pages(
        await deps.sitemaps.modelDirs(file * MODELS_PER_FILE, (file + 1) * MODELS_PER_FILE),
        (dir) => `/model/${dir}/`,
      ),
  };
}

export type SitemapService = ReturnType<typeof createSitemapService>;
