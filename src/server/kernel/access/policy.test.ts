import { describe, expect, it } from 'vitest';
import { testViewer } from '../../../../tests/support/factories.ts';
import { AppError } from '../../../contracts/errors.ts';
import {
  accessOf,
  can,
  PERMISSIONS,
  permissionsOf,
  ROLE_PERMISSIONS,
  requireAccess,
  requireViewer,
} from './policy.ts';

// The permission table and its two questions: `can` (yes/no) and `requireAccess` (the
// access granted, or the SPEC.md §8 refusal).

const member = testViewer(1);
const other = testViewer(2);
const moderator = testViewer(3, 'mod', 'moderator');
const admin = testViewer(4, 'admin', 'administrator');

function refusal(run: () => unknown): { code: string; status: number; field?: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) {
      return {
        code: error.code,
        status: error.status,
        ...(error.field ? { field: error.field } : {}),
      };
    }
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('the role table', () => {
  it('grows from visitor to administrator, each role holding the one below', () => {
    const order = ['visitor', 'member', 'moderator', 'administrator'] as const;
    for (let i = 1; i < order.length; i++) {
      const below = ROLE_PERMISSIONS[order[i - 1] as (typeof order)[number]];
      const above = ROLE_PERMISSIONS[order[i] as (typeof order)[number]];
      for (const permission of below) expect(above.has(permission), permission).toBe(true);
      expect(above.size).toBeGreaterThan(below.size);
    }
  });

  it('gives administrators every permission and nobody another member’s uploads or messages', () => {
    expect([...ROLE_PERMISSIONS.administrator].sort()).toEqual([...PERMISSIONS].sort());
    expect(can(admin, 'update', 'upload', member.userId)).toBe(false);
    expect(can(admin, 'read', 'message', member.userId)).toBe(false);
  });

  it('gives moderators `any` for moderation only', () => {
    expect(can(moderator, 'hide', 'comment', member.userId)).toBe(true);
    expect(can(moderator, 'delete', 'comment', member.userId)).toBe(true);
    expect(can(moderator, 'disable', 'video', member.userId)).toBe(true);
    expect(can(moderator, 'read', 'playlist', member.userId)).toBe(true);
    expect(can(moderator, 'update', 'playlist', member.userId)).toBe(false);
    expect(can(moderator, 'delete', 'video', member.userId)).toBe(false);
    expect(can(admin, 'delete', 'video', member.userId)).toBe(true);
  });

  it('lets a trusted uploader, and staff, publish without review; a member not', () => {
    expect(can(member, 'publish', 'video')).toBe(false);
    expect(can({ ...member, trustedUploader: true }, 'publish', 'video')).toBe(true);
    expect(permissionsOf(member).has('publish:video:own')).toBe(false);
    expect(can(moderator, 'publish', 'video')).toBe(true);
  });
});

describe('can and accessOf', () => {
  it('answers own for the owner, any for staff holding it, nothing for another member', () => {
    expect(accessOf(member, 'update', 'playlist', member.userId)).toBe('own');
    expect(accessOf(other, 'update', 'playlist', member.userId)).toBeNull();
    expect(accessOf(admin, 'update', 'playlist', member.userId)).toBe('any');
    expect(accessOf(member, 'create', 'playlist')).toBe('own');
  });

  it('lets a visitor vote and report, and nothing else', () => {
    expect(can(null, 'create', 'vote')).toBe(true);
    expect(can(null, 'create', 'report')).toBe(true);
    expect(can(null, 'create', 'comment')).toBe(false);
    expect(can(null, 'read', 'playlist', member.userId)).toBe(false);
  });
});

describe('requireAccess', () => {
  it('answers need_auth to a visitor and no_permission to another member by default', () => {
    expect(refusal(() => requireAccess(null, 'update', 'album', { ownerId: 1 }))).toEqual({
      code: 'need_auth',
      status: 401,
    });
    expect(
      refusal(() => requireAccess(other, 'update', 'album', { ownerId: 1, field: 'album_id' })),
    ).toEqual({ code: 'no_permission', status: 403, field: 'album_id' });
  });

  it('hides existence where asked, and answers each refusal the endpoint has always given', () => {
    expect(
      refusal(() => requireAccess(other, 'read', 'playlist', { ownerId: 1, refusal: 'not_found' })),
    ).toEqual({ code: 'not_found', status: 404 });
    expect(
      refusal(() =>
        requireAccess(null, 'read', 'playlist', {
          ownerId: 1,
          visitor: 'playlist_is_private',
          refusal: 'playlist_is_private',
        }),
      ).code,
    ).toBe('playlist_is_private');
  });

  it('returns the access granted, for the repository filter', () => {
    expect(requireAccess(member, 'delete', 'video', { ownerId: 1 })).toBe('own');
    expect(requireAccess(admin, 'delete', 'video', { ownerId: 1 })).toBe('any');
  });
});

describe('requireViewer', () => {
  it('refuses a visitor with need_auth and hands back the signed-in viewer', () => {
    expect(refusal(() => requireViewer(null, 'read', 'message'))).toEqual({
      code: 'need_auth',
      status: 401,
    });
    expect(requireViewer(member, 'read', 'message')).toBe(member);
    expect(requireViewer(admin, 'create', 'upload')).toBe(admin);
  });

  it('refuses another member as requireAccess does, and a visitor even where visitors may', () => {
    expect(
      refusal(() => requireViewer(other, 'update', 'upload', { ownerId: 1, field: 'upload_id' })),
    ).toEqual({ code: 'no_permission', status: 403, field: 'upload_id' });
    expect(refusal(() => requireViewer(null, 'create', 'vote')).code).toBe('need_auth');
  });
});
