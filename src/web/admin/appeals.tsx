import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { toastTitle } from '../../contracts/format.ts';
import type { AppealRow, AppealsPage } from '../../contracts/moderation.schema.ts';
import { isApiError, postForm } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { useOverlays } from '../components/overlays/overlays.tsx';
import styles from './console.module.css';
import { whenUtc } from './console-format.ts';
import { APPEALS_PATH, appealsPath, isAppealsPath, isReviewPath } from './console-paths.ts';
import { ConsolePager, ConsoleTitle, EmptyState, ScreenHeader } from './console-ui.tsx';
import list from './dmca.module.css';
import { reasonLabel } from './report-format.ts';
import { isTakedownsPath, videoPageHref } from './report-paths.ts';
import { NoteDialog } from './report-ui.tsx';

// Appeals of removals and strikes (decision 0049): the longest waiting first; a staff member
// other than the one who decided upholds the decision or reverses it (a removal's video comes
// back and its strike goes; a strike goes).

const nameOf = (row: AppealRow) =>
  row.decision === 'strike'
    ? `Strike against ${row.member.username}`
    : row.title || `${row.object_type} #${row.object_id}`;

export function AppealsScreen({ page }: { page: number }) {
  const { data } = useSuspenseQuery(apiQuery<AppealsPage>(appealsPath(page)));
  const queryClient = useQueryClient();
  const { toast } = useOverlays();
  const [deciding, setDeciding] = useState<{ row: AppealRow; reverse: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  const decide = async (note: string) => {
    if (!deciding) return;
    const { row, reverse } = deciding;
    setBusy(true);
    try {
      await postForm(`${APPEALS_PATH}/${row.id}`, {
        decision: reverse ? 'reverse' : 'uphold',
        note,
      });
      toast('success', `${reverse ? 'Reversed' : 'Upheld'}: “${toastTitle(nameOf(row))}”`);
      setDeciding(null);
      await queryClient.invalidateQueries({
        predicate: (query) => {
          const path = String(query.queryKey[1] ?? '');
          return isAppealsPath(path) || isTakedownsPath(path) || isReviewPath(path);
        },
      });
    } catch (error) {
      if (isApiError(error) && error.code === 'not_found') {
        setProblem('Someone decided this appeal already.');
      } else if (isApiError(error) && error.info?.reason === 'own_decision') {
        setProblem('You made this decision: another staff member answers the appeal.');
      } else {
        setProblem(isApiError(error) ? error.message : 'Something went wrong.');
      }
    } finally {
      setBusy(false);
    }
  };

  const title = 'Appeals';
  return (
    <>
      <ConsoleTitle title={title} />
      <ScreenHeader title={title} count={`${data.total} open`} />
      {data.items.length === 0 ? (
        <EmptyState title="No appeal waiting">
          <p>
            Members appeal removals and strikes from their uploads and their profile’s moderation
            decisions; rejected uploads come back through the review queue.
          </p>
          <Link to="/admin/review/">Review queue</Link>
        </EmptyState>
      ) : (
        <ul className={list.items}>
          {data.items.map((row) => (
            <li key={row.id} className={list.item} data-appeal={row.id}>
              <div className={list.itemHead}>
                <span className={list.stack}>
                  {row.object_type === 'video' ? (
                    <a
                      href={videoPageHref(row.object_id)}
                      target="_blank"
                      rel="noopener"
                      className={styles.tableLink}
                    >
                      {nameOf(row)}
                    </a>
                  ) : (
                    <span>{nameOf(row)}</span>
                  )}
                  <span className={list.small}>
                    {row.decision === 'strike' ? 'Strike' : 'Removed'} for {reasonLabel(row.reason)}{' '}
                    by {row.decided_by || 'the site'}, {whenUtc(row.decided_at)}
                  </span>
                </span>
                <span className={`${styles.chip} ${styles.chipWarn}`}>Appealed</span>
              </div>
              {row.note ? <span className={list.small}>Note: {row.note}</span> : null}
              <p className={list.counter}>
                {row.member.username}, {whenUtc(row.appealed_at)}:{'\n'}
                {row.appeal_text}
              </p>
              {row.can_decide ? (
                <div className={list.headerActions}>
                  <button
                    type="button"
                    className={list.primary}
                    onClick={() => {
                      setProblem('');
                      setDeciding({ row, reverse: true });
                    }}
                  >
                    Reverse
                  </button>
                  <button
                    type="button"
                    className={styles.button}
                    onClick={() => {
                      setProblem('');
                      setDeciding({ row, reverse: false });
                    }}
                  >
                    Uphold
                  </button>
                </div>
              ) : (
                <span className={list.small}>
                  You made this decision: another staff member answers the appeal.
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConsolePager page={data.page} pages={data.pages} />
      {deciding ? (
        <NoteDialog
          title={`${deciding.reverse ? 'Reverse' : 'Uphold'}: ${nameOf(deciding.row)}`}
          noteLabel="Note for the record"
          confirmLabel={deciding.reverse ? 'Reverse' : 'Uphold'}
          tone={deciding.reverse ? 'good' : 'danger'}
          busy={busy}
          problem={problem}
          onCancel={() => setDeciding(null)}
          onConfirm={(note) => void decide(note)}
        >
          <p className={styles.muted}>
            {deciding.reverse
              ? deciding.row.decision === 'strike'
                ? 'The strike is taken back.'
                : 'The takedown is restored and its strike taken back.'
              : 'The decision stands; the member reads that on their uploads.'}
          </p>
        </NoteDialog>
      ) : null}
    </>
  );
}
