import { useSuspenseQuery } from '@tanstack/react-query';
import { Form, Link } from 'react-router';
import type { AuditPage, AuditRow } from '../../contracts/moderation.schema.ts';
import { AUDIT_ACTIONS, MODERATED_OBJECTS } from '../../contracts/moderation.ts';
import { apiQuery } from '../api/query.ts';
import audit from './audit.module.css';
import styles from './console.module.css';
import { changesOf, whenUtc } from './console-format.ts';
import { type AuditFilters, auditPath } from './console-paths.ts';
import { ConsolePager, ConsoleTitle, EmptyState, ScreenHeader } from './console-ui.tsx';
import { reasonLabel } from './report-format.ts';

// The audit log (decision 0043): every staff act, newest first, filtered by who, what and
// which object, the filters kept in the URL. Read-only: nothing here changes a row, and the
// table refuses it anyway.

function ObjectCell({ row }: { row: AuditRow }) {
  if (row.object_type === 'video') {
    return (
      <Link className={styles.tableLink} to={`/admin/review/${row.object_id}/`}>
        video #{row.object_id}
      </Link>
    );
  }
  if (row.object_type === 'member') {
    return (
      <a
        className={styles.tableLink}
        href={`/members/${row.object_id}/`}
        target="_blank"
        rel="noopener"
      >
        member #{row.object_id}
      </a>
    );
  }
  return (
    <span>
      {row.object_type} #{row.object_id}
    </span>
  );
}

function Changes({ row }: { row: AuditRow }) {
  const changes = changesOf(row.before, row.after);
  if (changes.length === 0) return <span className={styles.muted}>—</span>;
  return (
    <ul className={audit.changes}>
      {changes.map((change) => (
        <li key={change.field} className={styles.mono}>
          {change.field}: {change.before} → {change.after}
        </li>
      ))}
    </ul>
  );
}

export function AuditScreen({ filters }: { filters: AuditFilters }) {
  const { data } = useSuspenseQuery(apiQuery<AuditPage>(auditPath(filters)));
  const filtered = Boolean(
    filters.actor || filters.action || filters.object_type || filters.object_id,
  );
  return (
    <>
      <ConsoleTitle title="Audit log" />
      <ScreenHeader title="Audit log" count={`${data.total}`} />
      {/* The filters live in the URL: a filtered view can be shared with a colleague. */}
      <Form method="get" className={audit.filters} key={JSON.stringify(filters)}>
        <label className={styles.field}>
          <span>Who</span>
          <input
            name="actor"
            type="search"
            defaultValue={filters.actor}
            placeholder="Staff username"
            autoComplete="off"
          />
        </label>
        <label className={styles.field}>
          <span>Action</span>
          <select name="action" defaultValue={filters.action}>
            <option value="">Any</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Object</span>
          <select name="object_type" defaultValue={filters.object_type}>
            <option value="">Any</option>
            {MODERATED_OBJECTS.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Object id</span>
          <input
            name="object_id"
            inputMode="numeric"
            pattern="[0-9]*"
            defaultValue={filters.object_id}
            autoComplete="off"
          />
        </label>
        <div className={audit.filterActions}>
          <button type="submit" className={styles.button}>
            Filter
          </button>
          {filtered ? (
            <Link to="/admin/audit/" className={styles.button}>
              Clear
            </Link>
          ) : null}
        </div>
      </Form>
      {data.items.length === 0 ? (
        <EmptyState title={filtered ? 'No act matches these filters' : 'Nothing recorded yet'} />
      ) : (
        <table className={`${styles.table} ${audit.table}`}>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Object</th>
              <th scope="col">Reason</th>
              <th scope="col">Before → after</th>
              <th scope="col">Address</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((row) => (
              <tr key={row.id} data-action={row.action}>
                <td data-label="When" className={audit.when}>
                  {whenUtc(row.at)}
                </td>
                <td data-label="Who">
                  {row.actor.username} <span className={styles.role}>{row.actor.role}</span>
                </td>
                <td data-label="What" className={styles.mono}>
                  {row.action}
                </td>
                <td data-label="Object">
                  <ObjectCell row={row} />
                </td>
                <td data-label="Reason">
                  {row.reason ? reasonLabel(row.reason) : <span className={styles.muted}>—</span>}
                  {row.note ? <p className={audit.note}>{row.note}</p> : null}
                </td>
                <td data-label="Change">
                  <Changes row={row} />
                </td>
                <td data-label="Address" className={`${styles.mono} ${styles.muted}`}>
                  {row.ip}
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
