import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CommentsResponse, MemberResponse } from '../../contracts/members.schema.ts';
import styles from './post-list.module.css';

export interface Post {
  id: string;
  userId: string;
  username: string;
  avatar: string;
  /** `YYYY-MM-DD HH:MM:SS`, UTC, as the API writes it. */
  date: string;
  text: string;
}

/**
 * Posts of a wall or comments of an object, newest first, `pageSize` at a time: more are
 * shown in the browser from the list already loaded (SPEC.md §2: comments paginate on
 * the client).
 */
export function PostList({ posts, pageSize = 10 }: { posts: Post[]; pageSize?: number }) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState(pageSize);
  if (posts.length === 0) return <p className={styles.empty}>{t('empty.wall')}</p>;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <>
      <ol className={styles.list}>
        {posts.slice(0, shown).map((post) => (
          <li key={post.id} className={styles.post}>
            <img
              src={post.avatar}
              alt=""
              width={44}
              height={44}
              loading="lazy"
              className={styles.avatar}
            />
            <div>
              <p className={styles.meta}>
                <Link to={`/members/${post.userId}/`} className={styles.author}>
                  {post.username}
                </Link>
                <time dateTime={`${post.date.replace(' ', 'T')}Z`}>
                  {format.format(new Date(`${post.date.replace(' ', 'T')}Z`))}
                </time>
              </p>
              <p className={styles.text}>{post.text}</p>
            </div>
          </li>
        ))}
      </ol>
      {shown < posts.length ? (
        <button type="button" className={styles.more} onClick={() => setShown(shown + pageSize)}>
          {t('wall.more')}
        </button>
      ) : null}
    </>
  );
}

/** A comment of the comments call as a post. */
export function commentToPost(comment: CommentsResponse['comments'][number]): Post {
  return {
    id: comment.comment_id,
    userId: comment.user_id,
    username: comment.username,
    avatar: comment.avatar,
    date: comment.added_date,
    text: comment.comment,
  };
}

/** A post of a member's wall as a post. */
export function wallPostToPost(post: NonNullable<MemberResponse['wall']>[number]): Post {
  return {
    id: post.post_id,
    userId: post.user_id,
    username: post.username,
    avatar: post.avatar,
    date: post.added_date,
    text: post.message,
  };
}
