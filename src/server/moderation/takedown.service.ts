import { AppError } from '../../contracts/errors.ts';
import { isoTime } from '../../contracts/format.ts';
import type { TakedownsPage } from '../../contracts/moderation.schema.ts';
import {
  CONSOLE_PAGE_SIZE,
  consolePages,
  isModerationReason,
  MODERATION_NOTE_MAX,
} from '../../contracts/moderation.ts';
import { requireStaff } from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import type { Actor } from '../kernel/audit/audit-entry.ts';
import { videoState } from './review.service.ts';
import type { RejectionNotice } from './statement-mail.ts';
import type { TakedownRepository } from './takedown.repository.ts';

// Takedowns (issue 16): staff with `disable:video:any` take a video down for a reason from
// the list, and it is gone everywhere at once: the status hides it from every query, and the
// caches that held it (answers, media visibility) forget it now rather than when they expire.
// The uploader gets a statement of reasons; a restore puts the video back as it was.

export interface TakedownDeps {
  takedowns: TakedownRepository;
  /** Forget every cached answer and media decision that may show the video. */
  gone(videoId: number, userId: number): void;
  tellMember(notice: RejectionNotice): Promise<void>;
}

export interface TakedownForm {
  objectType: string;
  objectId: number;
  reason: string;
  note: string;
  reportId: number | null;
}

/** The form of `POST /api/admin/takedowns`, checked. */
export function parseTakedown(form: Record<string, unknown>): TakedownForm {
  const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
  const errors: { field: string; code: 'required' | 'invalid_params' | 'max_length' }[] = [];
  const objectType = text('object_type');
  if (objectType !== 'video') errors.push({ field: 'object_type', code: 'invalid_params' });
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
  if (errors.length > 0) throw AppError.form(errors);
  return { objectType, objectId, reason, note, reportId };
}

export function createTakedownService(deps: TakedownDeps) {
  return {
    async takeDown(actor: Actor, form: TakedownForm): Promise<{ success: 1; takedown_id: number }> {
      requireStaff(actor.viewer, 'disable', 'video');
      const done = await deps.takedowns.takeDownVideo(
        form.objectId,
        {
          reason: form.reason,
          note: form.note,
          staffId: actor.viewer.userId,
          reportId: form.reportId,
        },
        (before) => ({
          actor,
          action: 'video.takedown',
          objectType: 'video',
          objectId: form.objectId,
          before: { state: videoState(before.state) },
          after: { state: 'removed' },
          reason: form.reason,
          note: form.note,
        }),
      );
      if (done.outcome === 'gone') throw new AppError('not_found', { field: 'object_id' });
      if (done.outcome !== 'done') {
        throw AppError.form([{ field: 'object_id', code: 'already_added' }]);
      }
      deps.gone(form.objectId, done.userId);
      await deps.tellMember({
        decision: 'removed',
        id: done.statementId,
        userId: done.userId,
        videoTitle: done.title,
        reason: form.reason,
        note: form.note,
      });
      return { success: 1, takedown_id: done.takedownId };
    },

    async restore(actor: Actor, takedownId: number, note: string): Promise<{ success: 1 }> {
      requireStaff(actor.viewer, 'disable', 'video');
      if (note.length > MODERATION_NOTE_MAX) {
        throw AppError.form([{ field: 'note', code: 'max_length' }]);
      }
      const done = await deps.takedowns.restore(
        takedownId,
        { staffId: actor.viewer.userId, note },
        (takedown) => ({
          actor,
          action: 'video.restore',
          objectType: 'video',
          objectId: takedown.object_id,
          before: { state: 'removed' },
          after: { state: videoState(takedown.previous) },
          note,
        }),
      );
      if (!done) throw new AppError('not_found');
      deps.gone(done.objectId, done.userId);
      return { success: 1 };
    },

    async list(
      viewer: Viewer | null,
      opts: { page: number; inForce: boolean },
    ): Promise<TakedownsPage> {
      requireStaff(viewer, 'disable', 'video');
      const [rows, total] = await Promise.all([
        deps.takedowns.list({
          inForce: opts.inForce,
          limit: CONSOLE_PAGE_SIZE,
          offset: (opts.page - 1) * CONSOLE_PAGE_SIZE,
        }),
        deps.takedowns.count(opts.inForce),
      ]);
      return {
        items: rows.map((row) => ({
          id: Number(row.id),
          object_type: row.object_type,
          object_id: Number(row.object_id),
          title: row.title ?? '',
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
