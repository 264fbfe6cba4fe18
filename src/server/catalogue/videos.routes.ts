import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { GENDERS, isLanguage, LIFETIME, MAX_LIST_COUNT } from '../../contracts/constants.ts';
import { AppError } from '../../contracts/errors.ts';
import {
  parseCount,
  parseCountryQuery,
  parseFoldered,
  parseId,
  parseLifetime,
  parseVideos2,
} from '../../contracts/paths.ts';
import {
  videoFileListSchema,
  videoListResponseSchema,
  videoResponseSchema,
  videoStatusSchema,
} from '../../contracts/video.schema.ts';
import { z } from '../../contracts/zod.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { Config } from '../config.ts';
import { describe } from '../kernel/http/openapi.ts';
import { cacheAnswer, cacheFor, cacheForViewer } from '../kernel/http/response-cache.ts';
import type { VideoStatusService } from '../media/video-status.service.ts';
import type { VideoService } from './video.service.ts';
import { type VideoFileService, verifyGetFile } from './video-file.service.ts';

// Video calls of SPEC.md §7: lists (videos2), one video, related videos, downloadable files
// (videofile) and the signed get_file paths they point to. All but the lists are
// age-restricted: the UK gate holds them back (plugins/age-gate.ts, decision 0025).

/** How long the answer of a video still processing may be kept. */
const PROCESSING_LIFETIME_S = 60;

export function videosRoutes(deps: {
  videos: VideoService;
  files: VideoFileService;
  status: VideoStatusService;
  storage: MediaStorage;
  /** Key that signs download links (src/server/secret.ts). */
  secret: string;
  config: Pick<Config, 'maxCacheLifetime'>;
}) {
  const { videos, files } = deps;
  const maxLifetime = deps.config.maxCacheLifetime;

  return async (app: FastifyInstance) => {
    app.get<{
      Params: { lifetime: string; gender: string; sort: string; count: string; tail: string };
      Querystring: { country?: unknown; lang?: unknown };
    }>(
      '/api/json/videos2/:lifetime/:gender/:sort/:count/:tail',
      {
        config: { cache: true },
        schema: describe({
          summary: 'Video list',
          tags: ['videos'],
          description: [
            'Tail: `{section}.{object_id}.{page}.{type}.{duration}.{date}.json`.',
            'Sections (object_id): `` every video; `categories` (up to 3 comma-separated dirs: videos in all of them);',
            '`models` (dir); `channels` (dir); `playlists` (id, playlist order); `members` (id: uploads);',
            '`favourites` (member id); `history` and `watch-later` (member id, the member only);',
            '`top-country` (two-letter code).',
            'Types: all, ch (from channels), hd. Duration: 1 under 10 min, 2 10-40 min, 3 over 40 min.',
            'Date: day, week, month, all; on most-popular it picks the ranking window, on other sorts it filters by post date.',
            'total_count is exact up to 10000; pages past the end are empty.',
            '`categories` (SPEC.md §3 Listing response): on the `categories` section the chosen categories in the order of the path;',
            'on every other list the categories of the videos on the page, those most of them carry first (at most 10).',
            'Each has category_id, dir, title (in `lang`), total_videos (in the gender section) and description;',
            'counts of the second kind may be a few minutes old.',
          ].join(' '),
          params: {
            lifetime: 'Cache lifetime in seconds (0 = uncached)',
            gender: 'str, she or gay',
            sort: 'latest-updates, top-rated, most-popular, most-commented, most-favourited, longest, history',
            count: 'Videos per page (clamped to 1000)',
            tail: 'section.object_id.page.type.duration.date.json',
          },
          querystring: {
            country: { description: 'Only videos from this country (two-letter code)' },
            lang: {
              description: 'Language of the `categories` titles (en, ru, de, …; default en)',
            },
          },
          response: videoListResponseSchema,
          failures: [401, 403],
        }),
      },
      async (request, reply) => {
        const parsed = parseVideos2(request.params, GENDERS, MAX_LIST_COUNT);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const country = parseCountryQuery(request.query.country);
        if (!country.ok) throw new AppError(country.code, { field: country.field });
        const { lang } = request.query;
        if (lang !== undefined && lang !== '' && !isLanguage(lang)) {
          throw new AppError('invalid_params', { field: 'lang' });
        }
        const result = await videos.list(
          { ...parsed.value, country: country.value, lang: lang || undefined },
          request.viewer,
        );
        cacheAnswer(reply, parsed.value.lifetime, maxLifetime, result);
        return result.body;
      },
    );

    app.get<{ Params: { lifetime: string; e6: string; e3: string; file: string } }>(
      '/api/json/video/:lifetime/:e6/:e3/:file',
      {
        config: { cache: true, ageRestricted: true },
        schema: describe({
          summary: 'One video',
          tags: ['videos'],
          description:
            'Path: `/api/json/video/{lifetime}/{e6}/{e3}/{video_id}.json`. Deleted (status_id 5), private and unprocessed videos answer with their status fields; `playable` says whether this viewer may play it.',
          params: {
            lifetime: 'Cache lifetime in seconds (SPEC: 14400)',
            e6: 'floor(id / 1e6) * 1e6',
            e3: 'floor(id / 1e3) * 1e3',
            file: '{video_id}.json',
          },
          response: videoResponseSchema,
          failures: [403],
        }),
      },
      async (request, reply) => {
        const lifetime = parseLifetime(request.params.lifetime);
        if (lifetime === undefined) throw new AppError('invalid_params', { field: 'lifetime' });
        const { e6, e3, file } = request.params;
        const parsed = parseFoldered(e6, e3, file, false);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const video = await videos.detail(parsed.value.id, request.viewer);
        // Members may play private videos (SPEC.md §1): theirs is another answer. A video
        // still processing changes soon (its upload publishes it): kept a minute at most.
        cacheForViewer(
          reply,
          video.status_id === '3' ? Math.min(lifetime, PROCESSING_LIFETIME_S) : lifetime,
          maxLifetime,
          video.is_private !== '1' ? 'public' : request.viewer ? 'personal' : 'visitor',
        );
        return { video };
      },
    );

    app.get<{ Params: { lifetime: string; count: string; e6: string; e3: string; file: string } }>(
      '/api/json/videos_related2/:lifetime/:count/:e6/:e3/:file',
      {
        config: { cache: true, ageRestricted: true },
        schema: describe({
          summary: 'Related videos',
          tags: ['videos'],
          description:
            'Path: `/api/json/videos_related2/{lifetime}/{count}/{e6}/{e3}/{video_id}.{type}.{page}.json`. Videos of the same section sharing models, categories and tags, best first; a pool of up to 300 is paged by count.',
          params: {
            lifetime: 'Cache lifetime in seconds (SPEC: 432000)',
            count: 'Videos per page',
            e6: 'floor(id / 1e6) * 1e6',
            e3: 'floor(id / 1e3) * 1e3',
            file: '{video_id}.{type}.{page}.json',
          },
          response: videoListResponseSchema,
          failures: [403],
        }),
      },
      async (request, reply) => {
        const lifetime = parseLifetime(request.params.lifetime);
        if (lifetime === undefined) throw new AppError('invalid_params', { field: 'lifetime' });
        const count = parseCount(request.params.count, MAX_LIST_COUNT);
        if (count === undefined) throw new AppError('invalid_params', { field: 'count' });
        const { e6, e3, file } = request.params;
        const parsed = parseFoldered(e6, e3, file, true);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const { id, type, page } = parsed.value;
        const result = await videos.related(id, type, page, count);
        cacheFor(reply, lifetime, maxLifetime);
        return result;
      },
    );

    app.get<{ Querystring: { video_id?: unknown } }>(
      '/api/video_status.php',
      {
        schema: describe({
          summary: 'Media pipeline progress of a video',
          tags: ['videos'],
          description:
            'The steps of the current run in the order they run, each with its state, progress (0-1) and attempts, and the rungs published so far. Uncached: an upload page polls it.',
          querystring: { video_id: { description: 'Video id', required: true } },
          response: videoStatusSchema,
        }),
      },
      async (request, reply) => {
        const id =
          typeof request.query.video_id === 'string' ? parseId(request.query.video_id) : undefined;
        if (id === undefined) throw new AppError('invalid_params', { field: 'video_id' });
        const status = await deps.status.status(id);
        if (!status) throw new AppError('not_found');
        reply.header('cache-control', 'no-store');
        return status;
      },
    );

    const videofileQuery = z.object({
      video_id: z.string(),
      lifetime: z.string().optional(),
    });
    app.get(
      '/api/videofile.php',
      {
        config: { cache: true, ageRestricted: true },
        schema: describe({
          summary: 'Downloadable files of a video',
          tags: ['videos'],
          description:
            'Worst to best, as download clients take the last entry: the `_tr.mp4` trailer (a short clip, not a quality of the video) first, the best full file last with `is_default: 1`. `video_url` is an encoded `/get_file/…` path (API-CONTRACT.md); decode it and fetch it from the same host. Private videos need a signed-in member.',
          querystring: {
            video_id: { description: 'Video id', required: true },
            lifetime: { description: 'Cache lifetime in seconds (SPEC: 8640000)' },
          },
          response: videoFileListSchema,
          failures: [401, 403],
        }),
      },
      async (request, reply) => {
        const query = videofileQuery.safeParse(request.query);
        if (!query.success) throw new AppError('invalid_params', { field: 'video_id' });
        const id = parseId(query.data.video_id);
        if (id === undefined) throw new AppError('invalid_params', { field: 'video_id' });
        const lifetime =
          query.data.lifetime === undefined
            ? LIFETIME.videofile
            : parseLifetime(query.data.lifetime);
        if (lifetime === undefined) throw new AppError('invalid_params', { field: 'lifetime' });
        const result = await files.list(id, request.viewer);
        cacheAnswer(reply, lifetime, maxLifetime, result);
        return result.files;
      },
    );

    app.get<{
      Params: { sig: string; e6: string; e3: string; id: string; file: string };
      Querystring: { download?: string };
    }>(
      '/get_file/:sig/:e6/:e3/:id/:file/',
      {
        config: { ageRestricted: true },
        schema: {
          summary: 'A downloadable file (signed path from videofile)',
          tags: ['videos'],
          description:
            'Redirects to the file (which honours Range requests); with `?download=1` answers the bytes as an attachment.',
        },
      },
      async (request, reply) => {
        const { sig, e6, e3, id: idRaw, file } = request.params;
        const rest = `${e6}/${e3}/${idRaw}/${file}`;
        const id = parseId(idRaw);
        if (id === undefined || !verifyGetFile(deps.secret, sig, rest)) {
          throw new AppError('not_found');
        }
        if (!file.startsWith(String(id))) throw new AppError('not_found');
        const format = file.slice(String(id).length);
        const { key, personal } = await files.resolve(id, format, request.viewer);
        if (request.query.download === undefined && !personal) {
          reply.header('cache-control', 'public, max-age=86400');
          return reply.redirect(deps.storage.url(key), 302);
        }
        reply.header('cache-control', personal ? 'private, no-store' : 'public, max-age=86400');
        if (request.query.download !== undefined) {
          // Named after this video, whichever folder holds the file (a demo video plays a
          // shared clip's, decision 0033).
          reply.header('content-disposition', `attachment; filename="${id}${format}"`);
        }
        const localPath = deps.storage.localPath(key);
        return reply.sendFile(path.basename(localPath), path.dirname(localPath));
      },
    );
  };
}
