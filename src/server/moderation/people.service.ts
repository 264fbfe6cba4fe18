import { AppError } from '../../contracts/errors.ts';
import { isoTime } from '../../contracts/format.ts';
import type { ConsoleMembers } from '../../contracts/moderation.schema.ts';
import { CONSOLE_PAGE_SIZE, consolePages } from '../../contracts/moderation.ts';
import { requireStaff } from '../kernel/access/policy.ts';
import { roleOf } from '../kernel/access/roles.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import type { Actor } from '../kernel/audit/audit-entry.ts';
import type { PeopleRepository } from './people.repository.ts';

// Members in the console (issue 16): staff with `read:member:any` find them; administrators
// (`update:member:any`) mark trusted uploaders, whose uploads skip the review queue.

const STATUS = ['unconfirmed', 'active', 'banned'] as const;

export function createPeopleService(deps: { people: PeopleRepository }) {
  return {
    async list(viewer: Viewer | null, opts: { page: number; q: string }): Promise<ConsoleMembers> {
      requireStaff(viewer, 'read', 'member');
      const q = opts.q || undefined;
      const [rows, total] = await Promise.all([
        deps.people.list({
          q,
          limit: CONSOLE_PAGE_SIZE,
          offset: (opts.page - 1) * CONSOLE_PAGE_SIZE,
        }),
        deps.people.count(q),
      ]);
      return {
        items: rows.map((row) => ({
          id: Number(row.id),
          username: row.username,
          email: row.email,
          role: roleOf(Number(row.role)),
          trusted: row.trusted_uploader,
          status: STATUS[Number(row.status)] ?? 'banned',
          joined: isoTime(row.created_at),
          uploads: Number(row.uploads),
        })),
        total,
        page: opts.page,
        pages: consolePages(total),
      };
    },

    async setTrusted(actor: Actor, userId: number, trusted: boolean): Promise<{ success: 1 }> {
      requireStaff(actor.viewer, 'update', 'member');
      const done = await deps.people.setTrusted(userId, trusted, (before) => ({
        actor,
        action: trusted ? 'member.trust' : 'member.untrust',
        objectType: 'member',
        objectId: userId,
        before: { trusted: before },
        after: { trusted },
      }));
      if (!done) throw new AppError('not_found');
      return { success: 1 };
    },
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
