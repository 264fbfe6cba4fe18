import { AppError } from '../../contracts/errors.ts';
import { isoTime } from '../../contracts/format.ts';
import type { TakedownsPage } from '../../contracts/moderation.schema.ts';
import {
  CONSOLE_PAGE_SIZE,
  consolePages,
  isModerationReason,
  MODERATION_NOTE_MAX,
} from '../../contracts/moderation.ts';
import { type Action, type Entity, requireStaff } from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import type { Actor } from '../kernel/audit/audit-entry.ts';
import { videoState } from './review.service.ts';
import type { RejectionNotice } from './statement-mail.ts';
import {
  TAKEDOWN_OBJECTS,
  type TakedownObject,
  type TakedownRepository,
} from './takedown.repository.ts';

// Takedowns (issue 16): staff with `disable:video:any` take a video down for a reason from
// the list, and it is gone everywhere at once: the status hides it from every query, and the
// caches that held it (answers, media visibility) forget it now rather than when they expire.
// The uploader gets a statement of reasons; a restore puts the video back as it was.
// Comments, playlists and albums are taken down the same way (decision 0047), each with the
// permission that governs it.

export interface TakedownDeps {
  takedowns: TakedownRepository;
  /** Forget every cached answer and media decision that may show the object (a video by default). */
  gone(objectId: number, userId: number, objectType?: TakedownObject): void;
  tellMember(notice: RejectionNotice): Promise<void>;
}

export interface TakedownForm {
  objectType: TakedownObject;
  objectId: number;
  reason: string;
  note: string;
  reportId: number | null;
}

/** The form of `POST /api/admin/takedowns`, checked. */
export function parseTakedown(form: Record<string, unknown>): TakedownForm {
  const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
  const errors: { field: string; code: 'required' | 'invalid_params' | 'max_length' }[] = [];
  const objectType = TAKEDOWN_OBJECTS.find((type) => type === text('object_type'));
  if (!objectType) errors.push({ field: 'object_type', code: 'invalid_params' });
  const objectId = /^\d{1,9}$/.test(text('object_id')) ? Number(text('object_id')) : 0;
  if (objectId < 1) errors.push({ field: 'object_id', code: 'invalid_params' });
  const reason = text('reason');
  if (reason === '') errors.push({ field: 'reason', code: 'required' });
  else if (!isModerationReason(reason)) errors.push({ field: 'reason', code: 'invalid_params' });
  const note = text('note').trim();
  if (reason === 'other' && note === '') errors.push({ field: 'note', code: 'required' });
  if (note.length > MODERATION_NOTE_MAX) errors.push({ field: 'note', code: 'max_length' });
  const reportText = text('report_id');
  const reportId = /^\d{1,9}$/.test(reportText) ? Number(reportText) : null;
  if (reportText !== '' && reportId === null) {
    errors.push({ field: 'report_id', code: 'invalid_params' });
  }
  if (errors.length > 0 || !objectType) throw AppError.form(errors);
  return { objectType, objectId, reason, note, reportId };
}

/** The permission that takes each object down (decision 0047). */
const PERMISSION: Readonly<Record<TakedownObject, [Action, Entity]>> = {
  video: ['disable', 'video'],
  comment: ['hide', 'comment'],
  playlist: ['disable', 'playlist'],
  album: ['disable', 'album'],
};

/** A comment's, playlist's or album's status as the audit log names it. */
function objectState(objectType: TakedownObject, status: number): string {
  if (objectType === 'video' || objectType === 'album') return videoState(status);
  if (status === 8) return 'removed';
  return status === 1 ? (objectType === 'comment' ? 'shown' : 'active') : String(status);
}

const isTakedownObject = (value: string): value is TakedownObject =>
  (TAKEDOWN_OBJECTS as readonly string[]).includes(value);

export function createTakedownService(deps: TakedownDeps) {
  return {
    async takeDown(actor: Actor, form: TakedownForm): Promise<{ success: 1; takedown_id: number }> {
      const [action, entity] = PERMISSION[form.objectType];
      requireStaff(actor.viewer, action, entity);
      const takedown = {
        reason: form.reason,
        note: form.note,
        staffId: actor.viewer.userId,
        reportId: form.reportId,
      };
      const audit = (before: { state: number }) => ({
        actor,
        action: `${form.objectType}.takedown` as const,
        objectType: form.objectType,
        objectId: form.objectId,
        before: { state: objectState(form.objectType, before.state) },
        after: { state: 'removed' },
        reason: form.reason,
        note: form.note,
      });
      const done =
        form.objectType === 'video'
          ? await deps.takedowns.takeDownVideo(form.objectId, takedown, audit)
          : await deps.takedowns.takeDownObject(form.objectType, form.objectId, takedown, audit);
      if (done.outcome === 'gone') throw new AppError('not_found', { field: 'object_id' });
      if (done.outcome !== 'done') {
        throw AppError.form([{ field: 'object_id', code: 'already_added' }]);
      }
      deps.gone(form.objectId, done.userId, form.objectType);
      await deps.tellMember({
        decision: 'removed',
        objectType: form.objectType,
        id: done.statementId,
        userId: done.userId,
        videoTitle: done.title,
        reason: form.reason,
        note: form.note,
      });
      return { success: 1, takedown_id: done.takedownId };
    },

    async restore(actor: Actor, takedownId: number, note: string): Promise<{ success: 1 }> {
      // Staff first (a member learns nothing of takedowns), then the object's own permission.
      requireStaff(actor.viewer, 'disable', 'video');
      const found = await deps.takedowns.objectOf(takedownId);
      if (found && isTakedownObject(found.object_type)) {
        const [action, entity] = PERMISSION[found.object_type];
        requireStaff(actor.viewer, action, entity);
      }
      if (note.length > MODERATION_NOTE_MAX) {
        throw AppError.form([{ field: 'note', code: 'max_length' }]);
      }
      const done = await deps.takedowns.restore(
        takedownId,
        { staffId: actor.viewer.userId, note },
        (takedown) => {
          const objectType = isTakedownObject(takedown.object_type)
            ? takedown.object_type
            : 'video';
          return {
            actor,
            action: `${objectType}.restore` as const,
            objectType,
            objectId: takedown.object_id,
            before: { state: 'removed' },
            after: { state: objectState(objectType, takedown.previous) },
            note,
          };
        },
      );
      if (!done) throw new AppError('not_found');
      deps.gone(
        done.objectId,
        done.userId,
        isTakedownObject(done.objectType) ? done.objectType : 'video',
      );
      return { success: 1 };
    },

    async list(
      viewer: Viewer | null,
      opts: { page: number; inForce: boolean; q: string },
    ): Promise<TakedownsPage> {
      requireStaff(viewer, 'disable', 'video');
      const filter = { inForce: opts.inForce, q: opts.q };
      const [rows, total] = await Promise.all([
        deps.takedowns.list({
          ...filter,
          limit: CONSOLE_PAGE_SIZE,
          offset: (opts.page - 1) * CONSOLE_PAGE_SIZE,
        }),
        deps.takedowns.count(filter),
      ]);
      return {
        items: rows.map((row) => ({
          id: Number(row.id),
          object_type: row.object_type,
          object_id: Number(row.object_id),
          title: row.title ?? '',
          text: row.text ?? '',
          path: row.path ?? '',
          reason: row.reason,
          note: row.note,
          by: row.staff_name ?? '',
          report_id: row.report_id === null ? null : Number(row.report_id),
          created_at: isoTime(row.created_at),
          restored_at: row.restored_at ? isoTime(row.restored_at) : null,
          restored_by: row.restored_name ?? '',
          restore_note: row.restore_note,
        })),
        total,
        page: opts.page,
        pages: consolePages(total),
      };
    },
  };
}

export type TakedownService = ReturnType<typeof createTakedownService>;
