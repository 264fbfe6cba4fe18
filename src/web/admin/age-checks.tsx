import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AgeCheckQueue } from '../../contracts/age-check.schema.ts';
import { CONSOLE_PAGE_SIZE } from '../../contracts/moderation.ts';
import { isApiError, postForm } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { useOverlays } from '../components/overlays/overlays.tsx';
import checks from './age-checks.module.css';
import styles from './console.module.css';
import { whenUtc } from './console-format.ts';
import { AGE_CHECKS_PATH, ageChecksPath, isAgeChecksPath } from './console-paths.ts';
import {
  ConsolePager,
  ConsoleTitle,
  EmptyState,
  ScreenHeader,
  useConsoleKeys,
} from './console-ui.tsx';

// The UK age checks waiting for a moderator (decision 0054): one member's photo at a time,
// oldest first; Approve marks them 18+ and opens the site to them, Reject lets them send
// another. Either way the photo is deleted on the server the moment it is decided. Keys:
// a approves, r rejects, j/k (n/p) move between the photos waiting.

export function AgeChecksScreen({ page }: { page: number }) {
  const { data } = useSuspenseQuery(apiQuery<AgeCheckQueue>(ageChecksPath(page)));
  const queryClient = useQueryClient();
  const { toast } = useOverlays();
  const [index, setIndex] = useState(0);
  // Another page of the queue starts at its first photo, not at the old page's position.
  const [indexPage, setIndexPage] = useState(page);
  if (indexPage !== page) {
    setIndexPage(page);
    setIndex(0);
  }
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const at = Math.max(0, Math.min(index, data.items.length - 1));
  const current = data.items[at];

  const decide = async (decision: 'approve' | 'reject') => {
    if (!current || busy) return;
    setBusy(true);
    setProblem('');
    try {
      await postForm(`${AGE_CHECKS_PATH}/${current.id}`, { decision });
      toast(
        'success',
        decision === 'approve'
          ? `Approved: ${current.member.username} is verified 18+`
          : `Rejected: ${current.member.username} may send another photo`,
      );
    } catch (error) {
      setProblem(
        isApiError(error) && error.code === 'not_found'
          ? 'Someone decided this check already.'
          : isApiError(error)
            ? error.message
            : 'Something went wrong.',
      );
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({
        predicate: (query) => isAgeChecksPath(String(query.queryKey[1] ?? '')),
      });
    }
  };

  useConsoleKeys(current ? 'review' : null, (action) => {
    switch (action.type) {
      case 'approve':
        void decide('approve');
        return;
      case 'reject':
        void decide('reject');
        return;
      case 'next':
        setIndex(Math.min(at + 1, data.items.length - 1));
        return;
      case 'previous':
        setIndex(Math.max(at - 1, 0));
        return;
      default:
        return false;
    }
  });

  const title = 'Age checks';
  return (
    <>
      <ConsoleTitle title={data.total ? `${title} (${data.total})` : title} />
      <ScreenHeader title={title} count={`${data.total} waiting`} />
      {!current ? (
        <EmptyState title="No photo waiting">
          <p>
            UK members’ age-check photos appear here. Each is deleted as soon as it is approved or
            rejected, or after a few days undecided.
          </p>
          <Link to="/admin/review/">Review queue</Link>
        </EmptyState>
      ) : (
        <section className={checks.layout} aria-label={`Age check of ${current.member.username}`}>
          <figure className={checks.photo}>
            <img
              key={current.id}
              src={current.photo}
              alt={`Sent by ${current.member.username} for the age check`}
              referrerPolicy="no-referrer"
            />
          </figure>
          <div className={checks.side}>
            <p className={checks.question}>Is this person clearly 18 or older?</p>
            <dl className={checks.facts}>
              <div>
                <dt>Member</dt>
                <dd>
                  <Link to={`/admin/members/${current.member.id}/`} className={styles.tableLink}>
                    {current.member.username}
                  </Link>
                </dd>
              </div>
              <div>
                <dt>Sent</dt>
                <dd>{whenUtc(current.submitted_at)}</dd>
              </div>
              <div>
                <dt>Fails undecided</dt>
                <dd>{whenUtc(current.expires_at)}</dd>
              </div>
            </dl>
            <div className={checks.actions}>
              <button
                type="button"
                className={`${styles.button} ${styles.primary} ${checks.big}`}
                disabled={busy}
                onClick={() => void decide('approve')}
              >
                Approve <kbd>a</kbd>
              </button>
              <button
                type="button"
                className={`${styles.button} ${checks.big} ${checks.reject}`}
                disabled={busy}
                onClick={() => void decide('reject')}
              >
                Reject <kbd>r</kbd>
              </button>
            </div>
            {problem ? (
              <p role="alert" className={checks.problem}>
                {problem}
              </p>
            ) : null}
            {data.items.length > 1 ? (
              <div className={checks.move}>
                <button
                  type="button"
                  className={styles.button}
                  disabled={at === 0}
                  onClick={() => setIndex(at - 1)}
                >
                  ← Previous
                </button>
                <span className={styles.muted}>
                  {(data.page - 1) * CONSOLE_PAGE_SIZE + at + 1} of {data.total}
                </span>
                <button
                  type="button"
                  className={styles.button}
                  disabled={at >= data.items.length - 1}
                  onClick={() => setIndex(at + 1)}
                >
                  Next →
                </button>
              </div>
            ) : null}
            <p className={checks.note}>
              Approve only a real photo of a face that is clearly adult. When in doubt, reject: the
              member can send another. The photo is deleted either way.
            </p>
          </div>
        </section>
      )}
      <ConsolePager page={data.page} pages={data.pages} />
      {current ? (
        <p className={styles.hint}>
          <kbd>a</kbd> approves, <kbd>r</kbd> rejects, <kbd>j</kbd> <kbd>k</kbd> move between the
          photos waiting
        </p>
      ) : null}
    </>
  );
}
