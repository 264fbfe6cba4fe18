import { ACCOUNT_PURGE_DAYS, exportFileName, tombstone } from '../../contracts/account-data.ts';
import { checkLogin } from '../../contracts/auth.rules.ts';
import { CAPTCHA_FIELD } from '../../contracts/captcha.ts';
import { AppError } from '../../contracts/errors.ts';
import {
  albumDir,
  isSafeKey,
  memberAvatarKey,
  memberCoverKey,
  videoDir,
} from '../../media/keys.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { requireViewer } from '../kernel/access/policy.ts';
import { isStaff, roleOf } from '../kernel/access/roles.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import { type Actor, SYSTEM_ACTOR } from '../kernel/audit/audit-entry.ts';
import type { JobQueue } from '../kernel/jobs/queue.ts';
import { verifyPassword } from '../kernel/passwords.ts';
import type { AccountRepository } from './account.repository.ts';
import type { AccountDataRepository } from './account-data.repository.ts';
import type {
  AccountDeletionRepository,
  DeletionAccount,
  Retired,
} from './account-deletion.repository.ts';
import { type SignInGuard, signInSubject } from './sign-in-guard.ts';

// A member's own data (GDPR, decision 0057): the export they download from /edit/ and the
// deletion of their account. The deletion's at-once part runs in the request; the purge of
// what is left runs in the `account.purge` job (account-purge.job.ts) through `purgeAccount`.

/** An audit row of the member's own act: their id only, no name, address or browser. */
function memberActor(viewer: Viewer): Actor {
  return {
    viewer: { ...viewer, username: tombstone.username(viewer.userId) },
    ip: '',
    userAgent: '',
  };
}

export interface AccountDataDeps {
  data: AccountDataRepository;
  deletion: AccountDeletionRepository;
  /** The sign-in's lookup and guard: the sessionless deletion is a sign-in attempt too. */
  accounts: Pick<AccountRepository, 'findForLogin'>;
  guard: SignInGuard;
  site: { name: string; url: string };
  /** Where the purge is queued; without one the nightly sweep does it. */
  jobs?: Pick<JobQueue, 'send'> | undefined;
  /** After the at-once part: every cached answer, media decision and session forgotten. */
  gone(userId: number, retired: Retired): void;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  now?: () => Date;
}

export interface AccountExport {
  fileName: string;
  body: string;
}

export function createAccountDataService(deps: AccountDataDeps) {
  const now = deps.now ?? (() => new Date());

  /** The signed-in member's confirmation: the password, or the username without one. */
  async function confirmed(account: DeletionAccount, input: { pwd: string; confirm: string }) {
    if (account.passwordHash !== null) {
      if (input.pwd === '') throw AppError.form([{ field: 'pwd', code: 'required' }]);
      if (!(await verifyPassword(account.passwordHash, input.pwd))) {
        throw AppError.form([{ field: 'pwd', code: 'invalid_password' }]);
      }
      return;
    }
    const typed = input.confirm.trim();
    if (typed === '') throw AppError.form([{ field: 'confirm', code: 'required' }]);
    if (typed.toLowerCase() !== account.username.toLowerCase()) {
      throw AppError.form([{ field: 'confirm', code: 'username_mismatch' }]);
    }
  }

  /**
   * Without a session: a banned member's username or address and password. Every attempt
   * goes through the sign-in's guard (the same counters: a captcha past a few wrong passwords
   * at the account, a limit per account and address) and answers as sign-in does, so this
   * path guesses no better than the sign-in form. Only a banned account is deleted here;
   * any other learns, as from sign-in, what it must do (sign in and delete from /edit/).
   */
  async function byPassword(input: { usr: string; pwd: string; captcha: string }, ip: string) {
    const local = checkLogin(input.usr, input.pwd);
    if (local.length > 0) throw AppError.form(local);
    const row = await deps.accounts.findForLogin(input.usr.trim());
    const subject = signInSubject(row?.id, input.usr);
    await deps.guard.admit({ subject, address: ip, captcha: input.captcha });
    // Unknown account, no password, wrong password: one answer, one hash's time.
    const ok = await verifyPassword(row?.password_hash ?? null, input.pwd);
    if (!row || !ok) {
      const captchaNext = await deps.guard.failed(subject);
      throw AppError.form([
        { field: 'usr', code: 'invalid_usr_or_pwd' },
        ...(captchaNext ? [{ field: CAPTCHA_FIELD, code: 'captcha_required' as const }] : []),
      ]);
    }
    // Told only to whoever knows the password, as sign-in tells it.
    if (row.status === 0) throw AppError.form([{ field: 'usr', code: 'not_confirmed' }]);
    // An account that may sign in deletes itself signed in; a staff account never without
    // its second factor.
    if (row.status !== 2 || isStaff(roleOf(Number(row.role)))) {
      throw new AppError('need_auth', { field: 'usr' });
    }
    const viewer: Viewer = {
      userId: Number(row.id),
      username: row.username,
      avatarVersion: 0,
      ageVerified: false,
      role: 'member',
      trustedUploader: false,
      sessionHash: '',
    };
    return viewer;
  }

  return {
    /** The member's data as one JSON document (GDPR art. 15 and 20). */
    async exportData(viewer: Viewer | null): Promise<AccountExport> {
      const member = requireViewer(viewer, 'read', 'profile');
      const rows = await deps.data.exportRows(member.userId);
      if (!rows.profile) throw new AppError('need_auth');
      const at = now();
      const document = {
        format: 'afterglow-member-data',
        version: 1,
        site: deps.site,
        exported_at: at.toISOString(),
        note: `Everything ${deps.site.name} stores about your account. Deleting your account removes or anonymises it within ${ACCOUNT_PURGE_DAYS} days.`,
        profile: { ...rows.profile, pending_email: rows.pendingEmail },
        uploads: rows.uploads,
        moderation_decisions: rows.moderation,
        comments: rows.comments,
        messages: rows.messages,
        wall_posts: { written: rows.wallPosts.written, on_my_wall: rows.wallPosts.onMyWall },
        playlists: rows.playlists,
        favourites: rows.favourites,
        watch_later: rows.watchLater,
        history: rows.history,
        subscriptions: rows.subscriptions,
        friends: rows.friends,
        votes: rows.votes,
        albums: rows.albums,
        sessions: rows.sessions,
        age_checks: rows.ageChecks,
      };
      await deps.data.recordExport({
        actor: memberActor(member),
        action: 'member.export',
        objectType: 'member',
        objectId: member.userId,
      });
      return {
        fileName: exportFileName(deps.site.name, String(rows.profile.username), at),
        body: JSON.stringify(document, null, 2),
      };
    },

    /**
     * Deletes the member's account: with their password, or (an account without one, made
     * with Google) their username typed. Without a session, a banned member (whose sessions
     * the ban ended and who may not sign in) names the account in `usr` with its password,
     * from address `ip`. Wrong or missing confirmation changes nothing.
     */
    async deleteAccount(
      viewer: Viewer | null,
      input: { pwd: string; confirm: string; usr: string; captcha: string },
      ip: string,
    ): Promise<void> {
      const member =
        viewer === null && input.usr.trim() !== '' ? await byPassword(input, ip) : null;
      const who = member ?? requireViewer(viewer, 'delete', 'profile');
      if (!member) {
        const account = await deps.deletion.account(who.userId);
        if (!account || account.deleted) throw new AppError('need_auth');
        await confirmed(account, input);
      }
      const retired = await deps.deletion.retire(who.userId, {
        actor: memberActor(who),
        action: 'member.delete',
        objectType: 'member',
        objectId: who.userId,
      });
      if (!retired) throw new AppError('need_auth');
      deps.gone(who.userId, retired);
      deps.log.info(
        { userId: who.userId, videos: retired.videos.length, albums: retired.albums.length },
        'member account deleted',
      );
      try {
        await deps.jobs?.send('account.purge', { userId: who.userId });
      } catch (error) {
        // The nightly sweep purges it: the member's request is done either way.
        deps.log.warn({ err: error, userId: who.userId }, 'account purge not queued');
      }
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;

/** Videos and albums purged per transaction: short transactions, PGlite serves others between. */
const PURGE_BATCH = 50;

/**
 * The purge of one deleted account: media files, then rows, then the tombstone marked purged
 * and the audit row. Every step may run again (a retried job): files already gone and rows
 * already removed are no error. False when the account was not waiting for its purge.
 */
export async function purgeAccount(
  deps: {
    deletion: AccountDeletionRepository;
    storage: Pick<MediaStorage, 'remove'>;
    signal?: AbortSignal;
  },
  userId: number,
): Promise<boolean> {
  const { deletion, storage } = deps;
  if (!(await deletion.purgePending(userId))) return false;
  let after = 0;
  for (;;) {
    deps.signal?.throwIfAborted();
    const videos = await deletion.videos(userId, after, PURGE_BATCH);
    if (videos.length === 0) break;
    for (const video of videos) {
      // A demo clip's files are played by other videos: they stay.
      if (video.pool) continue;
      await storage.remove(videoDir(video.id));
      if (video.source && isSafeKey(video.source)) await storage.remove(video.source);
    }
    await deletion.dropVideos(
      userId,
      videos.map((v) => v.id),
    );
    after = videos[videos.length - 1]?.id ?? after;
  }
  const albums = await deletion.albums(userId);
  for (let i = 0; i < albums.length; i += PURGE_BATCH) {
    deps.signal?.throwIfAborted();
    const batch = albums.slice(i, i + PURGE_BATCH);
    for (const id of batch) await storage.remove(albumDir(id));
    await deletion.dropAlbums(userId, batch);
  }
  for (const key of await deletion.ageEvidence(userId)) {
    if (isSafeKey(key)) await storage.remove(key);
  }
  await storage.remove(memberAvatarKey(userId));
  await storage.remove(memberCoverKey(userId));
  await deletion.finish(userId, {
    actor: SYSTEM_ACTOR,
    action: 'member.purge',
    objectType: 'member',
    objectId: userId,
  });
  return true;
}
