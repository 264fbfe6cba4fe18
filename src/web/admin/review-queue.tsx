import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDuration } from '../../contracts/format.ts';
import type { ReviewQueue } from '../../contracts/moderation.schema.ts';
import { apiQuery } from '../api/query.ts';
import styles from './console.module.css';
import { waitedFor } from './console-format.ts';
import { type ListQuery, reviewQueuePath } from './console-paths.ts';
import { rememberQueue } from './console-trail.ts';
import {
  ConsolePager,
  ConsoleTitle,
  EmptyState,
  KeyHelp,
  ScreenHeader,
  SearchBox,
  useConsoleKeys,
} from './console-ui.tsx';
import queue from './review-queue.module.css';

// The review queue (decision 0043): oldest first, so nothing waits longer than it must.
// j/k or the arrows move the focus between rows, Enter opens one.

export function ReviewQueueScreen({ query }: { query: ListQuery }) {
  const { data } = useSuspenseQuery(apiQuery<ReviewQueue>(reviewQueuePath(query)));
  const navigate = useNavigate();
  const rows = useRef<(HTMLAnchorElement | null)[]>([]);
  const search = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState(-1);
  const [help, setHelp] = useState(false);
  // Server time is not the browser's: the waiting times are drawn after hydration.
  const [now, setNow] = useState<Date | null>(null);

  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    rememberQueue(data.items.map((item) => item.id));
  }, [data]);

  const focusRow = (index: number) => {
    const clamped = Math.max(0, Math.min(data.items.length - 1, index));
    setCurrent(clamped);
    rows.current[clamped]?.focus();
    rows.current[clamped]?.scrollIntoView({ block: 'nearest' });
  };

  useConsoleKeys(help ? 'help' : 'queue', (action) => {
    switch (action.type) {
      case 'move':
        if (data.items.length === 0) return false;
        focusRow(
          current === -1 ? (action.by === 1 ? 0 : data.items.length - 1) : current + action.by,
        );
        return;
      case 'open': {
        const item = data.items[Math.max(0, current)];
        if (!item) return false;
        void navigate(`/admin/review/${item.id}/`);
        return;
      }
      case 'search':
        search.current?.focus();
        return;
      case 'help':
        setHelp(true);
        return;
      case 'cancel':
        if (help) setHelp(false);
        else search.current?.blur();
        return;
      default:
        return false;
    }
  });

  const title = 'Review queue';
  return (
    <>
      <ConsoleTitle title={data.total ? `${title} (${data.total})` : title} />
      <ScreenHeader title={title} count={`${data.total} waiting`}>
        <SearchBox label="Search the queue" placeholder="Title or uploader" inputRef={search} />
      </ScreenHeader>
      {data.items.length === 0 ? (
        query.q ? (
          <EmptyState title={`No waiting video matches “${query.q}”`}>
            <Link to="/admin/review/">Show the whole queue</Link>
          </EmptyState>
        ) : (
          <EmptyState title="The queue is empty">
            <p>Every upload has been reviewed. New ones appear here as they finish encoding.</p>
          </EmptyState>
        )
      ) : (
        <ol className={queue.list} aria-label="Videos waiting for review">
          {data.items.map((item, index) => (
            <li key={item.id}>
              <Link
                ref={(element) => {
                  rows.current[index] = element;
                }}
                to={`/admin/review/${item.id}/`}
                className={queue.row}
                data-current={index === current ? '' : undefined}
                onFocus={() => setCurrent(index)}
              >
                <span className={queue.position}>{(query.page - 1) * 50 + index + 1}</span>
                <span className={queue.thumb}>
                  <img src={item.thumb} alt="" width={160} height={90} loading="lazy" />
                  <span className={queue.duration}>{formatDuration(item.duration)}</span>
                </span>
                <span className={queue.text}>
                  <span className={queue.title}>{item.title}</span>
                  <span className={queue.meta}>
                    <span>
                      {item.user.username}
                      {item.user.trusted ? (
                        <span className={queue.trusted} title="Trusted uploader">
                          {' '}
                          ✓ trusted
                        </span>
                      ) : null}
                    </span>
                    {item.appeal ? (
                      <span className={`${styles.chip} ${styles.chipWarn}`}>appeal</span>
                    ) : null}
                    {item.is_private ? <span className={styles.chip}>private</span> : null}
                  </span>
                </span>
                <span className={queue.waiting}>
                  {now ? `waiting ${waitedFor(item.waiting_since, now)}` : ''}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      <ConsolePager page={data.page} pages={data.pages} />
      <p className={styles.hint}>
        <kbd>j</kbd> <kbd>k</kbd> move, <kbd>Enter</kbd> opens, <kbd>/</kbd> searches, <kbd>?</kbd>{' '}
        all keys
      </p>
      {help ? <KeyHelp screen="queue" onClose={() => setHelp(false)} /> : null}
    </>
  );
}
