import type { CommentSection } from '../../../contracts/constants.ts';
import { COMMENT_LIMITS, LIFETIME } from '../../../contracts/constants.ts';
import type { ErrorCode } from '../../../contracts/errors.ts';
import { commentsPath, memberPath } from '../../../contracts/members.paths.ts';
import type { CommentsResponse, MemberResponse } from '../../../contracts/members.schema.ts';
import type { CommentResponse } from '../../../contracts/stat.schema.ts';

// The comment form's rules (SPEC.md §5 Comment: required, at least 5 characters; the server
// also refuses more than 2000) and where a posted comment goes in the query cache.

export interface CommentError {
  code: ErrorCode;
  info: Record<string, string | number>;
}

/** The `{length}` of a length failure, for "Must be at least {length} characters long". */
export function commentErrorInfo(code: ErrorCode): Record<string, number> {
  if (code === 'min_length') return { length: COMMENT_LIMITS.min };
  if (code === 'max_length') return { length: COMMENT_LIMITS.max };
  return {};
}

/** The failure of a comment before the call, or undefined when it may be sent. */
export function checkComment(message: string): CommentError | undefined {
  const length = [...message.trim()].length;
  const code: ErrorCode | undefined =
    length === 0
      ? 'required'
      : length < COMMENT_LIMITS.min
        ? 'min_length'
        : length > COMMENT_LIMITS.max
          ? 'max_length'
          : undefined;
  return code ? { code, info: commentErrorInfo(code) } : undefined;
}

/**
 * The cache lifetime of a comments or wall read. SPEC.md §9: comments 3600 s, 0 for a
 * signed-in reader, who must see their own new comment at once.
 */
export function commentsLifetime(signedIn: boolean): number {
  return signedIn ? 0 : LIFETIME.comments;
}

/** The member profile read that carries the wall, as a signed-in reader asks for it. */
export function memberWallPath(signedIn: boolean, memberId: number): string {
  return memberPath(signedIn ? 0 : LIFETIME.member, 'wall', memberId);
}

/**
 * The query key path a posted comment goes into: the comments of the object, or for
 * `member` the wall in the member's profile. Only members post, so only their reads count.
 */
export function postedCommentPath(section: CommentSection, objectId: number): string {
  return section === 'member'
    ? memberWallPath(true, objectId)
    : commentsPath(commentsLifetime(true), section, objectId);
}

type PostedComment = CommentResponse['comment'];

/** A comments list with the new comment first (newest first), once. */
export function withComment(
  list: CommentsResponse | undefined,
  comment: PostedComment,
): CommentsResponse | undefined {
  if (!list || list.comments.some((c) => c.comment_id === comment.comment_id)) return list;
  return {
    ...list,
    comments: [comment, ...list.comments],
    total_count: String(Number(list.total_count) + 1),
  };
}

/** A member profile with the new post first on its wall, once. */
export function withWallPost(
  profile: MemberResponse | undefined,
  comment: PostedComment,
): MemberResponse | undefined {
  if (!profile) return profile;
  const wall = profile.wall ?? [];
  if (wall.some((post) => post.post_id === comment.comment_id)) return profile;
  return {
    ...profile,
    wall: [
      {
        post_id: comment.comment_id,
        user_id: comment.user_id,
        username: comment.username,
        avatar: comment.avatar,
        added_date: comment.added_date,
        message: comment.comment,
      },
      ...wall,
    ],
  };
}
