import type { ConsoleMe } from '../../contracts/moderation.schema.ts';
import { permissionsOf, requireStaff } from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';

// Who is at the console (decision 0043): it opens for every staff role, which is whoever
// may read the audit log; the console shows what the answer's permissions allow.

export function createConsoleService() {
  return {
    me(viewer: Viewer | null): ConsoleMe {
      const staff = requireStaff(viewer, 'read', 'audit');
      return {
        id: staff.userId,
        username: staff.username,
        role: staff.role === 'administrator' ? 'administrator' : 'moderator',
        permissions: [...permissionsOf(staff)].sort(),
      };
    },
  };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;
