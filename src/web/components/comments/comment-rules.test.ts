import { describe, expect, it } from 'vitest';
import { LIFETIME } from '../../../contracts/constants.ts';
import { commentsPath, memberPath } from '../../../contracts/members.paths.ts';
import type { CommentsResponse, MemberResponse } from '../../../contracts/members.schema.ts';
import {
  checkComment,
  commentsLifetime,
  postedCommentPath,
  withComment,
  withWallPost,
} from './comment-rules.ts';

const comment = {
  comment_id: '9',
  user_id: '3',
  username: 'demo',
  avatar: '/a.png',
  added_date: '2025-01-02 03:04:05',
  comment: 'Hello there',
};

describe('checkComment', () => {
  it('asks for a comment', () => {
    expect(checkComment('')?.code).toBe('required');
    expect(checkComment('   \n ')?.code).toBe('required');
  });

  it('needs at least 5 characters, spaces around not counted', () => {
    expect(checkComment('  abcd  ')).toEqual({ code: 'min_length', info: { length: 5 } });
    expect(checkComment('abcde')).toBeUndefined();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkComment('😀😀😀😀')?.code).toBe('min_length');
    expect(checkComment('😀😀😀😀😀')).toBeUndefined();
  });

  it('refuses more than 2000 characters', () => {
    expect(checkComment('a'.repeat(2000))).toBeUndefined();
    expect(checkComment('a'.repeat(2001))).toEqual({ code: 'max_length', info: { length: 2000 } });
  });
});

describe('where a posted comment goes', () => {
  it('reads uncached for members, cached for visitors', () => {
    expect(commentsLifetime(true)).toBe(0);
    expect(commentsLifetime(false)).toBe(LIFETIME.comments);
  });

  it('is the members’ comments read, or the wall of the member profile', () => {
    expect(postedCommentPath('video', 12)).toBe(commentsPath(0, 'video', 12));
    expect(postedCommentPath('channel', 7)).toBe(commentsPath(0, 'channel', 7));
    expect(postedCommentPath('member', 5)).toBe(memberPath(0, 'wall', 5));
  });
});

describe('withComment', () => {
  const list: CommentsResponse = {
    comments: [{ ...comment, comment_id: '8', comment: 'Older one' }],
    total_count: '1',
  };

  it('puts the new comment first and counts it', () => {
    const next = withComment(list, comment);
    expect(next?.comments.map((c) => c.comment_id)).toEqual(['9', '8']);
    expect(next?.total_count).toBe('2');
  });

  it('adds it once and leaves an unloaded list alone', () => {
    const once = withComment(list, comment);
    expect(withComment(once, comment)).toBe(once);
    expect(withComment(undefined, comment)).toBeUndefined();
  });
});

describe('withWallPost', () => {
  const profile = { member: {}, wall: [] } as unknown as MemberResponse;

  it('puts the new post first on the wall, once', () => {
    const next = withWallPost(profile, comment);
    expect(next?.wall).toEqual([
      {
        post_id: '9',
        user_id: '3',
        username: 'demo',
        avatar: '/a.png',
        added_date: '2025-01-02 03:04:05',
        message: 'Hello there',
      },
    ]);
    expect(withWallPost(next, comment)).toBe(next);
    expect(withWallPost(undefined, comment)).toBeUndefined();
  });
});
