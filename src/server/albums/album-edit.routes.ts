import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ALBUM_LIMITS,
  ALBUM_PHOTOS,
  type AlbumEditRequest,
  parseAlbumEdit,
} from '../../contracts/album.rules.ts';
import { AppError } from '../../contracts/errors.ts';
import { albumEditAnswerSchema } from '../../contracts/playlists.schema.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import { readMultipartForm } from '../kernel/http/multipart-form.ts';
import { describe } from '../kernel/http/openapi.ts';
import type { AlbumEditService, RenderedPhoto } from './album-edit.service.ts';
import { renderAlbumPhoto } from './album-images.ts';

// `POST /api/album_edit.php` (SPEC.md §7, "multipart … with progress events"): a member's
// own photo albums (docs/decisions/0032). A form (or multipart) call with `section`:
// new, upd, rem, del; a multipart call with `section=add` and `album_id` before one or
// more image `file`s uploads photos, each checked and rendered as it arrives (never the
// whole form in memory), stored only when every file of the call is good.

/** Calls per member in ten minutes: the web app sends one photo a call. */
const CALLS_PER_TEN_MINUTES = 300;

const text = (description: string) => ({ type: 'string', description });
const MB = 1024 * 1024;

/** A file's failure, naming which of the call's files (1-based) it was. */
function fileFailure(
  code: 'file_invalid_type' | 'file_too_large' | 'invalid_img_size',
  index: number,
  info: Record<string, number> = {},
): AppError {
  return new AppError(code, {
    field: 'file',
    codes: [{ field: 'file', code }],
    info: { ...info, file: index },
    status: code === 'file_too_large' ? 413 : 400,
  });
}

/**
 * Reads a multipart call: any section's fields, and for `add` each file as it comes, after
 * the section and album it names, checked and rendered at once.
 */
async function readMultipart(
  request: FastifyRequest,
  viewer: Viewer,
  service: AlbumEditService,
): Promise<{ call: AlbumEditRequest; photos: RenderedPhoto[] }> {
  const photos: RenderedPhoto[] = [];
  let albumId: number | undefined;
  let files = 0;
  const { fields } = await readMultipartForm(request, {
    files: ['file'],
    maxFilesPerField: ALBUM_LIMITS.filesPerRequest,
    maxFileBytes: ALBUM_PHOTOS.maxBytes,
    tooLarge: () => fileFailure('file_too_large', files + 1, { size: ALBUM_PHOTOS.maxBytes }),
    async onFile(_field, data, sent) {
      files++;
      if (albumId === undefined) {
        // The fields a file needs come before it, as a browser's FormData sends them: a
        // file ahead of any section is no form of this call.
        if (sent.section === undefined) throw new AppError('bad_request');
        const parsed = parseAlbumEdit(sent);
        if (!parsed.ok) throw AppError.form(parsed.errors);
        if (parsed.value.section !== 'add') {
          throw AppError.form([{ field: 'section', code: 'invalid_params' }]);
        }
        albumId = parsed.value.albumId;
      }
      // Refused before the work of decoding: not the member's album, or full already.
      await service.checkUpload(viewer, albumId, files);
      const result = await renderAlbumPhoto(data);
      if (!result.ok) throw fileFailure(result.code, files, result.info);
      photos.push(result);
    },
  });
  const parsed = parseAlbumEdit(fields);
  if (!parsed.ok) throw AppError.form(parsed.errors);
  return { call: parsed.value, photos };
}

export function albumEditRoutes(service: AlbumEditService) {
  return async (app: FastifyInstance) => {
    app.post(
      '/api/album_edit.php',
      {
        // Form calls are small; multipart bodies are read by readMultipartForm's own limits.
        bodyLimit: 16_384,
        config: {
          rateLimit: {
            max: CALLS_PER_TEN_MINUTES,
            timeWindow: 10 * 60_000,
            keyGenerator: (request) => `album:${request.viewer?.userId ?? request.ip}`,
          },
        },
        schema: {
          ...describe({
            summary: "Make and change the member's own photo albums",
            tags: ['albums'],
            description: [
              'Needs a session (401 `need_auth`) and its `x-csrf-token`. Only the album’s owner may change it: another member’s album answers 403 `no_permission`, a missing or deleted one 404 `not_found`. Answers `no-store`, with the album as its owner now sees it (`album`).',
              `\`section=new\`: \`title\` (${ALBUM_LIMITS.titleMin}-${ALBUM_LIMITS.titleMax}), \`desc\` (up to ${ALBUM_LIMITS.descriptionMax}, may be empty), \`private\` (1 private, 0 public, the default), answering \`album_id\`. A private album is listed to its owner only and shows its photos to signed-in members only.`,
              `\`section=add\` (multipart; \`section\` and \`album_id\` before the files): one to ${ALBUM_LIMITS.filesPerRequest} files \`file\`, each a JPEG, PNG or WebP by its content (else \`file_invalid_type\`), up to ${ALBUM_PHOTOS.maxBytes / MB} MB (413 \`file_too_large\`) and 50 megapixels, at least ${ALBUM_PHOTOS.min.width}x${ALBUM_PHOTOS.min.height} (\`invalid_img_size\`); \`info.file\` names the failing file (1-based) and nothing is stored. Photos are turned upright, re-encoded without metadata (a JPEG of at most 2048 px a side and a WebP thumbnail) and added at the end; an album holds at most ${ALBUM_LIMITS.photosMax} (\`album_photos_limit\`).`,
              '`section=upd` with `album_id` changes the fields given: `title`, `desc`, `private`, `cover_photo_id` (one of its photos), `order` (all its photo ids, comma-separated, in the new order).',
              '`section=rem` with `album_id` and `photo_id` removes a photo; `section=del` with `album_id` deletes the album with its photos, comments and votes. Removed photos are no longer served.',
              `At most ${CALLS_PER_TEN_MINUTES} calls per member in ten minutes (429 \`rate_limited\`).`,
            ].join(' '),
            response: albumEditAnswerSchema,
            failures: [401, 403, 413, 429],
          }),
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
          body: {
            type: 'object',
            properties: {
              section: { type: 'string', enum: ['new', 'add', 'upd', 'rem', 'del'] },
              album_id: text('The album (every section but new)'),
              title: text('new, upd: the title'),
              desc: text('new, upd: the description'),
              private: { type: 'string', enum: ['0', '1'], description: 'new, upd: 1 private' },
              cover_photo_id: text('upd: the photo shown on lists'),
              order: text('upd: every photo id of the album, comma-separated, in order'),
              photo_id: text('rem: the photo to remove'),
              file: {
                type: 'string',
                format: 'binary',
                description: 'add: an image (repeat the field for several)',
              },
            },
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const viewer = request.viewer;
        if (!viewer) throw new AppError('need_auth');
        let call: AlbumEditRequest;
        let photos: RenderedPhoto[] = [];
        if (request.isMultipart()) {
          ({ call, photos } = await readMultipart(request, viewer, service));
        } else {
          const parsed = parseAlbumEdit(request.body);
          if (!parsed.ok) throw AppError.form(parsed.errors);
          call = parsed.value;
        }
        switch (call.section) {
          case 'new':
            return service.create(viewer, call.fields);
          case 'add':
            // Photos come only in a multipart call, after the section and the album.
            if (photos.length === 0) throw AppError.form([{ field: 'file', code: 'required' }]);
            return service.addPhotos(viewer, call.albumId, photos);
          case 'upd':
            return service.update(viewer, call.albumId, call);
          case 'rem':
            return service.removePhoto(viewer, call.albumId, call.photoId);
          case 'del':
            return service.remove(viewer, call.albumId);
        }
      },
    );
  };
}
