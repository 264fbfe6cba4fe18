import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link } from 'react-router';
import type { DmcaNoticesPage } from '../../contracts/dmca.schema.ts';
import { apiQuery } from '../api/query.ts';
import styles from './console.module.css';
import { whenUtc } from './console-format.ts';
import {
  ConsolePager,
  ConsoleTitle,
  EmptyState,
  ScreenHeader,
  SearchBox,
  useSearchKey,
} from './console-ui.tsx';
import list from './dmca.module.css';
import {
  type DmcaFilters,
  type DmcaListState,
  dmcaHref,
  dmcaNewHref,
  dmcaNoticeHref,
  dmcaPath,
} from './dmca-paths.ts';

// DMCA notices (decision 0049): newest first, those received and not yet decided unless
// another state is asked for. A notice opens on its own page, where staff act on it.

const TABS: { state: DmcaListState; label: string }[] = [
  { state: 'received', label: 'Received' },
  { state: 'actioned', label: 'Actioned' },
  { state: 'rejected', label: 'Rejected' },
  { state: 'all', label: 'All' },
];

export const NOTICE_STATE_CHIP: Record<string, string> = {
  received: styles.chipWarn ?? '',
  actioned: styles.chipGood ?? '',
  rejected: styles.chipBad ?? '',
};

export function DmcaScreen({ filters }: { filters: DmcaFilters }) {
  const { data } = useSuspenseQuery(apiQuery<DmcaNoticesPage>(dmcaPath(filters)));
  const search = useRef<HTMLInputElement>(null);
  useSearchKey(search);
  const title = 'DMCA notices';
  return (
    <>
      <ConsoleTitle title={title} />
      <ScreenHeader title={title} count={`${data.total}`}>
        <div className={list.headerActions}>
          <nav className={styles.tabs} aria-label="Which notices">
            {TABS.map((tab) => (
              <Link
                key={tab.state}
                to={dmcaHref({ ...filters, page: 1, state: tab.state })}
                className={styles.tab}
                aria-current={filters.state === tab.state ? 'page' : undefined}
              >
                {tab.label}
              </Link>
            ))}
          </nav>
          <Link to={dmcaNewHref()} className={list.primary}>
            New notice
          </Link>
        </div>
      </ScreenHeader>
      <div className={styles.toolbar}>
        <SearchBox
          label="Search notices"
          placeholder="Claimant, e-mail, works or URL"
          inputRef={search}
        />
      </div>
      {data.items.length === 0 && filters.q ? (
        <EmptyState
          title={`No ${filters.state === 'all' ? '' : `${filters.state} `}notice matches “${filters.q}”`}
        >
          {filters.state === 'all' ? null : (
            <Link to={dmcaHref({ ...filters, state: 'all', page: 1 })}>Search every notice</Link>
          )}
          <Link to={dmcaHref({ ...filters, q: '', page: 1 })}>Clear the search</Link>
        </EmptyState>
      ) : data.items.length === 0 ? (
        <EmptyState title={filters.state === 'received' ? 'No notice waiting' : 'No notice here'}>
          <p>
            A notice comes from a DMCA report of the contact form, or is typed in from a letter or
            an e-mail.
          </p>
          <Link to={dmcaNewHref()}>Record a notice</Link>
        </EmptyState>
      ) : (
        <table className={`${styles.table} ${list.table}`}>
          <thead>
            <tr>
              <th scope="col">Notice</th>
              <th scope="col">Claimant</th>
              <th scope="col">URLs</th>
              <th scope="col">Received</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((row) => (
              <tr key={row.id} data-notice={row.id}>
                <td data-label="Notice">
                  <Link className={styles.tableLink} to={dmcaNoticeHref(row.id)}>
                    #{row.id}
                  </Link>
                </td>
                <td data-label="Claimant">
                  <span className={list.stack}>
                    <Link className={styles.tableLink} to={dmcaNoticeHref(row.id)}>
                      {row.claimant_company || row.claimant_name}
                    </Link>
                    <span className={list.small}>
                      {row.claimant_company ? `${row.claimant_name}, ` : ''}
                      {row.claimant_email}
                    </span>
                  </span>
                </td>
                <td data-label="URLs">{row.items}</td>
                <td data-label="Received" className={list.when}>
                  <span className={list.stack}>
                    <span>{whenUtc(row.received_at)}</span>
                    {row.entered_by ? (
                      <span className={list.small}>by {row.entered_by}</span>
                    ) : null}
                  </span>
                </td>
                <td data-label="State">
                  <span className={`${styles.chip} ${NOTICE_STATE_CHIP[row.state] ?? ''}`}>
                    {row.state}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ConsolePager page={data.page} pages={data.pages} />
    </>
  );
}
