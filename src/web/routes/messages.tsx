import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { parseId } from '../../contracts/paths.ts';
import type {
  ConversationsResponse,
  Message,
  ThreadResponse,
} from '../../contracts/social.schema.ts';
import { isApiError, postForm } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { MessageForm } from '../components/social/message-form.tsx';
import styles from '../components/social/messages.module.css';
import { useSetUnreadMessages } from '../components/social/unread.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { membersOnlyLoader } from '../lib/guards.ts';

// The member's messages (SPEC.md §1 "message"; routes not in the spec): /messages/ lists the
// conversations, newest first, with unread counts; /messages/{user_id}/ is one conversation,
// oldest to newest with the form under it. `?page=` goes further back. Members only.

export const conversationsPath = (page: number) =>
  page > 1 ? `/api/messages.php?page=${page}` : '/api/messages.php';
export const threadPath = (memberId: number, page: number) =>
  `/api/messages.php?with=${memberId}${page > 1 ? `&page=${page}` : ''}`;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  membersOnlyLoader({ context });
  const page = parseId(new URL(request.url).searchParams.get('page') ?? '1');
  const withId = params.with === undefined ? undefined : parseId(params.with);
  if (page === undefined || (params.with !== undefined && withId === undefined)) {
    throw data(null, { status: 404 });
  }
  const { queryClient } = context.get(appContext);
  try {
    if (withId === undefined) {
      await queryClient.ensureQueryData(apiQuery<ConversationsResponse>(conversationsPath(page)));
    } else {
      await queryClient.ensureQueryData(apiQuery<ThreadResponse>(threadPath(withId, page)));
    }
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
  return { withId, page };
}

export function Component() {
  const { withId, page } = useLoaderData<typeof loader>();
  return withId === undefined ? (
    <Conversations page={page} />
  ) : (
    <Thread memberId={withId} page={page} />
  );
}

function Conversations({ page }: { page: number }) {
  const { t } = useTranslation();
  const setUnread = useSetUnreadMessages();
  const list = useSuspenseQuery({
    ...apiQuery<ConversationsResponse>(conversationsPath(page)),
    staleTime: 0,
  }).data;
  useEffect(() => {
    setUnread(list.unread);
  }, [list.unread, setUnread]);
  return (
    <>
      <PageMeta title={t('messages.title')} description={t('messages.description')} noindex />
      <h1 className={styles.title}>{t('messages.title')}</h1>
      {list.conversations.length === 0 ? (
        <p className={styles.empty}>{t('messages.empty')}</p>
      ) : (
        <ul className={styles.conversations}>
          {list.conversations.map(({ member, last, unread }) => (
            <li key={member.user_id}>
              <Link to={`/messages/${member.user_id}/`} className={styles.conversation}>
                <img src={member.avatar || '/placeholder.svg'} alt="" width={48} height={48} />
                <span className={styles.who}>
                  <strong>{member.username}</strong>
                  <span className={styles.snippet}>
                    {last.from_me ? `${t('messages.you')}: ` : ''}
                    {last.body}
                  </span>
                </span>
                <time className={styles.date} dateTime={`${last.added_date.replace(' ', 'T')}Z`}>
                  {last.added_date.slice(0, 16)}
                </time>
                {unread > 0 ? (
                  <span className={styles.unread}>{t('messages.unread', { count: unread })}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} hasMore={list.has_more} base="/messages/" />
    </>
  );
}

function Thread({ memberId, page }: { memberId: number; page: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setUnread = useSetUnreadMessages();
  const path = threadPath(memberId, page);
  const thread = useSuspenseQuery({ ...apiQuery<ThreadResponse>(path), staleTime: 0 }).data;
  const name = thread.member.username;
  const hasUnread = thread.messages.some((message) => !message.from_me && !message.read);

  // Opening the conversation reads their messages: mark them, then the counts follow.
  useEffect(() => {
    if (!hasUnread) return;
    void postForm('/api/messages.php', { section: 'read', with: String(memberId) })
      .then(() =>
        queryClient.fetchQuery({
          ...apiQuery<ConversationsResponse>(conversationsPath(1)),
          staleTime: 0,
        }),
      )
      .then((list) => setUnread(list.unread))
      .catch(() => undefined);
  }, [hasUnread, memberId, queryClient, setUnread]);

  const appendSent = (message: Message) =>
    queryClient.setQueryData<ThreadResponse>(['api', threadPath(memberId, 1)], (old) =>
      old ? { ...old, messages: [message, ...old.messages] } : old,
    );

  return (
    <>
      <PageMeta
        title={t('messages.with', { name })}
        description={t('messages.description')}
        noindex
      />
      <p className={styles.back}>
        <Link to="/messages/">{t('messages.all')}</Link>
      </p>
      <h1 className={styles.title}>
        {t('messages.withPrefix')} <Link to={`/members/${thread.member.user_id}/`}>{name}</Link>
      </h1>
      {thread.has_more ? (
        <p className={styles.older}>
          <Link to={`/messages/${memberId}/?page=${page + 1}`}>{t('messages.older')}</Link>
        </p>
      ) : null}
      {thread.messages.length === 0 ? (
        <p className={styles.empty}>{t('messages.emptyThread', { name })}</p>
      ) : (
        <ol className={styles.thread} aria-label={t('messages.with', { name })}>
          {[...thread.messages].reverse().map((message) => (
            <li key={message.message_id} className={message.from_me ? styles.mine : styles.theirs}>
              <span className={styles.author}>{message.from_me ? t('messages.you') : name}</span>
              <p className={styles.body}>{message.body}</p>
              <time className={styles.date} dateTime={`${message.added_date.replace(' ', 'T')}Z`}>
                {message.added_date.slice(0, 16)}
              </time>
            </li>
          ))}
        </ol>
      )}
      {page > 1 ? (
        <p className={styles.older}>
          <Link to={`/messages/${memberId}/${page > 2 ? `?page=${page - 1}` : ''}`}>
            {t('messages.newer')}
          </Link>
        </p>
      ) : (
        <MessageForm to={memberId} name={name} onSent={appendSent} />
      )}
    </>
  );
}

function Pager({ page, hasMore, base }: { page: number; hasMore: boolean; base: string }) {
  const { t } = useTranslation();
  if (page === 1 && !hasMore) return null;
  return (
    <nav className={styles.pager} aria-label={t('pagination.label')}>
      {page > 1 ? (
        <Link to={page > 2 ? `${base}?page=${page - 1}` : base}>{t('messages.newer')}</Link>
      ) : null}
      {hasMore ? (
        <Link to={`${base}?page=${page + 1}`}>{t('messages.olderConversations')}</Link>
      ) : null}
    </nav>
  );
}
