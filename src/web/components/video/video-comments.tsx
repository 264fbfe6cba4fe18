import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../contracts/constants.ts';
import { shortCount } from '../../../contracts/format.ts';
import { commentsPath } from '../../../contracts/members.paths.ts';
import type { CommentsResponse } from '../../../contracts/members.schema.ts';
import { apiQuery } from '../../api/query.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from '../../routes/video.module.css';
import { CommentForm } from '../comments/comment-form.tsx';
import { CommentLoginPrompt } from '../comments/comment-login-prompt.tsx';
import { commentsLifetime } from '../comments/comment-rules.ts';
import { commentToPost, PostList } from '../post-list.tsx';
import { CommentsPlace } from './comments-place.tsx';

/**
 * The comments of a video, 10 a page turned in the browser (SPEC.md §2). Members get the
 * comment form under the heading; visitors a prompt to log in (SPEC.md §5 Comment).
 */
export function VideoComments({ id, count }: { id: number; count: number }) {
  const { t } = useTranslation();
  const { user } = useGlobals();
  const query = useQuery(
    apiQuery<CommentsResponse>(commentsPath(commentsLifetime(user !== null), 'video', id)),
  );
  return (
    <section className={styles.section} aria-labelledby="comments-heading">
      <h2 id="comments-heading" className={styles.sectionTitle}>
        {t('video.comments')}
        {query.data ? ` (${shortCount(query.data.total_count)})` : ''}
      </h2>
      {user ? <CommentForm section="video" objectId={id} /> : <CommentLoginPrompt />}
      {query.data ? (
        query.data.comments.length > 0 ? (
          <PostList
            // A new comment on top brings the list back to its first page.
            key={query.data.comments[0]?.comment_id}
            posts={query.data.comments.map(commentToPost)}
            report="comment"
            pageSize={PAGE_SIZE.comments}
          />
        ) : (
          <p>{t('video.noComments')}</p>
        )
      ) : (
        <CommentsPlace count={count} />
      )}
    </section>
  );
}
