import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CommentsResponse, MemberResponse } from '../../contracts/members.schema.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { ClientPager } from './client-pager.tsx';
import { ReportButton } from './contact/report-button.tsx';
import styles from './post-list.module.css';

/** The start of a post, for the report form to say which one it is about. */
const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

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
 * Posts of a wall or comments of an object, newest first, `pageSize` a page: the pages are
 * turned in the browser, over the list already loaded (SPEC.md §2: comments paginate on
 * the client).
 */
export function PostList({
  posts,
  pageSize = 10,
  report,
}: {
  posts: Post[];
  pageSize?: number;
  /** What a post is, when each may be reported (comments). */
  report?: 'comment';
}) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(posts.length / pageSize));
  const current = Math.min(page, pages);
  const list = useRef<HTMLOListElement>(null);
  const turn = (to: number) => {
    setPage(to);
    // Back to the first post of the new page, for readers and for keyboards.
    list.current?.scrollIntoView({ block: 'nearest' });
  };
  if (posts.length === 0) return <p className={styles.empty}>{t('empty.wall')}</p>;
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <>
      <ol className={styles.list} ref={list}>
        {posts.slice((current - 1) * pageSize, current * pageSize).map((post) => (
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
                {report ? (
                  <ReportButton
                    object={{ type: report, id: Number(post.id) }}
                    label={excerpt(post.text)}
                    name={post.username}
                    inline
                  />
                ) : null}
              </p>
              <p className={styles.text}>{post.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <ClientPager label={t('pagination.label')} page={current} pages={pages} onPage={turn} />
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
