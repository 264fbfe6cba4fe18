import { useSuspenseQuery } from '@tanstack/react-query';
import { commentsPath } from '../../../contracts/members.paths.ts';
import type { CommentsResponse } from '../../../contracts/members.schema.ts';
import { apiQuery } from '../../api/query.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { commentToPost, PostList } from '../post-list.tsx';
import { CommentForm } from './comment-form.tsx';
import { CommentLoginPrompt } from './comment-login-prompt.tsx';
import { commentsLifetime } from './comment-rules.ts';

// The wall tab of a model or channel page (SPEC.md §2): the comment form (or, for a visitor,
// the prompt to log in) and the comments. Its own chunk, loaded with the wall tab only
// (issue 18: a model page's first load shows its videos).

export function ObjectWall({ section, id }: { section: 'model' | 'channel'; id: number }) {
  const { user } = useGlobals();
  const { comments } = useSuspenseQuery(
    apiQuery<CommentsResponse>(commentsPath(commentsLifetime(user !== null), section, id)),
  ).data;
  return (
    <>
      {user ? <CommentForm section={section} objectId={id} /> : <CommentLoginPrompt />}
      <PostList
        key={comments[0]?.comment_id}
        posts={comments.map(commentToPost)}
        report="comment"
      />
    </>
  );
}
