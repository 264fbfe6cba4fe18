import { readFile, rename } from 'node:fs/promises';
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { FieldError } from '../../contracts/auth.rules.ts';
import { AppError } from '../../contracts/errors.ts';
import { formatDuration, slugify } from '../../contracts/format.ts';
import {
  checkUploadFile,
  minDurationMinutes,
  parseUploadUrl,
  parseVideoForm,
  splitFileName,
  UPLOAD_RULES,
  uploadOwner,
} from '../../contracts/upload.rules.ts';
import type { UploadScreens, VideoCreated, VideoRemoved } from '../../contracts/upload.schema.ts';
import { MAX_IMAGE_PIXELS } from '../../media/image-limits.ts';
import { chosenPreviewKey, videoDir, videoSourceKey } from '../../media/keys.ts';
import type { MediaStorage } from '../../media/storage.ts';
import type { RecordIntake, RecordsService } from '../compliance/records.service.ts';
import { can, ownerFilter, requireAccess, requireViewer } from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import type { JobQueue } from '../kernel/jobs/queue.ts';
import type { UploadRepository } from './upload.repository.ts';
import type { Inspection, UploadInspector } from './upload-inspect.ts';
import type { UploadInfo, UploadStore } from './upload-store.ts';

// The rules of member uploads (SPEC.md §5, docs/decisions/0015): who may start, resume or
// drop an upload, what a finished file must be (a video, long enough, new to the site), and
// how the form turns it into a processing video. A visitor gets `need_auth`; another
// member's upload or video `no_permission`. A refusal changes nothing.

/** The candidate frames sent to the form, as JPEG data URLs of this size. */
const SCREEN_SIZE = { width: 320, height: 180 } as const;
/** The stored chosen preview (the pipeline crops it to the 640x360 screenshot and thumb). */
const CHOSEN_SIZE = { width: 1280, height: 720 } as const;

/** Where a submitted upload's source file is recorded: the video becomes `processing`. */
export interface VideoSources {
  setSource(videoId: number, sourceKey: string): Promise<void>;
}

export interface UploadServiceDeps {
  store: UploadStore;
  inspector: UploadInspector;
  uploads: UploadRepository;
  /** The media domain's record of a video's source (compose.ts passes its repository). */
  media: VideoSources;
  /** The upload's 2257 declaration, checked and filed with the video (decision 0055). */
  records: Pick<RecordsService, 'prepare' | 'discard'>;
  storage: MediaStorage;
  /** Processing is queued here; without a queue nothing is created (`unavailable`). */
  jobs: Pick<JobQueue, 'send'> | undefined;
  maxPending: number;
  /** A video of the member was made or removed: cached answers that show it go. */
  changed(video: { videoId: number; userId: number }): void;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** Where a form was sent from. */
export interface UploadFrom {
  ip: string;
  /** The sender's country as the age gates read it; '' or left out when unknown (0053). */
  country?: string;
}

/** What a tus creation request asks for (its raw URL and Upload-* headers). */
export interface CreateRequest {
  url: string;
  length: string | undefined;
  deferLength: boolean;
  metadata: Record<string, string | null> | undefined;
}

const formFailure = (
  field: string,
  code: FieldError['code'],
  info?: Record<string, string | number>,
) => new AppError(code, { field, codes: [{ field, code }], ...(info ? { info } : {}) });

export function createUploadService(deps: UploadServiceDeps) {
  const { store, inspector, uploads } = deps;

  /** The viewer's own upload by id, finished; refusals as the form's `upload_id` failures. */
  async function finishedUpload(viewer: Viewer, id: string): Promise<UploadInfo> {
    if (id === '') throw formFailure('upload_id', 'required');
    const owner = uploadOwner(id);
    if (owner === undefined) throw new AppError('not_found', { field: 'upload_id' });
    requireAccess(viewer, 'update', 'upload', { ownerId: owner, field: 'upload_id' });
    const upload = await store.get(id);
    if (!upload) {
      // A file the look refused is gone (upload-inspect.ts); the refusal is still the answer.
      const refused = await inspector.refusal(id);
      if (refused) throw formFailure('file', refused);
      throw new AppError('not_found', { field: 'upload_id' });
    }
    if (upload.offset < upload.size) {
      throw formFailure('upload_id', 'video_upload_error', { code: 'unfinished' });
    }
    return upload;
  }

  /** The inspection of a finished upload, refusing what can never become a video here. */
  async function usableInspection(
    upload: UploadInfo,
    exclusive: boolean,
  ): Promise<Extract<Inspection, { ok: true }>> {
    const found = await inspector.inspect(upload);
    if (!found.ok) throw formFailure('file', found.code);
    const minS = exclusive
      ? UPLOAD_RULES.minDurationS.exclusive
      : UPLOAD_RULES.minDurationS.regular;
    if (found.durationS < minS) {
      throw formFailure('file', 'video_too_short', { min: minDurationMinutes(exclusive) });
    }
    if (await uploads.hasSource(found.sha256)) throw formFailure('file', 'video_duplicate');
    return found;
  }

  /** The chosen preview as the stored JPEG: a candidate frame, or the member's own image. */
  async function previewJpeg(
    upload: UploadInfo,
    frames: number,
    choice: { screenshot: number | undefined; image: Buffer | undefined },
  ): Promise<Buffer> {
    if (choice.screenshot !== undefined) {
      if (choice.screenshot > frames) throw formFailure('screenshot', 'need_select_screenshot');
      return readFile(inspector.framePath(upload.id, choice.screenshot));
    }
    const image = choice.image;
    if (!image) throw formFailure('screenshot', 'need_select_screenshot');
    // The avatar's decompression bomb guard: a picture too large is refused by its header.
    const decoder = () => sharp(image, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
    try {
      const meta = await decoder().metadata();
      const { width = 0, height = 0 } = meta;
      if (width < UPLOAD_RULES.previewMin.width || height < UPLOAD_RULES.previewMin.height) {
        throw new Error(`preview of ${width}x${height}`);
      }
      return await decoder()
        .rotate()
        .resize(CHOSEN_SIZE.width, CHOSEN_SIZE.height, { fit: 'cover', withoutEnlargement: true })
        .jpeg({ quality: 85 })
        .toBuffer();
    } catch (error) {
      deps.log.info({ err: error, upload: upload.id }, 'preview image refused');
      throw formFailure('preview', 'screen_upload_error');
    }
  }

  /** Moves the file in and queues processing; undoes the row when that fails. */
  async function store_(videoId: number, upload: UploadInfo, ext: string, preview: Buffer) {
    const jobs = deps.jobs;
    if (!jobs) throw new AppError('unavailable');
    const sourceKey = videoSourceKey(videoId, ext);
    let moved = false;
    try {
      await deps.storage.putFile(sourceKey, upload.file, { move: true });
      moved = true;
      await deps.storage.put(chosenPreviewKey(videoId), preview);
      await deps.media.setSource(videoId, sourceKey);
      await jobs.send('media.process-video', { videoId });
    } catch (error) {
      deps.log.error({ err: error, videoId, upload: upload.id }, 'upload could not be stored');
      await uploads.discard(videoId);
      await deps.records.discard(videoId);
      // The member's bytes go back where they were, so the form can be sent again.
      if (moved) await rename(deps.storage.localPath(sourceKey), upload.file).catch(() => {});
      await deps.storage.remove(videoDir(videoId)).catch(() => {});
      throw new AppError('video_upload_error', { status: 500, info: { code: 'store' } });
    }
  }

  async function submitForm(
    who: Viewer,
    fields: Record<string, unknown>,
    image: Buffer | undefined,
    intake: RecordIntake,
    from: UploadFrom,
  ): Promise<VideoCreated> {
    const uploadId = typeof fields.upload_id === 'string' ? fields.upload_id.trim() : '';
    const parsed = parseVideoForm(fields, image !== undefined);
    // One clock for the confirmation: the video's column and the sealed record say the same.
    const now = new Date();
    const record = deps.records.prepare(who, fields, intake, { ip: from.ip, now });
    if (!parsed.ok || !record.ok) {
      const errors = uploadId === '' ? [{ field: 'upload_id', code: 'required' as const }] : [];
      throw AppError.form([
        ...errors,
        ...(parsed.ok ? [] : parsed.errors),
        ...(record.ok ? [] : record.errors),
      ]);
    }
    const form = parsed.value;
    const upload = await finishedUpload(who, uploadId);
    // After the access check: whose upload it is is answered even without a queue.
    if (!deps.jobs) throw new AppError('unavailable');
    const found = await usableInspection(upload, form.exclusive);
    if ((await uploads.countCategories(form.categories)) !== form.categories.length) {
      throw formFailure('categories', 'invalid_params');
    }
    const preview = await previewJpeg(upload, found.frames, {
      screenshot: form.screenshot,
      image,
    });
    const ext = splitFileName(upload.metadata.filename ?? '').ext;
    const tags = new Map(form.tags.map((title) => [slugify(title), title]));
    const created = await uploads.createVideo(
      {
        userId: who.userId,
        title: form.title,
        dir: slugify(form.title),
        description: form.description,
        gender: form.orientation,
        isPrivate: form.isPrivate,
        exclusive: form.exclusive,
        sha256: found.sha256,
        durationS: found.durationS,
        categoryIds: form.categories,
        tags: [...tags].map(([dir, title]) => ({ dir, title })),
        // Trusted uploaders and staff publish; everyone else's upload waits for a moderator.
        // Either way the record is filed with it: no upload goes live without one.
        needsReview: !can(who, 'publish', 'video'),
        rulesConfirmedAt: now,
        country: from.country ?? '',
      },
      (tx, videoId) => record.record.file(tx, { id: videoId, userId: who.userId }),
    );
    if (created === 'duplicate') throw formFailure('file', 'video_duplicate');
    await store_(created.id, upload, ext, preview);
    // From here the record's documents belong to a stored video: nothing may remove them.
    intake.keep();
    await store.remove(upload.id);
    deps.changed({ videoId: created.id, userId: who.userId });
    deps.log.info({ videoId: created.id, userId: who.userId }, 'upload submitted');
    return {
      success: 1,
      video_id: String(created.id),
      status_id: '3',
      url: `/videos/${created.id}/${slugify(form.title)}/`,
    };
  }

  return {
    /** A tus creation: a member, a file the rules take, and room among their uploads. */
    async checkCreate(viewer: Viewer | null, request: CreateRequest): Promise<Viewer> {
      const target = parseUploadUrl(request.url);
      if (!target.ok) throw new AppError(target.code);
      if (target.id !== undefined) throw new AppError('not_found');
      const who = requireViewer(viewer, 'create', 'upload');
      if (
        request.deferLength ||
        request.length === undefined ||
        !/^\d{1,16}$/.test(request.length)
      ) {
        throw formFailure('file', 'bad_request');
      }
      const size = Number(request.length);
      const name = request.metadata?.filename ?? '';
      if (name === '') throw formFailure('file', 'required');
      const [failure] = checkUploadFile({ name, size });
      if (failure) {
        const sizeLimit = failure.code === 'video_size_limit';
        throw new AppError(failure.code, {
          field: 'file',
          codes: [failure],
          ...(sizeLimit ? { status: 413, info: { max: UPLOAD_RULES.maxBytes } } : {}),
        });
      }
      if ((await store.pending(who.userId)) >= deps.maxPending) {
        throw new AppError('rate_limited', { field: 'file', info: { max: deps.maxPending } });
      }
      return who;
    },

    /**
     * A tus request on an upload (HEAD, PATCH, DELETE): the upload its raw URL names, only for
     * the member who made it. tus must be handed this id, never read one from the URL itself.
     */
    checkOwner(viewer: Viewer | null, url: string): string {
      const target = parseUploadUrl(url);
      if (!target.ok) throw new AppError(target.code);
      const who = requireViewer(viewer, 'update', 'upload');
      const owner = target.id === undefined ? undefined : uploadOwner(target.id);
      if (target.id === undefined || owner === undefined) throw new AppError('not_found');
      requireAccess(who, 'update', 'upload', { ownerId: owner });
      return target.id;
    },

    /** Starts the inspection of a just finished upload, so the form finds it done. */
    async finished(id: string): Promise<void> {
      const upload = await store.get(id);
      if (upload && upload.offset >= upload.size) await inspector.inspect(upload);
    },

    /** section=screens: the finished upload's length and the frames to pick a preview from. */
    async screens(viewer: Viewer | null, uploadId: string): Promise<UploadScreens> {
      const who = requireViewer(viewer, 'update', 'upload');
      const upload = await finishedUpload(who, uploadId);
      const found = await usableInspection(upload, true);
      const screenshots: string[] = [];
      for (let n = 1; n <= found.frames; n++) {
        const small = await sharp(inspector.framePath(upload.id, n))
          .resize(SCREEN_SIZE.width, SCREEN_SIZE.height, { fit: 'cover' })
          .jpeg({ quality: 72 })
          .toBuffer();
        screenshots.push(`data:image/jpeg;base64,${small.toString('base64')}`);
      }
      return {
        success: 1,
        upload_id: upload.id,
        duration: formatDuration(found.durationS),
        duration_seconds: String(Math.round(found.durationS)),
        width: String(found.width),
        height: String(found.height),
        exclusive_only: found.durationS < UPLOAD_RULES.minDurationS.regular ? '1' : '0',
        screenshots,
      };
    },

    /**
     * section=add: the form of a finished upload becomes a processing video, with the
     * member's confirmation of the forbidden content and their 2257 record (decision 0055).
     * Whatever refuses it, the record's documents already written are removed.
     */
    async submit(
      viewer: Viewer | null,
      fields: Record<string, unknown>,
      image: Buffer | undefined,
      intake: RecordIntake,
      from: UploadFrom,
    ): Promise<VideoCreated> {
      try {
        return await submitForm(
          requireViewer(viewer, 'update', 'upload'),
          fields,
          image,
          intake,
          from,
        );
      } catch (error) {
        await intake.discard();
        throw error;
      }
    },

    /** section=delete: the owner removes one of their videos. */
    async remove(viewer: Viewer | null, videoId: number): Promise<VideoRemoved> {
      const who = requireViewer(viewer, 'delete', 'video');
      const ownerId = await uploads.videoOwner(videoId);
      if (ownerId === undefined) throw new AppError('not_found', { field: 'video_id' });
      const access = requireAccess(who, 'delete', 'video', { ownerId });
      const result = await uploads.remove(videoId, ownerFilter(who, access));
      if (result.outcome !== 'done') throw new AppError('not_found', { field: 'video_id' });
      if (result.sourceKey) await deps.storage.remove(result.sourceKey).catch(() => {});
      await deps.storage.remove(videoDir(videoId)).catch(() => {});
      deps.changed({ videoId, userId: ownerId });
      return { success: 1 };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
