import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { toastTitle } from '../../contracts/format.ts';
import type { TakedownRow, TakedownsPage } from '../../contracts/moderation.schema.ts';
import { isApiError, postForm } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { useOverlays } from '../components/overlays/overlays.tsx';
import styles from './console.module.css';
import { whenUtc } from './console-format.ts';
import { isReviewPath } from './console-paths.ts';
import {
  ConsolePager,
  ConsoleTitle,
  EmptyState,
  ScreenHeader,
  SearchBox,
  useSearchKey,
} from './console-ui.tsx';
import { firstWords, reasonLabel } from './report-format.ts';
import {
  isReportsPath,
  isTakedownsPath,
  reportHref,
  restorePath,
  type TakedownFilters,
  takedownsHref,
  takedownsPath,
} from './report-paths.ts';
import { NoteDialog } from './report-ui.tsx';
import list from './takedowns.module.css';

// Takedowns (decisions 0043, 0047): newest first, those in force unless asked for all, of
// videos, comments, playlists and albums. A restore puts the object back as it was, after a
// confirmation with an optional note for the record.

/** What a takedown's object is called: its title, a comment's text, or its type and id. */
const nameOf = (row: TakedownRow) =>
  row.title ||
  (row.text ? `“${firstWords(row.text, 80)}”` : `${row.object_type} #${row.object_id}`);

/**
 * The object: its type, its title (a removed comment's whole text: staff read what they
 * removed), a link to the page that shows (or showed) it, and for a video its console page.
 */
function ObjectCell({ row }: { row: TakedownRow }) {
  const name = row.object_type === 'comment' ? null : nameOf(row);
  return (
    <span className={list.object}>
      <span className={list.kind}>
        {row.object_type} #{row.object_id}
      </span>
      {name ? (
        row.path ? (
          <a href={row.path} target="_blank" rel="noopener" className={styles.tableLink}>
            {name}
          </a>
        ) : (
          <span>{name}</span>
        )
      ) : (
        <>
          <q className={list.comment}>{row.text}</q>
          {row.path ? (
            <a href={row.path} target="_blank" rel="noopener" className={list.small}>
              where it was
            </a>
          ) : null}
        </>
      )}
      {row.object_type === 'video' ? (
        <Link to={`/admin/review/${row.object_id}/`} className={list.small}>
          video #{row.object_id} in the console
        </Link>
      ) : null}
    </span>
  );
}

export function TakedownsScreen({ filters }: { filters: TakedownFilters }) {
  const { data } = useSuspenseQuery(apiQuery<TakedownsPage>(takedownsPath(filters)));
  const queryClient = useQueryClient();
  const { toast } = useOverlays();
  const [restoring, setRestoring] = useState<TakedownRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const search = useRef<HTMLInputElement>(null);
  useSearchKey(search, !restoring);

  const restore = async (row: TakedownRow, note: string) => {
    setBusy(true);
    try {
      await postForm(restorePath(row.id), { note });
      toast('success', `Restored “${toastTitle(nameOf(row))}”`);
      setRestoring(null);
      await queryClient.invalidateQueries({
        predicate: (query) => {
          const path = String(query.queryKey[1] ?? '');
          return isTakedownsPath(path) || isReportsPath(path) || isReviewPath(path);
        },
      });
    } catch (error) {
      if (isApiError(error) && error.code === 'not_found') {
        setProblem('This takedown is no longer in force: someone restored it already.');
      } else if (isApiError(error) && error.field === 'note') {
        setProblem('The note is too long.');
      } else {
        // Told inside the dialog, which sits above the toasts.
        setProblem(isApiError(error) ? error.message : 'Something went wrong.');
      }
    } finally {
      setBusy(false);
    }
  };

  const title = 'Takedowns';
  return (
    <>
      <ConsoleTitle title={title} />
      <ScreenHeader title={title} count={`${data.total}${filters.inForce ? ' in force' : ''}`}>
        <nav className={styles.tabs} aria-label="Which takedowns">
          <Link
            to={takedownsHref({ ...filters, page: 1, inForce: true })}
            className={styles.tab}
            aria-current={filters.inForce ? 'page' : undefined}
          >
            In force
          </Link>
          <Link
            to={takedownsHref({ ...filters, page: 1, inForce: false })}
            className={styles.tab}
            aria-current={filters.inForce ? undefined : 'page'}
          >
            All
          </Link>
        </nav>
      </ScreenHeader>
      <div className={styles.toolbar}>
        <SearchBox
          label="Search takedowns"
          placeholder="Title, comment, note or staff"
          inputRef={search}
        />
      </div>
      {data.items.length === 0 ? (
        filters.q ? (
          <EmptyState
            title={`No ${filters.inForce ? 'takedown in force' : 'takedown'} matches “${filters.q}”`}
          >
            {filters.inForce ? (
              <Link to={takedownsHref({ ...filters, inForce: false, page: 1 })}>
                Search the restored ones too
              </Link>
            ) : null}
            <Link to={takedownsHref({ ...filters, q: '', page: 1 })}>Clear the search</Link>
          </EmptyState>
        ) : (
          <EmptyState title={filters.inForce ? 'No takedown in force' : 'Nothing taken down yet'}>
            <p>A video, comment or album is taken down from its report.</p>
            <Link to="/admin/reports/">Reports</Link>
          </EmptyState>
        )
      ) : (
        <table className={`${styles.table} ${list.table}`}>
          <thead>
            <tr>
              <th scope="col">Object</th>
              <th scope="col">Reason</th>
              <th scope="col">By</th>
              <th scope="col">When</th>
              <th scope="col">Report</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((row) => (
              <tr key={row.id} data-takedown={row.id}>
                <td data-label="Object">
                  <ObjectCell row={row} />
                </td>
                <td data-label="Reason">
                  <span>
                    {reasonLabel(row.reason)}
                    {row.note ? <span className={list.note}>{row.note}</span> : null}
                  </span>
                </td>
                <td data-label="By">{row.by}</td>
                <td data-label="When" className={list.when}>
                  {whenUtc(row.created_at)}
                </td>
                <td data-label="Report">
                  {row.report_id ? (
                    <Link className={styles.tableLink} to={reportHref(row.report_id)}>
                      #{row.report_id}
                    </Link>
                  ) : (
                    <span className={styles.muted}>—</span>
                  )}
                </td>
                <td data-label="State">
                  {row.restored_at ? (
                    <span className={list.restored}>
                      <span className={`${styles.chip} ${styles.chipGood}`}>Restored</span>
                      <span className={styles.muted}>
                        by {row.restored_by}, {whenUtc(row.restored_at)}
                      </span>
                      {row.restore_note ? (
                        <span className={list.note}>{row.restore_note}</span>
                      ) : null}
                    </span>
                  ) : (
                    <span className={list.inForce}>
                      <span className={`${styles.chip} ${styles.chipBad}`}>In force</span>
                      <button
                        type="button"
                        className={styles.button}
                        onClick={() => {
                          setProblem('');
                          setRestoring(row);
                        }}
                      >
                        Restore
                      </button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConsolePager page={data.page} pages={data.pages} />
      {restoring ? (
        <NoteDialog
          title={
            <>
              Restore <span className={styles.muted}>“{nameOf(restoring)}”</span>
            </>
          }
          noteLabel="Why, for the record"
          confirmLabel="Restore"
          tone="good"
          busy={busy}
          problem={problem}
          onCancel={() => setRestoring(null)}
          onConfirm={(note) => void restore(restoring, note)}
        >
          <p className={styles.muted}>
            The {restoring.object_type} goes back as it was before the takedown (
            {reasonLabel(restoring.reason)}, {whenUtc(restoring.created_at)}): on its page, in
            listings and search.
          </p>
        </NoteDialog>
      ) : null}
    </>
  );
}
