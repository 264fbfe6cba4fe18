import { AppError } from '../../contracts/errors.ts';
import { isoTime } from '../../contracts/format.ts';
import type { AppealsPage } from '../../contracts/moderation.schema.ts';
import {
  CONSOLE_PAGE_SIZE,
  consolePages,
  MODERATION_NOTE_MAX,
  type ModeratedObject,
} from '../../contracts/moderation.ts';
import { requireStaff } from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import type { Actor } from '../kernel/audit/audit-entry.ts';
import type { AppealsRepository } from './appeals.repository.ts';
import { revokeStrikeOf } from './strikes.repository.ts';
import type { TakedownRepository } from './takedown.repository.ts';

// Appeals of removals and strikes (DSA art. 20, decision 0049): a member's appeal waits in
// the console until a staff member other than the one who decided upholds it or reverses it.
// Reversing a removal restores the takedown and takes its strike back; reversing a strike
// takes the strike back.

export interface AppealsDeps {
  appeals: AppealsRepository;
  takedowns: TakedownRepository;
  /** Forget every cached answer and media decision that may show the object. */
  gone(objectId: number, userId: number, objectType: string): void;
}

class AlreadyDecided extends Error {}

const isObjectType = (type: string): type is 'video' | 'comment' | 'playlist' | 'album' =>
  type === 'video' || type === 'comment' || type === 'playlist' || type === 'album';

export function createAppealsService(deps: AppealsDeps) {
  const { appeals, takedowns } = deps;
  return {
    async list(viewer: Viewer | null, page: number): Promise<AppealsPage> {
      const staff = requireStaff(viewer, 'disable', 'video');
      const [rows, total] = await Promise.all([
        appeals.list({ limit: CONSOLE_PAGE_SIZE, offset: (page - 1) * CONSOLE_PAGE_SIZE }),
        appeals.count(),
      ]);
      return {
        items: rows.map((row) => ({
          id: Number(row.id),
          member: { id: Number(row.user_id), username: row.username ?? '' },
          object_type: row.object_type,
          object_id: Number(row.object_id),
          title: row.title ?? '',
          decision: row.decision,
          reason: row.reason,
          note: row.note,
          decided_by: row.decided_name ?? '',
          decided_at: isoTime(row.created_at),
          appeal_text: row.appeal_text,
          appealed_at: isoTime(row.appealed_at),
          can_decide: row.decided_by === null || Number(row.decided_by) !== staff.userId,
        })),
        total,
        page,
        pages: consolePages(total),
      };
    },

    async decide(
      actor: Actor,
      id: number,
      form: { decision: string; note: string },
    ): Promise<{ success: 1 }> {
      requireStaff(actor.viewer, 'disable', 'video');
      const codes: { field: string; code: 'required' | 'invalid_params' | 'max_length' }[] = [];
      if (form.decision === '') codes.push({ field: 'decision', code: 'required' });
      else if (form.decision !== 'uphold' && form.decision !== 'reverse') {
        codes.push({ field: 'decision', code: 'invalid_params' });
      }
      if (form.note.length > MODERATION_NOTE_MAX) codes.push({ field: 'note', code: 'max_length' });
      if (codes.length > 0) throw AppError.form(codes);
      const appeal = await appeals.open(id);
      if (!appeal) throw new AppError('not_found');
      // Someone else than the one who decided (DSA art. 20).
      if (appeal.decided_by !== null && Number(appeal.decided_by) === actor.viewer.userId) {
        throw new AppError('no_permission', { field: 'id', info: { reason: 'own_decision' } });
      }
      const staffId = actor.viewer.userId;
      // The audit row names the object the decision was about: all of a member's comments
      // removed at once, a strike or a ban are about the member.
      const objectType: ModeratedObject =
        !appeal.bulk && isObjectType(appeal.object_type) ? appeal.object_type : 'member';
      const entry = (outcome: 'upheld' | 'reversed') => ({
        actor,
        action: outcome === 'upheld' ? ('appeal.uphold' as const) : ('appeal.reverse' as const),
        objectType,
        objectId: Number(appeal.object_id),
        before: { appeal: 'open', decision: appeal.decision, statement: id },
        after: { appeal: outcome },
        reason: appeal.reason,
        note: form.note,
      });

      if (form.decision === 'uphold') {
        if (!(await appeals.decide(id, 'upheld', staffId, entry('upheld')))) {
          throw new AppError('not_found');
        }
        return { success: 1 };
      }

      if (appeal.decision === 'strike') {
        const done = await appeals.decide(id, 'reversed', staffId, entry('reversed'), (tx) =>
          appeals.revokeStrikeOfStatement(tx, id, staffId),
        );
        if (!done) throw new AppError('not_found');
        return { success: 1 };
      }

      // All the member's comments removed at once: no takedown row, they come back together.
      // (`object_id` is the member's id then, not a comment's: no takedown to look up.)
      if (appeal.bulk) {
        const done = await appeals.decide(
          id,
          'reversed',
          staffId,
          entry('reversed'),
          async (tx) => {
            await appeals.restoreBulkComments(tx, Number(appeal.user_id));
          },
        );
        if (!done) throw new AppError('not_found');
        deps.gone(Number(appeal.user_id), Number(appeal.user_id), 'comment');
        return { success: 1 };
      }

      // A removal: its takedown comes back, with the statement and the strike, together.
      const takedownId = await appeals.takedownInForce(
        appeal.object_type,
        Number(appeal.object_id),
      );
      if (takedownId !== undefined) {
        try {
          const restored = await takedowns.restore(
            takedownId,
            { staffId, note: form.note || `Appeal of statement ${id} reversed` },
            () => entry('reversed'),
            async (tx) => {
              if (!(await appeals.decided(tx, id, 'reversed', staffId))) throw new AlreadyDecided();
              await revokeStrikeOf(tx, takedownId, staffId);
            },
          );
          if (restored) {
            deps.gone(restored.objectId, restored.userId, restored.objectType);
            return { success: 1 };
          }
        } catch (error) {
          if (error instanceof AlreadyDecided) throw new AppError('not_found');
          throw error;
        }
      }
      // Nothing in force to put back (restored meanwhile): the appeal is settled all the same.
      if (!(await appeals.decide(id, 'reversed', staffId, entry('reversed')))) {
        throw new AppError('not_found');
      }
      return { success: 1 };
    },
  };
}

export type AppealsService = ReturnType<typeof createAppealsService>;
