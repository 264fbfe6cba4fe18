import { VIDEO_STATUS } from '../../contracts/constants.ts';
import { AppError } from '../../contracts/errors.ts';
import { isoTime } from '../../contracts/format.ts';
import type {
  ReviewItem,
  ReviewQueue,
  Statement,
  VideoState,
} from '../../contracts/moderation.schema.ts';
import {
  CONSOLE_PAGE_SIZE,
  consolePages,
  isModerationReason,
  MODERATION_NOTE_MAX,
  type ModerationReason,
} from '../../contracts/moderation.ts';
import type { RecordSummary } from '../../contracts/records.schema.ts';
import { videoPreviewKey, videoScreenshotKey, videoThumbKey } from '../../media/keys.ts';
import { requireStaff } from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import type { Actor } from '../kernel/audit/audit-entry.ts';
import type { ReviewRepository, StatementRow } from './review.repository.ts';
import type { RejectionNotice } from './statement-mail.ts';

// The review queue (issue 16, decision 0043): what waits, one video with what a moderator
// needs to judge it (its media signed for them: nothing of a pending video is public), and
// the decisions. Approving publishes and counts the video (dated now: "latest" shows it when
// it went live); rejecting writes the statement of reasons the member reads and is mailed.

export interface ReviewDeps {
  reviews: ReviewRepository;
  /** The signed URL prefix of a video's media folder, for staff. */
  signVideo(videoId: number): string;
  /** After an approval: the upload is counted on its member, categories and tags. */
  published(videoId: number): Promise<unknown>;
  /** After a rejection: tell the member by mail (a failed mail is logged, not thrown). */
  tellMember(notice: RejectionNotice): Promise<void>;
  /** Forget what caches keep of the video and its uploader. */
  changed(change: { videoId: number; userId: number }): void;
  /** That the video's 2257 record was filed, and its kind (never its contents). */
  recordOf(videoId: number): Promise<RecordSummary | null>;
}

const STATE_OF: Record<number, VideoState> = {
  [VIDEO_STATUS.disabled]: 'disabled',
  [VIDEO_STATUS.active]: 'active',
  [VIDEO_STATUS.error]: 'error',
  [VIDEO_STATUS.processing]: 'processing',
  [VIDEO_STATUS.deleted]: 'deleted',
  [VIDEO_STATUS.review]: 'review',
  [VIDEO_STATUS.rejected]: 'rejected',
  [VIDEO_STATUS.removed]: 'removed',
};
export const videoState = (status: number): VideoState => STATE_OF[Number(status)] ?? 'disabled';

export function toStatement(row: StatementRow): Statement {
  return {
    id: Number(row.id),
    decision: row.decision,
    reason: row.reason,
    note: row.note,
    created_at: isoTime(row.created_at),
    decided_by: row.decided_by ?? '',
    appeal_state: row.appeal_state,
    appeal_text: row.appeal_text,
  };
}

export type Decision =
  | { decision: 'approve' }
  | { decision: 'reject'; reason: ModerationReason; note: string };

/** A decision form, checked: `reason` from the list, a note for `other`, notes bounded. */
export function parseDecision(form: Record<string, unknown>): Decision {
  const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
  const decision = text('decision');
  if (decision === 'approve') return { decision };
  if (decision !== 'reject') throw AppError.form([{ field: 'decision', code: 'invalid_params' }]);
  const reason = text('reason');
  const note = text('note').trim();
  if (reason === '') throw AppError.form([{ field: 'reason', code: 'required' }]);
  if (!isModerationReason(reason)) {
    throw AppError.form([{ field: 'reason', code: 'invalid_params' }]);
  }
  if (reason === 'other' && note === '') throw AppError.form([{ field: 'note', code: 'required' }]);
  if (note.length > MODERATION_NOTE_MAX) {
    throw AppError.form([{ field: 'note', code: 'max_length' }]);
  }
  return { decision, reason, note };
}

export function createReviewService(deps: ReviewDeps) {
  const { reviews } = deps;

  return {
    async queue(viewer: Viewer | null, opts: { page: number; q: string }): Promise<ReviewQueue> {
      requireStaff(viewer, 'review', 'video');
      const q = opts.q.trim() || undefined;
      const [rows, total] = await Promise.all([
        reviews.queue({
          q,
          limit: CONSOLE_PAGE_SIZE,
          offset: (opts.page - 1) * CONSOLE_PAGE_SIZE,
        }),
        reviews.queueCount(q),
      ]);
      return {
        items: rows.map((row) => ({
          id: Number(row.id),
          title: row.title,
          dir: row.dir,
          duration: Number(row.duration),
          is_private: Number(row.is_private) === 1,
          uploaded_at: isoTime(row.created_at),
          waiting_since: isoTime(row.review_since),
          thumb: `${deps.signVideo(Number(row.id))}${videoThumbKey(Number(row.id))}`,
          user: {
            id: Number(row.user_id),
            username: row.username,
            trusted: row.trusted_uploader,
          },
          appeal: row.appeal,
          record: row.record,
        })),
        total,
        page: opts.page,
        pages: consolePages(total),
      };
    },

    async item(viewer: Viewer | null, id: number): Promise<ReviewItem> {
      requireStaff(viewer, 'review', 'video');
      const video = await reviews.video(id);
      if (!video) throw new AppError('not_found');
      const userId = Number(video.user_id);
      const fingerprinted = video.media.matches ?? [];
      const [history, duplicates, statements, around, total, record, matched] = await Promise.all([
        reviews.uploaderHistory(userId),
        reviews.duplicates({ id, title: video.title, user_id: userId }),
        reviews.statements('video', id),
        reviews.around(id),
        reviews.queueCount(),
        deps.recordOf(id),
        reviews.fingerprintMatches(fingerprinted.map((m) => m.id)),
      ]);
      const own = deps.signVideo(id);
      // A demo video plays its shared clip's files (decision 0033).
      const played = video.media.sharedFrom ?? id;
      const stream = deps.signVideo(played);
      const media = (key: string | undefined) => (key ? `${stream}${key}` : '');
      const shots = video.media.screenshots ?? 0;
      return {
        video: {
          id,
          title: video.title,
          dir: video.dir,
          description: video.description,
          orientation: video.gender,
          duration: Number(video.duration),
          is_private: Number(video.is_private) === 1,
          exclusive: video.exclusive,
          uploaded_at: isoTime(video.created_at),
          state: videoState(video.status_id),
          tags: video.tags,
          categories: video.categories,
          models: video.models,
          hls: media(video.media.hls),
          poster: video.media_version > 0 ? `${own}${videoPreviewKey(id)}` : '',
          screenshots: Array.from(
            { length: shots },
            (_, i) => `${own}${videoScreenshotKey(id, i + 1)}`,
          ),
          timeline: media(video.media.timeline),
          width: Number(video.media.width ?? video.media.probe?.width ?? 0),
          height: Number(video.media.height ?? video.media.probe?.height ?? 0),
        },
        uploader: {
          id: userId,
          username: video.username,
          joined: isoTime(video.user_created_at),
          trusted: video.trusted_uploader,
          ...history,
        },
        duplicates: duplicates.map((d) => ({
          id: Number(d.id),
          title: d.title,
          state: videoState(d.status_id),
          why: d.same_uploader ? 'same_uploader_title' : 'same_title',
        })),
        statements: statements.map(toStatement),
        record,
        fingerprint_matches: fingerprinted.flatMap((match) => {
          const other = matched.find((row) => Number(row.id) === match.id);
          if (!other) return [];
          const sign = deps.signVideo(other.media.sharedFrom ?? match.id);
          return [
            {
              id: match.id,
              title: other.title,
              state: videoState(other.status_id),
              similarity: match.similarity,
              offset_s: Math.round(match.offsetS),
              verdict: match.verdict,
              takedown_reason: other.takedown_reason ?? '',
              poster:
                Number(other.media_version) > 0
                  ? `${deps.signVideo(match.id)}${videoPreviewKey(match.id)}`
                  : '',
              hls: other.media.hls ? `${sign}${other.media.hls}` : '',
            },
          ];
        }),
        queue: { position: around.position, total, previous: around.previous, next: around.next },
      };
    },

    async decide(
      actor: Actor,
      id: number,
      decision: Decision,
    ): Promise<{ success: 1; next: number | null }> {
      requireStaff(actor.viewer, 'review', 'video');
      const video = await reviews.video(id);
      if (!video) throw new AppError('not_found');
      // An appeal goes to another staff member than the one who decided (DSA art. 20).
      const open = await reviews.openAppeal(id);
      if (open && Number(open.decided_by) === actor.viewer.userId) {
        throw new AppError('no_permission', { field: 'id', info: { reason: 'own_decision' } });
      }
      const appeal = open
        ? { statementId: Number(open.id), staffId: actor.viewer.userId }
        : undefined;
      const audit = {
        actor,
        objectType: 'video' as const,
        objectId: id,
        before: { state: videoState(video.status_id) },
      };
      if (decision.decision === 'approve') {
        if (!(await deps.recordOf(id))) {
          throw new AppError('records_missing', { field: 'id' });
        }
        const done = await reviews.approve(
          id,
          { ...audit, action: 'video.approve', after: { state: 'active' } },
          appeal,
        );
        if (!done) throw notWaiting((await reviews.video(id))?.status_id ?? video.status_id);
        await deps.published(id);
        deps.changed({ videoId: id, userId: done.user_id });
      } else {
        const done = await reviews.reject(
          id,
          { reason: decision.reason, note: decision.note, staffId: actor.viewer.userId },
          {
            ...audit,
            action: 'video.reject',
            after: { state: 'rejected' },
            reason: decision.reason,
            note: decision.note,
          },
          appeal,
        );
        if (!done) throw notWaiting((await reviews.video(id))?.status_id ?? video.status_id);
        deps.changed({ videoId: id, userId: done.userId });
        await deps.tellMember({
          id: done.statementId,
          userId: done.userId,
          videoTitle: video.title,
          reason: decision.reason,
          note: decision.note,
        });
      }
      return { success: 1, next: (await reviews.around(id)).next };
    },
  };
}

/** Another moderator decided first: the video is not waiting any more. */
function notWaiting(status: number): AppError {
  return new AppError('not_found', { field: 'id', info: { state: videoState(status) } });
}

export type ReviewService = ReturnType<typeof createReviewService>;
