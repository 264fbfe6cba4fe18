import { AppError, type ErrorCode } from '../../contracts/errors.ts';
import { isoTime } from '../../contracts/format.ts';
import {
  CONSOLE_PAGE_SIZE,
  consolePages,
  isModerationReason,
  MODERATION_NOTE_MAX,
} from '../../contracts/moderation.ts';
import type {
  ConsoleMemberPage,
  MemberBan,
  MemberComments,
  MemberReports,
  MemberUploads,
  MemberWallPosts,
} from '../../contracts/people.schema.ts';
import { requireStaff } from '../kernel/access/policy.ts';
import { roleOf } from '../kernel/access/roles.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import type { Actor } from '../kernel/audit/audit-entry.ts';
import type { ContentMoved, MemberTarget } from './ban.repository.ts';
import { movedCount } from './ban.repository.ts';
import type { BanRow, MemberAdminRepository } from './member-admin.repository.ts';
import type { MemberNotice } from './member-mail.ts';
import type { StrikeOutcome, StrikePolicy } from './people-strikes.ts';
import { videoState } from './review.service.ts';

// Acts on a member's account from the console (issue 16, decision 0048). Who may act on whom:
// staff with `disable:member:any` ban, unban and strike members and revoke their strikes; an
// administrator may also do so to a moderator (a moderator gone rogue), nobody to an
// administrator (an administrator's account is first made a member's again with the staff
// command), and nobody to themselves (a moderator revoking their own strike included). Removing comments and hiding wall posts (`hide:comment:any`) is an
// act on content, not on the account: staff may do it to anyone's.

const STATUS = ['unconfirmed', 'active', 'banned'] as const;
const RECORD_ROWS = 50;

export interface MemberAdminDeps {
  members: MemberAdminRepository;
  strikePolicy: StrikePolicy;
  /** The member's public content changed: forget cached answers and media decisions. */
  gone(moved: ContentMoved): void;
  /** The member's sessions changed: forget the cached lookups. */
  signedOut(userId: number): void;
  /** A post on this member's wall was hidden or shown again: forget their cached answers. */
  wallChanged(ownerId: number): void;
  tellMember(notice: MemberNotice): Promise<void>;
}

type FormErrors = { field: string; code: ErrorCode }[];

const text = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string) : '';

/** `reason` and `note` of a ban, strike or removal, checked into `errors`. */
function reasonAndNote(form: Record<string, unknown>, errors: FormErrors) {
  const reason = text(form, 'reason');
  if (reason === '') errors.push({ field: 'reason', code: 'required' });
  else if (!isModerationReason(reason)) errors.push({ field: 'reason', code: 'invalid_params' });
  const note = text(form, 'note').trim();
  if (reason === 'other' && note === '') errors.push({ field: 'note', code: 'required' });
  if (note.length > MODERATION_NOTE_MAX) errors.push({ field: 'note', code: 'max_length' });
  return { reason, note };
}

export interface BanForm {
  reason: string;
  note: string;
  hideContent: boolean;
}

export function parseBan(form: Record<string, unknown>): BanForm {
  const errors: FormErrors = [];
  const { reason, note } = reasonAndNote(form, errors);
  const hide = text(form, 'hide_content') || '0';
  if (hide !== '0' && hide !== '1') errors.push({ field: 'hide_content', code: 'invalid_params' });
  if (errors.length > 0) throw AppError.form(errors);
  return { reason, note, hideContent: hide === '1' };
}

export function parseReason(form: Record<string, unknown>): { reason: string; note: string } {
  const errors: FormErrors = [];
  const checked = reasonAndNote(form, errors);
  if (errors.length > 0) throw AppError.form(errors);
  return checked;
}

export function parseNote(form: Record<string, unknown>): string {
  const raw = form.note ?? '';
  if (typeof raw !== 'string') throw AppError.form([{ field: 'note', code: 'invalid_params' }]);
  const note = raw.trim();
  if (note.length > MODERATION_NOTE_MAX) {
    throw AppError.form([{ field: 'note', code: 'max_length' }]);
  }
  return note;
}

/** Whether `viewer` may ban, unban, strike `target` or revoke its strike (the rule above). */
export function mayActOn(viewer: Viewer, target: Pick<MemberTarget, 'id' | 'role'>): boolean {
  if (target.id === viewer.userId) return false;
  const role = roleOf(target.role);
  if (role === 'administrator') return false;
  if (role === 'moderator') return viewer.role === 'administrator';
  return true;
}

const refuse = (outcome: 'missing' | 'forbidden' | 'already'): never => {
  if (outcome === 'missing') throw new AppError('not_found');
  if (outcome === 'forbidden') throw new AppError('no_permission');
  throw AppError.form([{ field: 'id', code: 'already_added' }]);
};

const pageOf = (page: number) => ({
  limit: CONSOLE_PAGE_SIZE,
  offset: (page - 1) * CONSOLE_PAGE_SIZE,
});
const paged = <T>(items: T[], total: number, page: number) => ({
  items,
  total,
  page,
  pages: consolePages(total),
});

const toBan = (row: BanRow): MemberBan => ({
  id: Number(row.id),
  reason: row.reason,
  note: row.note,
  hide_content: row.hide_content,
  by: row.by ?? '',
  created_at: isoTime(row.created_at),
  lifted_at: row.lifted_at ? isoTime(row.lifted_at) : null,
  lifted_by: row.lifted_by ?? '',
  lift_note: row.lift_note,
});

export function createMemberAdminService(deps: MemberAdminDeps) {
  const { members } = deps;

  /**
   * After a strike committed (given here, or earned by a DMCA takedown): the member is told,
   * and when it made a ban they are signed out and what it hid is forgotten everywhere.
   */
  const struck = async (
    userId: number,
    done: Pick<StrikeOutcome, 'statementId' | 'inForce' | 'ban'>,
    /** `dmca`: a notice's strike, countered rather than appealed (its mail says so). */
    form: { reason: string; note: string; dmca?: boolean },
  ): Promise<void> => {
    if (done.statementId !== null) {
      await deps.tellMember({
        id: done.statementId,
        userId,
        decision: {
          kind: 'strike',
          count: done.inForce,
          limit: deps.strikePolicy.strikesToBan,
          dmca: form.dmca ?? false,
        },
        reason: form.reason,
        note: form.note,
      });
    }
    if (done.ban) {
      deps.signedOut(userId);
      deps.gone(done.ban.hidden);
      await deps.tellMember({
        id: done.ban.statementId,
        userId,
        decision: { kind: 'banned', hidden: deps.strikePolicy.hideContent },
        reason: 'repeat_infringer',
        note: '',
      });
    }
  };

  return {
    async member(viewer: Viewer | null, userId: number): Promise<ConsoleMemberPage> {
      requireStaff(viewer, 'read', 'member');
      const row = await members.summary(userId);
      if (!row) throw new AppError('not_found');
      const [strikes, bans, statements, reports] = await Promise.all([
        members.strikes(userId, RECORD_ROWS),
        members.bans(userId, RECORD_ROWS),
        members.statements(userId, RECORD_ROWS),
        members.countReports(userId),
      ]);
      const allBans = bans.map(toBan);
      return {
        member: {
          id: Number(row.id),
          username: row.username,
          email: row.email,
          role: roleOf(Number(row.role)),
          trusted: row.trusted_uploader,
          status: STATUS[Number(row.status)] ?? 'banned',
          joined: isoTime(row.created_at),
          last_sign_in: row.last_login_at ? isoTime(row.last_login_at) : null,
          lang: row.lang,
        },
        counts: {
          uploads: Number(row.uploads),
          comments: Number(row.comments),
          wall_posts: Number(row.wall_posts),
          reports,
        },
        strikes_in_force: Number(row.strikes_in_force),
        strikes_to_ban: deps.strikePolicy.strikesToBan,
        ban: allBans.find((ban) => ban.lifted_at === null) ?? null,
        strikes: strikes.map((s) => ({
          id: Number(s.id),
          reason: s.reason,
          note: s.note,
          by: s.by ?? '',
          takedown_id: s.takedown_id === null ? null : Number(s.takedown_id),
          dmca_notice_id: s.dmca_notice_id === null ? null : Number(s.dmca_notice_id),
          created_at: isoTime(s.created_at),
          revoked_at: s.revoked_at ? isoTime(s.revoked_at) : null,
          revoked_by: s.revoked_by ?? '',
        })),
        bans: allBans,
        statements: statements.map((s) => ({
          id: Number(s.id),
          object_type: s.object_type,
          object_id: Number(s.object_id),
          decision: s.decision,
          reason: s.reason,
          note: s.note,
          by: s.by ?? '',
          created_at: isoTime(s.created_at),
          mailed: s.mailed,
          appeal_state: s.appeal_state,
        })),
      };
    },

    async uploads(viewer: Viewer | null, userId: number, page: number): Promise<MemberUploads> {
      requireStaff(viewer, 'read', 'member');
      const { rows, total } = await members.uploads(userId, pageOf(page));
      return paged(
        rows.map((r) => ({
          id: Number(r.id),
          title: r.title,
          state: videoState(Number(r.status_id)),
          created_at: isoTime(r.created_at),
          dir: r.dir,
        })),
        total,
        page,
      );
    },

    async comments(viewer: Viewer | null, userId: number, page: number): Promise<MemberComments> {
      requireStaff(viewer, 'read', 'member');
      const { rows, total } = await members.comments(userId, pageOf(page));
      return paged(
        rows.map((r) => ({
          id: Number(r.id),
          section: r.section,
          object_id: Number(r.object_id),
          body: r.body,
          shown: Number(r.status) === 1,
          created_at: isoTime(r.created_at),
        })),
        total,
        page,
      );
    },

    async wallPosts(viewer: Viewer | null, userId: number, page: number): Promise<MemberWallPosts> {
      requireStaff(viewer, 'read', 'member');
      const { rows, total } = await members.wallPosts(userId, pageOf(page));
      return paged(
        rows.map((r) => ({
          id: Number(r.id),
          owner_id: Number(r.owner_id),
          owner: r.owner,
          body: r.body,
          shown: Number(r.status) === 1,
          created_at: isoTime(r.created_at),
        })),
        total,
        page,
      );
    },

    async reports(viewer: Viewer | null, userId: number, page: number): Promise<MemberReports> {
      requireStaff(viewer, 'read', 'member');
      const { rows, total } = await members.reports(userId, pageOf(page));
      return paged(
        rows.map((r) => ({
          id: Number(r.id),
          subject: r.subject,
          state: r.state,
          object_type: r.object_type,
          object_id: Number(r.object_id),
          message: r.message,
          created_at: isoTime(r.created_at),
        })),
        total,
        page,
      );
    },

    async ban(actor: Actor, userId: number, form: BanForm) {
      requireStaff(actor.viewer, 'disable', 'member');
      const done = await members.ban(
        { userId, ...form, staffId: actor.viewer.userId },
        (target) => mayActOn(actor.viewer, target),
        ({ banId, before, hidden }) => ({
          actor,
          action: 'member.ban',
          objectType: 'member',
          objectId: userId,
          before: { status: STATUS[before] ?? 'banned' },
          after: {
            status: 'banned',
            ban_id: banId,
            hide_content: form.hideContent,
            hidden: movedCount(hidden),
          },
          reason: form.reason,
          note: form.note,
        }),
      );
      if (done.outcome !== 'done') return refuse(done.outcome);
      deps.signedOut(userId);
      deps.gone(done.hidden);
      await deps.tellMember({
        id: done.statementId,
        userId,
        decision: { kind: 'banned', hidden: form.hideContent },
        reason: form.reason,
        note: form.note,
      });
      return { success: 1 as const, ban_id: done.banId, hidden: movedCount(done.hidden) };
    },

    async unban(actor: Actor, userId: number, note: string) {
      requireStaff(actor.viewer, 'disable', 'member');
      const done = await members.unban(
        { userId, staffId: actor.viewer.userId, note },
        (target) => mayActOn(actor.viewer, target),
        ({ banId, restored }) => ({
          actor,
          action: 'member.unban',
          objectType: 'member',
          objectId: userId,
          before: { status: 'banned', ban_id: banId },
          after: { status: 'active', restored: movedCount(restored) },
          note,
        }),
      );
      if (done.outcome !== 'done') return refuse(done.outcome);
      deps.signedOut(userId);
      deps.gone(done.restored);
      return { success: 1 as const, restored: movedCount(done.restored) };
    },

    struck,

    async strike(actor: Actor, userId: number, form: { reason: string; note: string }) {
      requireStaff(actor.viewer, 'disable', 'member');
      const done = await members.strike(
        { userId, ...form, staffId: actor.viewer.userId },
        deps.strikePolicy,
        actor,
        (target) => mayActOn(actor.viewer, target),
      );
      if (done.outcome !== 'done') return refuse(done.outcome);
      await struck(userId, done, form);
      return {
        success: 1 as const,
        strike_id: Number(done.strikeId),
        in_force: done.inForce,
        banned: done.ban !== null,
      };
    },

    async revokeStrike(actor: Actor, strikeId: number, note: string) {
      requireStaff(actor.viewer, 'disable', 'member');
      const done = await members.revokeStrike(
        strikeId,
        actor.viewer.userId,
        (target) => mayActOn(actor.viewer, target),
        (strike) => ({
          actor,
          action: 'member.strike_revoke',
          objectType: 'member',
          objectId: strike.userId,
          before: { strike_id: strikeId, in_force: true },
          after: { strike_id: strikeId, in_force: false },
          reason: strike.reason,
          note,
        }),
      );
      if (done.outcome !== 'done') return refuse(done.outcome);
      return { success: 1 as const };
    },

    async removeComments(actor: Actor, userId: number, form: { reason: string; note: string }) {
      requireStaff(actor.viewer, 'hide', 'comment');
      const done = await members.removeComments(
        { userId, ...form, staffId: actor.viewer.userId },
        (count) => ({
          actor,
          action: 'member.comments_remove',
          objectType: 'member',
          objectId: userId,
          after: { comments_removed: count },
          reason: form.reason,
          note: form.note,
        }),
      );
      if (!done) throw new AppError('not_found');
      if (done.count > 0) {
        deps.gone({ videos: [], albums: [], playlists: 0, comments: done.count, wallPosts: 0 });
      }
      if (done.statementId !== null) {
        await deps.tellMember({
          id: done.statementId,
          userId,
          decision: { kind: 'comments', count: done.count },
          reason: form.reason,
          note: form.note,
        });
      }
      return { success: 1 as const, removed: done.count };
    },

    async setWallPost(actor: Actor, postId: number, shown: boolean, note: string) {
      requireStaff(actor.viewer, 'hide', 'comment');
      const done = await members.setWallPost(postId, shown, actor.viewer.userId, (post) => ({
        actor,
        action: shown ? 'wall_post.unhide' : 'wall_post.hide',
        objectType: 'wall_post',
        objectId: postId,
        before: { shown: !shown, author_id: post.authorId, owner_id: post.ownerId },
        after: { shown },
        note,
      }));
      if (!done) throw new AppError('not_found');
      // A wall post shows on its owner's wall only: the rest of the cache may stay.
      deps.wallChanged(done.ownerId);
      return { success: 1 as const };
    },
  };
}

export type MemberAdminService = ReturnType<typeof createMemberAdminService>;
