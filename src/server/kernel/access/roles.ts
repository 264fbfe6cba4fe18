// Who may run the site (issue 15, decision 0037): every account is a member; staff are
// moderators or administrators. The database stores the role's number (`users.role`).

export const ROLES = ['member', 'moderator', 'administrator'] as const;
export type Role = (typeof ROLES)[number];

/** `users.role` values: the position in ROLES. */
export const ROLE_IDS: Readonly<Record<Role, number>> = {
  member: 0,
  moderator: 1,
  administrator: 2,
};

/** The role of a stored `users.role`; an unknown number grants nothing beyond a member. */
export function roleOf(id: number): Role {
  return ROLES[id] ?? 'member';
}

export const isStaff = (role: Role): boolean => role !== 'member';
