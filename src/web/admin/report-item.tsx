import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { ReportItem, ReviewItem, VideoState } from '../../contracts/moderation.schema.ts';
import { REPORT_ANSWER_MAX, REPORT_STATES, type ReportState } from '../../contracts/moderation.ts';
import { isApiError, postForm } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { useOverlays } from '../components/overlays/overlays.tsx';
import styles from './console.module.css';
import { changesOf, whenUtc } from './console-format.ts';
import { reviewItemPath } from './console-paths.ts';
import { ConsoleTitle, useConsoleMe } from './console-ui.tsx';
import { dmcaNewHref } from './dmca-paths.ts';
import {
  reasonLabel,
  senderOf,
  stateLabel,
  subjectLabel,
  VIDEO_STANDING,
} from './report-format.ts';
import item from './report-item.module.css';
import { isReportsPath, reportHref, reportItemPath, takedownsHref } from './report-paths.ts';
import { STATE_CHIP } from './report-ui.tsx';
import { TakedownDialog, type TakedownTarget } from './takedown-dialog.tsx';

// One report (decision 0043): what was sent, about what, by whom, with the picture; the
// other reports about the same object and what staff did with this one. Staff who may act
// take it, move its state, answer its sender by mail and, for a video, take the video down.

type Report = ReportItem['report'];

const isState = (value: string): value is ReportState =>
  (REPORT_STATES as readonly string[]).includes(value);

const isOpen = (state: string) => state === 'new' || state === 'in_progress';

/** A text, or a quiet dash when it is empty. */
const orDash = (text: string) => text || <span className={styles.muted}>—</span>;

function useAct(id: number) {
  const queryClient = useQueryClient();
  const { toast, toastFailure } = useOverlays();
  const [busy, setBusy] = useState(false);
  /** Posts one act; true when it was done (the screen and the inbox are fetched again). */
  const act = async (
    fields: Record<string, string>,
    done: string,
    onRefusal?: (error: unknown) => boolean,
  ): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    try {
      await postForm(reportItemPath(id), fields);
      toast('success', done);
      await queryClient.invalidateQueries({
        predicate: (query) => isReportsPath(String(query.queryKey[1] ?? '')),
      });
      return true;
    } catch (error) {
      if (!onRefusal?.(error)) toastFailure(error);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { act, busy };
}

function Message({ report }: { report: Report }) {
  return (
    <section className={`${item.box} ${item.message}`} aria-labelledby="report-message">
      <h2 id="report-message" className={item.boxTitle}>
        Message
      </h2>
      <p className={item.messageText}>{orDash(report.message)}</p>
      {report.attachment_url ? (
        <figure className={item.picture}>
          <a href={report.attachment_url} target="_blank" rel="noopener">
            <img src={report.attachment_url} alt="Sent with the report" />
          </a>
          <figcaption className={styles.muted}>Picture sent with it (opens full size)</figcaption>
        </figure>
      ) : null}
    </section>
  );
}

const STANDING_CHIP: Partial<Record<VideoState, string>> = {
  active: `${styles.chip} ${styles.chipGood}`,
  removed: `${styles.chip} ${styles.chipBad}`,
  deleted: `${styles.chip} ${styles.chipBad}`,
  rejected: `${styles.chip} ${styles.chipBad}`,
  review: `${styles.chip} ${styles.chipWarn}`,
};

/** The permission each report object's takedown needs (decision 0047). */
const TAKEDOWN_PERMISSION: Record<TakedownTarget['type'], string> = {
  video: 'disable:video:any',
  comment: 'hide:comment:any',
  album: 'disable:album:any',
};

/** What the report's takedown button would take down: none for a member or no object. */
function takedownTarget(object: Report['object']): TakedownTarget | null {
  if (!object || object.type === 'member') return null;
  return { type: object.type, id: object.id, label: object.label };
}

function About({ report, standing }: { report: Report; standing: VideoState | undefined }) {
  const { object } = report;
  return (
    <section className={`${item.box} ${item.about}`} aria-labelledby="report-object">
      <h2 id="report-object" className={item.boxTitle}>
        About
      </h2>
      {object ? (
        <div className={item.object}>
          {object.path ? (
            <a href={object.path} target="_blank" rel="noopener" className={item.objectLink}>
              {object.label || `${object.type} #${object.id}`}
            </a>
          ) : (
            <span>{object.label || `${object.type} #${object.id}, gone`}</span>
          )}
          {object.type === 'video' ? (
            <span className={item.standing}>
              {standing ? (
                <span className={STANDING_CHIP[standing] ?? styles.chip}>
                  {VIDEO_STANDING[standing]}
                </span>
              ) : null}
              <Link to={`/admin/review/${object.id}/`} className={item.small}>
                Watch it in the console
              </Link>
            </span>
          ) : object.type === 'member' ? (
            <Link to={`/admin/members/${object.id}/`} className={item.small}>
              The member in the console
            </Link>
          ) : null}
        </div>
      ) : (
        <p className={styles.muted}>Nothing on the site: a message to the team.</p>
      )}
    </section>
  );
}

function Actions({
  report,
  onTakeDown,
  takenDown,
  what,
}: {
  report: Report;
  onTakeDown: (() => void) | null;
  takenDown: boolean;
  what: TakedownTarget['type'];
}) {
  const me = useConsoleMe();
  const { act, busy } = useAct(report.id);
  const [note, setNote] = useState('');
  const mine = report.assignee?.id === me.id;
  const canUpdate = me.permissions.includes('update:report:any');

  const move = async (state: ReportState) => {
    const ok = await act(
      { act: 'state', state, note: note.trim() },
      `Report #${report.id}: ${stateLabel(state)}`,
    );
    if (ok) setNote('');
  };

  return (
    <section className={`${item.box} ${item.actions}`} aria-labelledby="report-actions">
      <h2 id="report-actions" className={item.boxTitle}>
        Handle it
      </h2>
      <p className={item.assigned}>
        {report.assignee ? (
          <>
            Assigned to <strong>{mine ? 'you' : report.assignee.username}</strong>
          </>
        ) : (
          <span className={styles.muted}>Nobody has taken it</span>
        )}
        {canUpdate && !mine ? (
          <button
            type="button"
            className={styles.button}
            disabled={busy}
            onClick={() => void act({ act: 'assign' }, `Report #${report.id} is yours`)}
          >
            Take it
          </button>
        ) : null}
      </p>
      {canUpdate ? (
        <div className={item.states}>
          <label className={styles.field}>
            <span>Note for the record (optional)</span>
            <input
              value={note}
              maxLength={2000}
              onChange={(event) => setNote(event.target.value)}
              autoComplete="off"
            />
          </label>
          <fieldset className={item.stateButtons}>
            <legend className="visually-hidden">Set the state</legend>
            {REPORT_STATES.filter((state) => state !== 'new').map((state) => (
              <button
                key={state}
                type="button"
                className={`${styles.button} ${item[`to_${state}`] ?? ''}`}
                disabled={busy || report.state === state}
                aria-pressed={report.state === state}
                onClick={() => void move(state)}
              >
                {stateLabel(state)}
              </button>
            ))}
          </fieldset>
        </div>
      ) : null}
      {takenDown ? (
        <p className={item.takenDown}>
          The video is taken down.{' '}
          <Link to={takedownsHref({ page: 1, inForce: true, q: '' })}>Takedowns</Link>
        </p>
      ) : onTakeDown ? (
        <button type="button" className={item.takeDown} onClick={onTakeDown}>
          Take down {what}
        </button>
      ) : null}
      {report.subject === 'dmca' && me.permissions.includes('disable:video:any') ? (
        <Link to={dmcaNewHref(report.id)} className={item.recordDmca}>
          Record as DMCA notice
        </Link>
      ) : null}
    </section>
  );
}

function Answer({ report }: { report: Report }) {
  const { act, busy } = useAct(report.id);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (message.trim() === '') {
      setProblem('Write the answer first.');
      return;
    }
    const ok = await act(
      { act: 'answer', message: message.trim() },
      `Answer sent to ${report.email}`,
      (error) => {
        if (isApiError(error) && error.field === 'message') {
          setProblem(
            error.code === 'max_length'
              ? `At most ${REPORT_ANSWER_MAX} characters.`
              : 'Write the answer first.',
          );
          return true;
        }
        return false;
      },
    );
    if (ok) setMessage('');
  };
  return (
    <section className={`${item.box} ${item.answer}`} aria-labelledby="report-answer">
      <h2 id="report-answer" className={item.boxTitle}>
        Answer by mail
      </h2>
      <form onSubmit={(event) => void submit(event)} className={item.answerForm}>
        <label htmlFor="report-answer-text" className={styles.muted}>
          To {report.email}; replies come to the contact address
        </label>
        <textarea
          id="report-answer-text"
          className={item.textarea}
          value={message}
          maxLength={REPORT_ANSWER_MAX}
          rows={5}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setMessage(event.target.value);
            setProblem('');
          }}
        />
        {problem ? (
          <p className={item.problem} role="alert">
            {problem}
          </p>
        ) : null}
        <div className={item.answerActions}>
          <span className={styles.muted}>
            {message.length} / {REPORT_ANSWER_MAX}
          </span>
          <button type="submit" className={styles.button} disabled={busy}>
            Send
          </button>
        </div>
      </form>
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Details({ report }: { report: Report }) {
  return (
    <section className={`${item.box} ${item.details}`} aria-labelledby="report-details">
      <h2 id="report-details" className={item.boxTitle}>
        Details
      </h2>
      <dl className={item.facts}>
        <Fact label="From">
          <a href={`mailto:${report.email}`}>{report.email}</a>
        </Fact>
        <Fact label="Account">
          {report.reporter ? (
            <a href={`/members/${report.reporter.id}/`} target="_blank" rel="noopener">
              {report.reporter.username}
            </a>
          ) : (
            <span className={styles.muted}>Not signed in</span>
          )}
        </Fact>
        <Fact label="Sent from">{orDash(report.referrer)}</Fact>
        <Fact label="Language">{orDash(report.lang)}</Fact>
        <Fact label="Address">
          <span className={styles.mono}>{orDash(report.ip)}</span>
        </Fact>
        <Fact label="Browser">
          <span className={styles.mono}>{orDash(report.user_agent)}</span>
        </Fact>
        <Fact label="Received">{whenUtc(report.created_at)}</Fact>
        <Fact label="Closed">{report.resolved_at ? whenUtc(report.resolved_at) : orDash('')}</Fact>
      </dl>
    </section>
  );
}

function SameObject({ others }: { others: ReportItem['same_object'] }) {
  if (others.length === 0) return null;
  return (
    <section className={`${item.box} ${item.others}`} aria-labelledby="report-others">
      <h2 id="report-others" className={item.boxTitle}>
        Other reports about it ({others.length})
      </h2>
      <ul className={item.plainList}>
        {others.map((other) => (
          <li key={other.id}>
            <Link to={reportHref(other.id)}>
              #{other.id} {subjectLabel(other.subject)}
            </Link>{' '}
            <span className={isState(other.state) ? STATE_CHIP[other.state] : styles.chip}>
              {stateLabel(other.state)}
            </span>{' '}
            <span className={styles.muted}>{whenUtc(other.created_at)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const ACTION_WORDS: Record<string, string> = {
  'report.assign': 'took it',
  'report.state': 'set the state',
  'report.answer': 'answered by mail',
};

function History({ rows }: { rows: ReportItem['history'] }) {
  return (
    <section className={`${item.box} ${item.history}`} aria-labelledby="report-history">
      <h2 id="report-history" className={item.boxTitle}>
        History
      </h2>
      {rows.length === 0 ? (
        <p className={styles.muted}>Nobody has acted on it yet.</p>
      ) : (
        <ol className={item.plainList}>
          {rows.map((row) => (
            <li key={row.id} data-action={row.action}>
              <span className={styles.muted}>{whenUtc(row.at)}</span>{' '}
              <strong>{row.actor.username}</strong> {ACTION_WORDS[row.action] ?? row.action}
              {row.action === 'report.state'
                ? changesOf(row.before, row.after).map((change) => (
                    <span key={change.field}>
                      : {stateLabel(change.before)} → {stateLabel(change.after)}
                    </span>
                  ))
                : null}
              {row.reason ? <span>: {reasonLabel(row.reason)}</span> : null}
              {row.note ? <p className={item.note}>{row.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function ReportItemScreen({ id }: { id: number }) {
  const { data } = useSuspenseQuery(apiQuery<ReportItem>(reportItemPath(id)));
  const { report } = data;
  const me = useConsoleMe();
  const [takingDown, setTakingDown] = useState(false);
  const video = report.object?.type === 'video' ? report.object : null;
  // Comments and albums are taken down from here too (decision 0047); a member has their page.
  const target = takedownTarget(report.object);
  // Where the video stands (taken down already?) comes from its review screen's data.
  const standing = useQuery({
    ...apiQuery<ReviewItem>(reviewItemPath(video?.id ?? 0)),
    enabled: Boolean(video?.label) && me.permissions.includes('review:video:any'),
  }).data?.video.state;
  const canTakeDown =
    target !== null &&
    Boolean(target.label) &&
    me.permissions.includes(TAKEDOWN_PERMISSION[target.type]) &&
    (target.type !== 'video' ||
      standing === undefined ||
      standing === 'active' ||
      standing === 'disabled');
  const title = `${subjectLabel(report.subject)} report #${report.id}`;

  return (
    <div className={item.page}>
      <ConsoleTitle title={title} />
      <nav className={item.crumbs} aria-label="Reports">
        <Link to="/admin/reports/">← Reports</Link>
      </nav>
      <header className={item.head}>
        <h1 className={item.title}>{title}</h1>
        <p className={item.headFacts}>
          <span className={STATE_CHIP[report.state]}>{stateLabel(report.state)}</span>
          <span>from {senderOf(report)}</span>
          <span className={styles.muted}>{whenUtc(report.created_at)}</span>
        </p>
      </header>
      <div className={item.columns}>
        <div className={item.mainColumn}>
          <Message report={report} />
          {me.permissions.includes('update:report:any') ? <Answer report={report} /> : null}
          <History rows={data.history} />
        </div>
        <div className={item.side}>
          <About report={report} standing={standing} />
          <Actions
            report={report}
            onTakeDown={canTakeDown ? () => setTakingDown(true) : null}
            what={target?.type ?? 'video'}
            takenDown={standing === 'removed'}
          />
          <SameObject others={data.same_object} />
          <Details report={report} />
        </div>
      </div>
      {takingDown && target ? (
        <TakedownDialog
          object={target}
          report={{
            id: report.id,
            open: isOpen(report.state),
            others: data.same_object.filter((other) => isOpen(other.state)).map((o) => o.id),
          }}
          onClose={() => setTakingDown(false)}
        />
      ) : null}
    </div>
  );
}
