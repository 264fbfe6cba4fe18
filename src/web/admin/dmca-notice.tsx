import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DmcaActAnswer, DmcaItem, DmcaNotice } from '../../contracts/dmca.schema.ts';
import { isApiError, postForm } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { useOverlays } from '../components/overlays/overlays.tsx';
import styles from './console.module.css';
import { whenUtc } from './console-format.ts';
import { isReviewPath } from './console-paths.ts';
import { ConsoleTitle, ScreenHeader, useConsoleMe } from './console-ui.tsx';
import list from './dmca.module.css';
import { NOTICE_STATE_CHIP } from './dmca.tsx';
import {
  dmcaActPath,
  dmcaHref,
  dmcaLawsuitPath,
  dmcaNoticePath,
  dmcaRejectPath,
  isDmcaPath,
} from './dmca-paths.ts';
import { isTakedownsPath, reportHref, videoPageHref } from './report-paths.ts';
import { NoteDialog } from './report-ui.tsx';

// One DMCA notice (decision 0049): the claimant and what they claim, each URL with the video
// it names and what became of it (taken down, countered, restored, held by a lawsuit), and
// the acts: take every named video down, reject the notice, record a claimant's lawsuit.

const ITEM_STATE: Record<DmcaItem['state'], { label: string; chip: string }> = {
  pending: { label: 'Pending', chip: styles.chipWarn ?? '' },
  taken_down: { label: 'Taken down', chip: styles.chipBad ?? '' },
  countered: { label: 'Counter-notice', chip: styles.chipWarn ?? '' },
  restored: { label: 'Restored', chip: styles.chipGood ?? '' },
  lawsuit: { label: 'Lawsuit', chip: styles.chipBad ?? '' },
  not_found: { label: 'Not found', chip: '' },
};

type Pending = { kind: 'act' } | { kind: 'reject' } | { kind: 'lawsuit'; item: DmcaItem } | null;

function Item({
  item,
  canAct,
  onLawsuit,
}: {
  item: DmcaItem;
  canAct: boolean;
  onLawsuit: () => void;
}) {
  // Named while already down for another takedown: the notice took nothing down.
  const downElsewhere = item.state === 'taken_down' && item.takedown_id === null;
  const state = downElsewhere
    ? { label: 'Already down (other takedown)', chip: '' }
    : ITEM_STATE[item.state];
  return (
    <li className={list.item} data-item={item.id} data-state={item.state}>
      <div className={list.itemHead}>
        <span className={`${styles.chip} ${state.chip}`}>{state.label}</span>
        {canAct && !downElsewhere && (item.state === 'taken_down' || item.state === 'countered') ? (
          <button type="button" className={styles.button} onClick={onLawsuit}>
            Record lawsuit
          </button>
        ) : null}
      </div>
      <span className={styles.mono}>{item.url}</span>
      {item.video_id !== null ? (
        <span>
          <a
            href={videoPageHref(item.video_id)}
            target="_blank"
            rel="noopener"
            className={styles.tableLink}
          >
            {item.title || `Video #${item.video_id}`}
          </a>
          {item.uploader ? <span className={list.small}> by {item.uploader.username}</span> : null}
          {' · '}
          <Link to={`/admin/review/${item.video_id}/`} className={list.small}>
            in the console
          </Link>
        </span>
      ) : (
        <span className={list.small}>Names no video of this site.</span>
      )}
      {item.counter ? (
        <p className={list.counter}>
          Counter-notice {whenUtc(item.counter.at)} from {item.counter.name}
          {'\n'}
          {item.counter.address}, {item.counter.phone}
          {'\n'}Signed: {item.counter.signature}
        </p>
      ) : null}
      {item.state === 'countered' && item.restore_after ? (
        <span className={list.small}>
          Comes back after {whenUtc(item.restore_after)} unless a lawsuit is recorded.
        </span>
      ) : null}
      {item.lawsuit_at ? (
        <span className={list.small}>
          Lawsuit recorded {whenUtc(item.lawsuit_at)}
          {item.lawsuit_note ? `: ${item.lawsuit_note}` : ''}
        </span>
      ) : null}
      {item.restored_at ? (
        <span className={list.small}>Restored {whenUtc(item.restored_at)}</span>
      ) : null}
    </li>
  );
}

export function DmcaNoticeScreen({ id }: { id: number }) {
  const { data: notice } = useSuspenseQuery(apiQuery<DmcaNotice>(dmcaNoticePath(id)));
  const me = useConsoleMe();
  const canAct = me.permissions.includes('disable:video:any');
  const queryClient = useQueryClient();
  const { toast } = useOverlays();
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');

  const videos = notice.items.filter((item) => item.state === 'pending').length;

  const run = async (note: string) => {
    if (!pending) return;
    if (pending.kind === 'reject' && note === '') {
      setProblem('Say why the notice is rejected.');
      return;
    }
    setBusy(true);
    try {
      if (pending.kind === 'act') {
        const answer = await postForm<DmcaActAnswer>(dmcaActPath(notice.id), { note });
        toast('success', `Notice #${notice.id}: ${answer.taken_down} video(s) taken down`);
      } else if (pending.kind === 'reject') {
        await postForm(dmcaRejectPath(notice.id), { note });
        toast('success', `Notice #${notice.id} rejected`);
      } else {
        await postForm(dmcaLawsuitPath(pending.item.id), { note });
        toast('success', 'Lawsuit recorded: the video stays down');
      }
      setPending(null);
      await queryClient.invalidateQueries({
        predicate: (query) => {
          const path = String(query.queryKey[1] ?? '');
          return isDmcaPath(path) || isTakedownsPath(path) || isReviewPath(path);
        },
      });
    } catch (error) {
      if (isApiError(error) && error.codes.some((c) => c.code === 'already_added')) {
        setProblem('Someone decided this notice already.');
      } else if (isApiError(error) && error.field === 'state') {
        setProblem('This item can no longer take a lawsuit.');
      } else {
        setProblem(isApiError(error) ? error.message : 'Something went wrong.');
      }
    } finally {
      setBusy(false);
    }
  };

  const open = (next: Pending) => {
    setProblem('');
    setPending(next);
  };

  const title = `DMCA notice #${notice.id}`;
  return (
    <>
      <ConsoleTitle title={title} />
      <ScreenHeader title={title} count={notice.state}>
        <Link to={dmcaHref({ page: 1, state: 'received', q: '' })} className={list.small}>
          ← Notices
        </Link>
      </ScreenHeader>
      <div className={list.grid}>
        <section className={list.box} aria-labelledby="dmca-claim">
          <h2 id="dmca-claim" className={list.boxTitle}>
            The claim
          </h2>
          <dl className={list.facts}>
            <dt>Claimant</dt>
            <dd>
              {notice.claimant_name}
              {notice.claimant_company ? `, ${notice.claimant_company}` : ''}
            </dd>
            <dt>E-mail</dt>
            <dd>{notice.claimant_email}</dd>
            <dt>Address</dt>
            <dd>{notice.claimant_address || '—'}</dd>
            <dt>Phone</dt>
            <dd>{notice.claimant_phone || '—'}</dd>
            <dt>Works</dt>
            <dd>{notice.works}</dd>
            <dt>Statements</dt>
            <dd>{notice.good_faith ? 'Good faith and accuracy stated' : 'Missing'}</dd>
            <dt>Signature</dt>
            <dd>{notice.signature}</dd>
            <dt>Received</dt>
            <dd>
              {whenUtc(notice.received_at)}
              {notice.entered_by ? `, recorded by ${notice.entered_by}` : ''}
              {notice.report_id ? (
                <>
                  {' '}
                  from <Link to={reportHref(notice.report_id)}>report #{notice.report_id}</Link>
                </>
              ) : null}
            </dd>
          </dl>
          <h2 className={`${list.boxTitle} ${list.spaced}`}>URLs ({notice.items.length})</h2>
          <ul className={list.items}>
            {notice.items.map((item) => (
              <Item
                key={item.id}
                item={item}
                canAct={canAct}
                onLawsuit={() => open({ kind: 'lawsuit', item })}
              />
            ))}
          </ul>
        </section>
        <section className={`${list.box} ${list.actions}`} aria-labelledby="dmca-decide">
          <h2 id="dmca-decide" className={list.boxTitle}>
            Decision
          </h2>
          <p>
            <span className={`${styles.chip} ${NOTICE_STATE_CHIP[notice.state] ?? ''}`}>
              {notice.state}
            </span>
            {notice.decided_at ? (
              <span className={list.small}>
                {' '}
                {whenUtc(notice.decided_at)} by {notice.decided_by}
              </span>
            ) : null}
          </p>
          {notice.note ? <p className={list.hint}>{notice.note}</p> : null}
          {canAct && notice.state === 'received' ? (
            <>
              <p className={list.hint}>
                Acting takes down {videos} video(s) for copyright; each uploader gets a strike and a
                statement saying how to send a counter-notice.
              </p>
              <button
                type="button"
                className={`${list.primary} ${list.danger}`}
                disabled={videos === 0}
                onClick={() => open({ kind: 'act' })}
              >
                Take down {videos} video(s)
              </button>
              <button
                type="button"
                className={styles.button}
                onClick={() => open({ kind: 'reject' })}
              >
                Reject notice
              </button>
            </>
          ) : null}
        </section>
      </div>
      {pending ? (
        <NoteDialog
          title={
            pending.kind === 'act'
              ? `Take down ${videos} video(s)`
              : pending.kind === 'reject'
                ? `Reject notice #${notice.id}`
                : 'Record a lawsuit'
          }
          noteLabel={
            pending.kind === 'act'
              ? 'Note to the uploaders'
              : pending.kind === 'reject'
                ? 'Why (incomplete, abusive…)'
                : 'Court and case, for the record'
          }
          noteRequired={pending.kind === 'reject'}
          confirmLabel={
            pending.kind === 'act' ? 'Take down' : pending.kind === 'reject' ? 'Reject' : 'Record'
          }
          tone={pending.kind === 'act' ? 'danger' : 'good'}
          busy={busy}
          problem={problem}
          onCancel={() => setPending(null)}
          onConfirm={(note) => void run(note)}
        >
          <p className={styles.muted}>
            {pending.kind === 'act'
              ? 'Without a note, the uploaders read who sent the notice and about which works.'
              : pending.kind === 'reject'
                ? 'Nothing is taken down. The claimant is not told by the site: answer them from the report.'
                : 'The claimant filed an action against the uploader: the video is never restored automatically.'}
          </p>
        </NoteDialog>
      ) : null}
    </>
  );
}
