import { VIDEO_STATUS } from '../../contracts/constants.ts';
import { AppError } from '../../contracts/errors.ts';
import { isoTime } from '../../contracts/format.ts';
import { MODERATION_NOTE_MAX } from '../../contracts/moderation.ts';
import {
  type AppealAnswer,
  MY_UPLOADS_PAGE_SIZE,
  type MyStatement,
  type MyUploadState,
  type MyUploads,
} from '../../contracts/my-uploads.schema.ts';
import { videoThumbKey } from '../../media/keys.ts';
import { PLACEHOLDER_IMAGE } from '../../media/media-urls.ts';
import { requireViewer } from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import { type AppealFacts, appealable, appealRefusal } from './appealable.ts';
import type { MyDecisionsRepository } from './my-decisions.repository.ts';
import { appealFactsOf as decisionFacts } from './my-decisions.service.ts';
import { type MyUploadRow, type MyUploadsRepository, VideoGone } from './my-uploads.repository.ts';

// The member's side of moderation (issue 16, decision 0045): their uploads in every state
// (a pending or rejected one has no public picture, so its thumbnail is signed for them) with
// the statement of reasons of a rejected or removed one, and the appeal of a rejection (DSA
// art. 20): once per decision, by the member it is about, which puts the video back in the
// review queue for another moderator (review.service.ts sees the open appeal).

export interface MyUploadsDeps {
  uploads: MyUploadsRepository;
  /** The member's other decisions, read as their list reads them (the appeal's facts). */
  decisions: Pick<MyDecisionsRepository, 'one'>;
  /** The signed URL prefix of a video's folder, for its owner. */
  signVideo(videoId: number): string;
  /** The public thumbnail of a published video (cacheable by everyone). */
  publicThumb(videoId: number, version: number): string;
  /** Forget what caches keep of the video and its uploader. */
  changed(change: { videoId: number; userId: number }): void;
}

const STATE_OF: Record<number, MyUploadState> = {
  [VIDEO_STATUS.disabled]: 'disabled',
  [VIDEO_STATUS.active]: 'active',
  [VIDEO_STATUS.error]: 'error',
  [VIDEO_STATUS.processing]: 'processing',
  [VIDEO_STATUS.review]: 'review',
  [VIDEO_STATUS.rejected]: 'rejected',
  [VIDEO_STATUS.removed]: 'removed',
};

/** Held down by a DMCA notice's item: countered, not appealed. */
const DMCA_HOLDS = new Set(['taken_down', 'countered', 'lawsuit']);

/** What `appealable` needs to know of an upload's latest statement, read from its row. */
function appealFactsOf(row: MyUploadRow, state: MyUploadState): AppealFacts | null {
  if (row.decision === null || row.appeal_state === null) return null;
  return {
    decision: row.decision,
    appealState: row.appeal_state,
    // Still rejected or removed by it: not published, restored or back in review since.
    inForce:
      (state === 'rejected' && row.decision === 'rejected') ||
      (state === 'removed' && row.decision === 'removed'),
    dmca: row.decision === 'removed' && row.dmca_state !== null && DMCA_HOLDS.has(row.dmca_state),
  };
}

/** The statement a member reads with an upload: why it is rejected or removed, or appealed. */
function statementOf(row: MyUploadRow, state: MyUploadState): MyStatement | null {
  const facts = appealFactsOf(row, state);
  if (row.statement_id === null || row.decision === null || facts === null) return null;
  const appealed = state === 'review' && facts.appealState === 'open';
  if (state !== 'rejected' && state !== 'removed' && !appealed) return null;
  return {
    id: Number(row.statement_id),
    decision: row.decision,
    reason: row.reason ?? '',
    note: row.note ?? '',
    created_at: isoTime(row.statement_at ?? row.created_at),
    appeal_state: facts.appealState,
    // A removal is appealed too, unless a DMCA notice took it: that is countered instead.
    can_appeal: appealable(facts),
  };
}

/** The appeal form: the statement and the member's words (1-2000 characters). */
export function parseAppeal(form: Record<string, unknown>): { statementId: number; text: string } {
  const raw = form.statement_id;
  const idText = typeof raw === 'string' ? raw : '';
  const text = typeof form.text === 'string' ? form.text.trim() : '';
  const codes: { field: string; code: 'required' | 'max_length' | 'invalid_params' }[] = [];
  if (idText === '') codes.push({ field: 'statement_id', code: 'required' });
  else if (!/^[1-9]\d{0,9}$/.test(idText)) {
    codes.push({ field: 'statement_id', code: 'invalid_params' });
  }
  if (text === '') codes.push({ field: 'text', code: 'required' });
  else if (text.length > MODERATION_NOTE_MAX) codes.push({ field: 'text', code: 'max_length' });
  if (codes.length > 0) throw AppError.form(codes);
  return { statementId: Number(idText), text };
}

export function createMyUploadsService(deps: MyUploadsDeps) {
  const { uploads, decisions } = deps;

  return {
    async list(viewer: Viewer | null, page: number): Promise<MyUploads> {
      const member = requireViewer(viewer, 'read', 'video');
      const [rows, total] = await Promise.all([
        uploads.list(member.userId, {
          limit: MY_UPLOADS_PAGE_SIZE,
          offset: (page - 1) * MY_UPLOADS_PAGE_SIZE,
        }),
        uploads.count(member.userId),
      ]);
      return {
        items: rows.map((row) => {
          const id = Number(row.id);
          const state = STATE_OF[Number(row.status_id)] ?? 'disabled';
          const version = Number(row.media_version);
          return {
            id,
            title: row.title,
            dir: row.dir,
            state,
            duration: Number(row.duration),
            uploaded_at: isoTime(row.created_at),
            // A taken-down video's media are refused even to signed links (media-access.ts):
            // its owner sees the placeholder rather than a broken picture.
            thumb:
              version === 0 || state === 'removed'
                ? PLACEHOLDER_IMAGE
                : state === 'active'
                  ? deps.publicThumb(id, version)
                  : `${deps.signVideo(id)}${videoThumbKey(id)}?v=${version}`,
            url: state === 'active' ? `/videos/${id}/${row.dir}/` : '',
            statement: statementOf(row, state),
            dmca:
              row.dmca_item_id === null || row.dmca_state === null
                ? null
                : {
                    item_id: Number(row.dmca_item_id),
                    state: row.dmca_state,
                    claimant: row.dmca_claimant ?? '',
                    works: row.dmca_works ?? '',
                    url: row.dmca_url ?? '',
                    restore_after: row.dmca_restore_after ? isoTime(row.dmca_restore_after) : null,
                    can_counter: row.dmca_state === 'taken_down' && state === 'removed',
                  },
            record_filed: row.record_filed,
            failure: state === 'error' ? (row.failure ?? 'video_upload_error') : null,
            refused_reason: state === 'error' ? row.refused_reason : null,
          };
        }),
        total,
        page,
        pages: Math.max(1, Math.ceil(total / MY_UPLOADS_PAGE_SIZE)),
      };
    },

    async appeal(viewer: Viewer | null, body: Record<string, unknown>): Promise<AppealAnswer> {
      const member = requireViewer(viewer, 'update', 'video');
      const form = parseAppeal(body);
      const statement = await uploads.statement(form.statementId);
      if (!statement) throw new AppError('not_found', { field: 'statement_id' });
      // An appeal is the member's own word: not even staff file one for somebody else.
      if (Number(statement.user_id) !== member.userId) {
        throw new AppError('no_permission', { field: 'statement_id' });
      }
      const statementId = Number(statement.id);
      // The facts as the member's lists read them, so the answer is what `can_appeal` said.
      let facts: AppealFacts | null = null;
      if (statement.object_type === 'video') {
        const upload = await uploads.one(member.userId, Number(statement.object_id));
        // The video is deleted since: nothing left to appeal.
        if (!upload) throw new AppError('not_found', { field: 'statement_id' });
        facts = appealFactsOf(upload, STATE_OF[Number(upload.status_id)] ?? 'disabled');
        // A later decision about the video replaced this one.
        if (facts && Number(upload.statement_id) !== statementId) {
          facts = { ...facts, inForce: false };
        }
      } else {
        const decision = await decisions.one(member.userId, statementId);
        facts = decision ? decisionFacts(decision) : null;
      }
      const refusal = facts ? appealRefusal(facts) : 'not_appealable';
      if (refusal === 'already_appealed') {
        throw new AppError('already_added', { field: 'statement_id' });
      }
      if (refusal !== null || facts === null) {
        throw new AppError('no_permission', {
          field: 'statement_id',
          info: { reason: refusal ?? 'not_appealable' },
        });
      }
      // A removal or a strike (decision 0049) waits for another staff member in the console;
      // a rejection puts the video back in the review queue at once.
      if (facts.decision === 'removed' || facts.decision === 'strike') {
        const opened = await uploads.appealDecision(
          { id: statementId, userId: member.userId },
          form.text,
        );
        if (!opened) throw new AppError('already_added', { field: 'statement_id' });
        return {
          success: 1,
          video_id: statement.object_type === 'video' ? Number(statement.object_id) : 0,
          state: 'appealed',
        };
      }
      // Only a video is rejected (by review, before it is published).
      if (statement.object_type !== 'video') {
        throw new AppError('no_permission', {
          field: 'statement_id',
          info: { reason: 'not_appealable' },
        });
      }
      const videoId = Number(statement.object_id);
      let done: boolean;
      try {
        done = await uploads.appeal({ id: statementId, videoId, userId: member.userId }, form.text);
      } catch (error) {
        if (error instanceof VideoGone) throw new AppError('not_found', { field: 'statement_id' });
        throw error;
      }
      if (!done) throw new AppError('already_added', { field: 'statement_id' });
      deps.changed({ videoId, userId: member.userId });
      return { success: 1, video_id: videoId, state: 'review' };
    },
  };
}

export type MyUploadsService = ReturnType<typeof createMyUploadsService>;
