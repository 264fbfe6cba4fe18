import { MEMBERS_PATH, withQuery } from './console-paths.ts';

// The console member page's addresses (decision 0048): the record, its paged lists and the
// acts on the account.

export const MEMBER_LISTS = ['uploads', 'comments', 'wall_posts', 'reports'] as const;
export type MemberList = (typeof MEMBER_LISTS)[number];

export const memberRecordPath = (id: number) => `${MEMBERS_PATH}/${id}`;

export const memberListPath = (id: number, list: MemberList, page: number) =>
  withQuery(`${MEMBERS_PATH}/${id}/${list}`, [['page', page]]);

export const banPath = (id: number) => `${MEMBERS_PATH}/${id}/ban`;
export const unbanPath = (id: number) => `${MEMBERS_PATH}/${id}/unban`;
export const strikesPath = (id: number) => `${MEMBERS_PATH}/${id}/strikes`;
export const removeCommentsPath = (id: number) => `${MEMBERS_PATH}/${id}/comments/remove`;
export const revokeStrikePath = (strikeId: number) => `/api/admin/strikes/${strikeId}/revoke`;
export const wallPostPath = (postId: number, shown: boolean) =>
  `/api/admin/wall_posts/${postId}/${shown ? 'unhide' : 'hide'}`;

/** Whether a query key's path is part of one member's record (to read again after an act). */
export const isMemberRecordPath = (path: string, id: number) =>
  path === memberRecordPath(id) || path.startsWith(`${memberRecordPath(id)}/`);
