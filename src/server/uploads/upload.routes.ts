import type { IncomingMessage } from 'node:http';
import { EVENTS, Metadata, Server } from '@tus/server';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, failure } from '../../contracts/errors.ts';
import { parseId } from '../../contracts/paths.ts';
import {
  PERFORMER_FILES,
  RECORD_EXEMPTIONS,
  RECORD_FILE_FIELDS,
  RECORD_RULES,
} from '../../contracts/records.rules.ts';
import { UPLOAD_ENDPOINT, UPLOAD_RULES } from '../../contracts/upload.rules.ts';
import { videoEditAnswerSchema } from '../../contracts/upload.schema.ts';
import type { RecordIntake, RecordsService } from '../compliance/records.service.ts';
import type { Config } from '../config.ts';
import { readMultipartForm } from '../kernel/http/multipart-form.ts';
import { describe } from '../kernel/http/openapi.ts';
import { tusErrorAnswer } from './tus-errors.ts';
import type { UploadService } from './upload.service.ts';
import type { UploadStore } from './upload-store.ts';

// Member uploads (SPEC.md §5, §7; docs/decisions/0015):
// - `/api/upload/` speaks tus (resumable uploads): POST creates an upload, HEAD tells how far
//   it got, PATCH sends the next bytes, DELETE drops it. Every request needs the member's
//   session, and an upload answers only the member who made it.
// - `POST /api/video_edit.php`: section `screens` inspects a finished upload and offers its
//   preview frames; `add` (the default) turns it with its form into a processing video;
//   `delete` lets the owner remove a video; `records` files the 2257 record of an own video
//   that has none, with the add form's declaration (decision 0055).

const CREATES_PER_HOUR = 30;
const EDITS_PER_MINUTE = 60;
/** How often stale uploads are looked for (and once, shortly after start). */
const SWEEP_EVERY_MS = 3_600_000;
const FIRST_SWEEP_MS = 60_000;

export interface UploadRouteDeps {
  uploads: UploadService;
  /** The finished and unfinished uploads on disk (tus writes them, the sweep ages them). */
  store: UploadStore;
  config: Pick<Config, 'uploadStaleHours' | 'trustProxy'>;
  /** Takes the 2257 documents of a form as it is read, and files a late record (0055). */
  records: Pick<RecordsService, 'intake' | 'fileLater'>;
  /**
   * The uploader's country as the age gates read it ('' unknown): the video's country when
   * their profile names none (decision 0053).
   */
  countryOf?: (request: FastifyRequest) => string;
}

const field = (description: string) => ({ type: 'string', description });

/** The Node request behind tus's web Request (srvx keeps it on `runtime.node`). */
function nodeRequest(req: Request): IncomingMessage | undefined {
  return (req as Request & { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function parseMetadata(raw: string | undefined): Record<string, string | null> | undefined {
  if (raw === undefined) return undefined;
  try {
    return Metadata.parse(raw);
  } catch {
    throw new AppError('bad_request', { field: 'file' });
  }
}

/** Text fields of the add form: its own, the declaration's, and four per performer. */
const FORM_FIELDS_MAX = 24 + RECORD_RULES.performersMax * 4;

/**
 * The form's string fields, its one image (`preview`) and the 2257 documents, whatever the
 * body's type. The documents go to `intake` as they are read (sniffed, encrypted, written),
 * so a form of many scans is never held whole; a refusal here removes what was written.
 */
async function readForm(
  request: FastifyRequest,
  intake: RecordIntake,
): Promise<{ fields: Record<string, string>; image: Buffer | undefined }> {
  const fields: Record<string, string> = {};
  if (!request.isMultipart()) {
    const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
    for (const [name, value] of Object.entries(body)) {
      if (typeof value === 'string') fields[name] = value;
    }
    return { fields, image: undefined };
  }
  let image: Buffer | undefined;
  try {
    const maxBytesOf = (field: string) =>
      field === 'preview' ? UPLOAD_RULES.previewMaxBytes : RECORD_RULES.fileMaxBytes;
    const form = await readMultipartForm(request, {
      files: ['preview', ...RECORD_FILE_FIELDS],
      maxFileBytes: Math.max(UPLOAD_RULES.previewMaxBytes, RECORD_RULES.fileMaxBytes),
      maxBytesOf,
      maxFields: FORM_FIELDS_MAX,
      // Over its field's limit (a document over 8 MB, a preview over 10): the whole form is
      // refused at once, naming the field and its limit.
      tooLarge: (field) =>
        new AppError('file_too_large', {
          field,
          codes: [{ field, code: 'file_too_large' }],
          info: { max: maxBytesOf(field) },
        }),
      async onFile(field, data) {
        if (field === 'preview') image = data.length > 0 ? data : undefined;
        else await intake.take(field, data);
      },
    });
    return { fields: form.fields, image };
  } catch (error) {
    await intake.discard();
    throw error;
  }
}

export function uploadRoutes(deps: UploadRouteDeps) {
  const { uploads: service, store, records } = deps;
  return async (app: FastifyInstance) => {
    const log = app.log.child({ module: 'uploads' });

    // Who is creating an upload, for the id tus asks for (the session was checked first).
    const creators = new WeakMap<IncomingMessage, number>();
    // The upload each checked request names. tus would otherwise take the last segment of
    // the whole URL, query included, and could act on another upload than the one checked.
    const checkedIds = new WeakMap<IncomingMessage, string>();
    const tus = new Server({
      path: UPLOAD_ENDPOINT.replace(/\/$/, ''),
      datastore: store.datastore,
      maxSize: UPLOAD_RULES.maxBytes,
      relativeLocation: true,
      respectForwardedHeaders: deps.config.trustProxy,
      // Same-origin only: no CORS headers at all.
      allowedOrigins: [],
      getFileIdFromRequest(req) {
        const node = nodeRequest(req);
        return node ? checkedIds.get(node) : undefined;
      },
      namingFunction(req) {
        const node = nodeRequest(req);
        const userId = node ? creators.get(node) : undefined;
        if (userId === undefined) {
          throw { status_code: 401, body: JSON.stringify(failure('need_auth')) };
        }
        return store.newId(userId);
      },
      onResponseError: (_req, error) => tusErrorAnswer(error),
      async onUploadFinish(_req, upload) {
        service.finished(upload.id).catch((error: unknown) => {
          log.error({ err: error, upload: upload.id }, 'upload inspection failed');
        });
        return {};
      },
    });
    tus.on(EVENTS.POST_TERMINATE, (_req, _res, id: string) => {
      store
        .remove(id)
        .catch((error: unknown) => log.warn({ err: error, id }, 'upload not removed'));
    });

    async function sweep() {
      try {
        const removed = await store.sweep(deps.config.uploadStaleHours * 3_600_000);
        if (removed > 0) log.info({ removed }, 'stale uploads removed');
      } catch (error) {
        log.error({ err: error }, 'stale upload sweep failed');
      }
    }
    const first = setTimeout(() => void sweep(), FIRST_SWEEP_MS);
    const every = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    first.unref();
    every.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(every);
    });

    /** Hands the request to tus, keeping the headers set so far (security, no-store). */
    async function handOver(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      try {
        await tus.handle(request.raw, reply.raw);
      } catch (error) {
        log.error({ err: error }, 'tus request failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(500).end();
        else reply.raw.destroy();
      }
    }

    // tus reads the request body itself: no parser may touch it in this scope.
    const tusRoutes: FastifyPluginAsync = async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

      scope.post(
        UPLOAD_ENDPOINT,
        {
          config: {
            rateLimit: {
              max: CREATES_PER_HOUR,
              timeWindow: 3_600_000,
              keyGenerator: (request) => `upload:${request.viewer?.userId ?? request.ip}`,
            },
          },
          schema: {
            summary: 'Start a resumable video upload (tus 1.0.0 creation)',
            tags: ['uploads'],
            description: [
              'The tus protocol (https://tus.io/protocols/resumable-upload): `Tus-Resumable: 1.0.0`, `Upload-Length` (bytes, at most 10 GB) and `Upload-Metadata` with `filename` (SPEC.md §5: the name before the extension only latin letters and digits, the extension one of 3gp, mp4, mov, asf, flv, mpg, avi, mpeg, wmv, rm, dat, mkv, vob, m2v, m2t, m4v, f4v, mts, webm).',
              'Answers 201 with `Location: /api/upload/{upload_id}`. Needs a session and its `x-csrf-token`. Upload URLs take no query (400 `bad_request`).',
              'Refusals are JSON: 401 `need_auth`; 400 `video_bad_filename`, `file_invalid_type`, `required`; 413 `video_size_limit`; 429 `rate_limited` when the member already has UPLOAD_MAX_PENDING uploads unfinished or waiting for their form.',
            ].join(' '),
          },
        },
        async (request, reply) => {
          reply.header('cache-control', 'no-store');
          const viewer = await service.checkCreate(request.viewer, {
            url: request.raw.url ?? '',
            length: header(request, 'upload-length'),
            deferLength: request.headers['upload-defer-length'] !== undefined,
            metadata: parseMetadata(header(request, 'upload-metadata')),
          });
          creators.set(request.raw, viewer.userId);
          await handOver(request, reply);
        },
      );

      scope.route({
        method: ['HEAD', 'PATCH', 'DELETE'],
        url: `${UPLOAD_ENDPOINT}:id`,
        schema: {
          summary: 'Resume, continue or drop an upload (tus 1.0.0)',
          tags: ['uploads'],
          description:
            'HEAD answers `Upload-Offset` and `Upload-Length`; PATCH (`Content-Type: application/offset+octet-stream`, `Upload-Offset`) appends bytes; DELETE drops the upload. Only the member who created the upload: 401 `need_auth`, 403 `no_permission`, 404 when it is gone; the URL is exactly `/api/upload/{upload_id}` (a query is 400 `bad_request`). The protocol’s own refusals are JSON of the same shape with tus’s status: 404 or 410 `not_found`, 409 and other 4xx `bad_request`, 413 `video_size_limit`, 5xx `video_upload_error` (`info.code` the status).',
        },
        async handler(request, reply) {
          reply.header('cache-control', 'no-store');
          checkedIds.set(request.raw, service.checkOwner(request.viewer, request.raw.url ?? ''));
          await handOver(request, reply);
        },
      });
    };
    await app.register(tusRoutes);

    app.post(
      '/api/video_edit.php',
      {
        config: {
          rateLimit: {
            max: EDITS_PER_MINUTE,
            timeWindow: 60_000,
            keyGenerator: (request) => `video_edit:${request.viewer?.userId ?? request.ip}`,
          },
        },
        schema: {
          ...describe({
            summary:
              'Publish a finished upload, look at it, delete an own video, or file its 2257 record',
            tags: ['uploads'],
            description: [
              'Needs a session (401 `need_auth`) and its `x-csrf-token`. A form (urlencoded, JSON, or multipart when it carries `preview`).',
              '`section=screens` with `upload_id`: the finished upload’s length and candidate previews; refuses `video_corrupted_file`, `video_too_short` (`info.min` minutes) and `video_duplicate`, and `video_upload_error` (`info.code: unfinished`) before the last byte.',
              '`section=add` (default) with `upload_id`, `title` (3-100), `description` (up to 2000), `orientation` (str, she, gay), `categories` (1 to 3 comma-separated ids: `min_max_cats`), `tags` (up to 10 comma-separated, 2-30 latin letters, digits, spaces or dashes), `exclusive` (1: 6 minutes minimum instead of 10), `is_private` (1: members only), and the preview: `screenshot` (1-based candidate) or a `preview` image (at least 320x180; `screen_upload_error`); neither is `need_select_screenshot`. Answers the new video, processing (status_id 3; follow it with /api/video_status.php).',
              `The same form confirms the forbidden content and files the video's 2257 record (decision 0055): \`rules_confirmed=1\` (required: the member confirms the upload shows none of SPEC.md §5's forbidden content: minors, animals, rape, incest, violence, gore and similar; else \`required\`), and \`record\`: \`exempt\` with \`exemption\` (${RECORD_EXEMPTIONS.join(', ')}), or \`performers\` with \`production_date\` (YYYY-MM-DD) and, for each performer n from 1 to ${RECORD_RULES.performersMax}, \`performer_n_name\` (the legal name), \`performer_n_birth_date\` (YYYY-MM-DD; 18 or older on the production date, else \`performer_under_age\`), \`performer_n_aliases\` (comma-separated) and the files \`performer_n_${PERFORMER_FILES[0]}\` and \`performer_n_${PERFORMER_FILES[1]}\` (JPEG, PNG or PDF by their content, else \`file_invalid_type\`; at most ${RECORD_RULES.fileMaxBytes / 1024 / 1024} MB, else the whole form answers \`file_too_large\` on that field with \`info.max\`, the limit in bytes). The record is stored encrypted with the video; trusted uploaders file one too. Nobody but an administrator reads it back.`,
              '`section=delete` with `video_id`: the owner removes the video (status_id 5).',
              '`section=records` with `video_id` and the declaration fields and files above (`rules_confirmed`, `record`, …; multipart when documents go with it): the owner files the 2257 record of their video that has none (an upload made before records existed), under the same rules, sealed the same way, in one transaction; it can then be approved. Answers `{success: 1, video_id, record_filed: true}`. Only the owner (staff included: 403 `no_permission`); a deleted or unknown video `not_found`; a removed one `no_permission` (`info.reason: video_removed`); a video that has a record already `already_added` (`info.reason: record_filed`), changing nothing.',
              'Another member’s upload or video answers 403 `no_permission`. Form failures carry `codes` per field.',
            ].join(' '),
            response: videoEditAnswerSchema,
            failures: [401, 403, 413, 429],
          }),
          consumes: [
            'application/x-www-form-urlencoded',
            'application/json',
            'multipart/form-data',
          ],
          body: {
            type: 'object',
            properties: {
              section: field('screens, add (default), delete, records'),
              upload_id: field('The finished upload (screens, add)'),
              title: field('3 to 100 characters'),
              description: field('Up to 2000 characters'),
              orientation: field('str (default), she, gay'),
              categories: field('1 to 3 category ids, comma-separated'),
              tags: field('Up to 10 tags, comma-separated'),
              exclusive: field('1: exclusive to this site'),
              is_private: field('1: members only'),
              screenshot: field('The chosen candidate preview, 1-based'),
              preview: { type: 'string', format: 'binary', description: 'An own preview image' },
              video_id: field('section=delete, section=records: the video'),
              rules_confirmed: field('1: the member confirms none of the forbidden content'),
              record: field('The 2257 record: exempt or performers'),
              exemption: field(`record=exempt: ${RECORD_EXEMPTIONS.join(', ')}`),
              production_date: field('record=performers: YYYY-MM-DD'),
              performer_1_name: field('The legal name (performer_2_name, … alike)'),
              performer_1_birth_date: field('YYYY-MM-DD'),
              performer_1_aliases: field('Other names, comma-separated'),
              performer_1_id_document: {
                type: 'string',
                format: 'binary',
                description: 'A government ID: JPEG, PNG or PDF',
              },
              performer_1_release: {
                type: 'string',
                format: 'binary',
                description: 'The signed model release: JPEG, PNG or PDF',
              },
            },
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (!request.viewer) throw new AppError('need_auth');
        const intake = records.intake();
        const { fields, image } = await readForm(request, intake);
        const section = fields.section ?? 'add';
        if (section !== 'add' && section !== 'records') await intake.discard();
        switch (section) {
          case 'screens':
            return service.screens(request.viewer, (fields.upload_id ?? '').trim());
          case 'add':
            return service.submit(request.viewer, fields, image, intake, {
              ip: request.ip,
              country: deps.countryOf?.(request) ?? '',
            });
          case 'delete': {
            const videoId = parseId(fields.video_id ?? '');
            if (videoId === undefined) throw new AppError('invalid_params', { field: 'video_id' });
            return service.remove(request.viewer, videoId);
          }
          case 'records':
            return records.fileLater(request.viewer, fields.video_id ?? '', fields, intake, {
              ip: request.ip,
            });
          default:
            throw new AppError('invalid_params', { field: 'section' });
        }
      },
    );
  };
}
