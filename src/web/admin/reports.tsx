import { useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, type Ref, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ReportRow, ReportsPage } from '../../contracts/moderation.schema.ts';
import { REPORT_STATES } from '../../contracts/moderation.ts';
import { REPORT_SUBJECTS, type ReportSubject } from '../../contracts/report.rules.ts';
import { apiQuery } from '../api/query.ts';
import styles from './console.module.css';
import { waitedFor, whenUtc } from './console-format.ts';
import {
  ConsolePager,
  ConsoleTitle,
  EmptyState,
  ScreenHeader,
  useConsoleKeys,
} from './console-ui.tsx';
import { firstWords, senderOf, stateLabel, subjectLabel } from './report-format.ts';
import {
  type InboxState,
  inboxHref,
  type ReportFilters,
  reportHref,
  reportsPath,
} from './report-paths.ts';
import { ListKeyHelp, STATE_CHIP } from './report-ui.tsx';
import inbox from './reports.module.css';

// The reports inbox (decision 0043, screens in 0046): newest first, opening on the new
// reports; the filters live in the URL so a filtered view can be shared. j/k or the arrows
// move between rows, Enter opens one, as in the review queue.

const STATE_TABS: readonly [InboxState, string][] = [
  ...REPORT_STATES.map((state): [InboxState, string] => [state, stateLabel(state)]),
  ['all', 'All'],
];

/** How long ago, once the browser's clock is known; the UTC time until then. */
export function Ago({ iso, now }: { iso: string; now: Date | null }) {
  const waited = now ? waitedFor(iso, now) : '';
  return (
    <time dateTime={iso} title={whenUtc(iso)}>
      {now ? (waited === 'just now' ? waited : `${waited} ago`) : whenUtc(iso)}
    </time>
  );
}

/** The browser's clock, ticking each minute; null while the server renders. */
export function useNow(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Filters({
  filters,
  searchRef,
}: {
  filters: ReportFilters;
  searchRef: Ref<HTMLInputElement>;
}) {
  const navigate = useNavigate();
  // Any change starts again at page 1 with a clean address (no empty parameters).
  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const subject = String(data.get('subject') ?? '');
    void navigate(
      inboxHref({
        ...filters,
        page: 1,
        subject: (REPORT_SUBJECTS as readonly string[]).includes(subject)
          ? (subject as ReportSubject)
          : '',
        mine: data.get('mine') === '1',
        q: String(data.get('q') ?? '')
          .trim()
          .slice(0, 100),
      }),
    );
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  return (
    <div className={inbox.filters}>
      <nav className={`${styles.tabs} ${inbox.tabs}`} aria-label="State">
        {STATE_TABS.map(([state, label]) => (
          <Link
            key={state}
            to={inboxHref({ ...filters, state, page: 1 })}
            className={`${styles.tab} ${inbox.tab}`}
            aria-current={filters.state === state ? 'page' : undefined}
          >
            {label}
          </Link>
        ))}
      </nav>
      <form
        className={inbox.more}
        aria-label="Filter and search"
        onSubmit={submit}
        key={`${filters.subject}|${filters.mine}|${filters.q}`}
      >
        <label className={inbox.subject}>
          <span className="visually-hidden">Subject</span>
          <select
            name="subject"
            defaultValue={filters.subject}
            onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
          >
            <option value="">Every subject</option>
            {REPORT_SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {subjectLabel(subject)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.switch}>
          <input
            type="checkbox"
            name="mine"
            value="1"
            defaultChecked={filters.mine}
            onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
          />
          <span>Mine</span>
        </label>
        <div className={styles.search}>
          <label className="visually-hidden" htmlFor="inbox-q">
            Search reports
          </label>
          <input
            ref={searchRef}
            id="inbox-q"
            type="search"
            name="q"
            defaultValue={filters.q}
            placeholder="Sender or message"
            maxLength={100}
            autoComplete="off"
            enterKeyHint="search"
          />
          <button type="submit" className={styles.button}>
            Search
          </button>
        </div>
      </form>
    </div>
  );
}

function Row({
  row,
  now,
  current,
  linkRef,
  onFocus,
}: {
  row: ReportRow;
  now: Date | null;
  current: boolean;
  linkRef: (element: HTMLAnchorElement | null) => void;
  onFocus: () => void;
}) {
  return (
    <li className={inbox.row} data-current={current ? '' : undefined} data-report={row.id}>
      <span className={inbox.head}>
        <span className={STATE_CHIP[row.state]}>{stateLabel(row.state)}</span>
        <span className={inbox.subjectText}>{subjectLabel(row.subject)}</span>
      </span>
      <Link ref={linkRef} to={reportHref(row.id)} className={inbox.open} onFocus={onFocus}>
        {firstWords(row.message) || <span className={styles.muted}>No message</span>}
      </Link>
      <span className={inbox.meta}>
        <span className={inbox.sender}>{senderOf(row)}</span>
        {row.object ? (
          row.object.path ? (
            <a
              className={inbox.object}
              href={row.object.path}
              target="_blank"
              rel="noopener"
              title={row.object.label}
            >
              {row.object.label || `${row.object.type} #${row.object.id}`}
            </a>
          ) : (
            <span className={inbox.objectGone}>
              {row.object.label || `${row.object.type} #${row.object.id} (gone)`}
            </span>
          )
        ) : null}
        {row.attachment ? (
          <span className={`${styles.chip} ${inbox.picture}`} title="A picture came with it">
            picture
          </span>
        ) : null}
      </span>
      <span className={inbox.assignee}>
        {row.assignee ? (
          <>
            <span className={inbox.assignedTo}>Assigned to </span>
            {row.assignee.username}
          </>
        ) : (
          <span className={`${styles.muted} ${inbox.nobody}`}>nobody</span>
        )}
      </span>
      <span className={inbox.when}>
        <Ago iso={row.created_at} now={now} />
      </span>
    </li>
  );
}

export function ReportsScreen({ filters }: { filters: ReportFilters }) {
  const { data } = useSuspenseQuery(apiQuery<ReportsPage>(reportsPath(filters)));
  const navigate = useNavigate();
  const rows = useRef<(HTMLAnchorElement | null)[]>([]);
  const search = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState(-1);
  const [help, setHelp] = useState(false);
  const now = useNow();

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
        const row = data.items[Math.max(0, current)];
        if (!row) return false;
        void navigate(reportHref(row.id));
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

  const filtered = Boolean(filters.subject || filters.mine || filters.q);
  const which = filters.state === 'all' ? '' : `${stateLabel(filters.state).toLowerCase()} `;
  return (
    <>
      <ConsoleTitle
        title={filters.state === 'new' && data.total ? `Reports (${data.total})` : 'Reports'}
      />
      <ScreenHeader title="Reports" count={`${data.total} ${which}`.trim()} />
      <Filters filters={filters} searchRef={search} />
      {data.items.length === 0 ? (
        <EmptyState
          title={
            filtered
              ? 'No report matches these filters'
              : filters.state === 'new'
                ? 'No new reports'
                : `No ${which}reports`
          }
        >
          {filtered ? (
            <Link to={inboxHref({ ...filters, subject: '', mine: false, q: '', page: 1 })}>
              Clear the filters
            </Link>
          ) : filters.state === 'new' ? (
            <p>Everything sent has been looked at.</p>
          ) : null}
        </EmptyState>
      ) : (
        <ol className={inbox.list} aria-label="Reports">
          {data.items.map((row, index) => (
            <Row
              key={row.id}
              row={row}
              now={now}
              current={index === current}
              linkRef={(element) => {
                rows.current[index] = element;
              }}
              onFocus={() => setCurrent(index)}
            />
          ))}
        </ol>
      )}
      <ConsolePager page={data.page} pages={data.pages} />
      <p className={`${styles.hint} ${inbox.keysHint}`}>
        <kbd>j</kbd> <kbd>k</kbd> move, <kbd>Enter</kbd> opens, <kbd>/</kbd> searches, <kbd>?</kbd>{' '}
        all keys
      </p>
      {help ? <ListKeyHelp what="report" onClose={() => setHelp(false)} /> : null}
    </>
  );
}
