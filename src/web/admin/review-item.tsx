import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDuration, toastTitle } from '../../contracts/format.ts';
import type { ReviewItem } from '../../contracts/moderation.schema.ts';
import { type ModerationReason, REASON_LABELS } from '../../contracts/moderation.ts';
import { isApiError, postForm } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { useOverlays } from '../components/overlays/overlays.tsx';
import { Player } from '../components/player/player.tsx';
import styles from './console.module.css';
import { previousOf, whenUtc } from './console-format.ts';
import { isReviewPath, reviewItemPath } from './console-paths.ts';
import { rememberSkip, trailSoFar } from './console-trail.ts';
import { ConsoleTitle, KeyHelp, useConsoleKeys, useConsoleMe } from './console-ui.tsx';
import { ContactSheet } from './contact-sheet.tsx';
import { MetadataDialog } from './metadata-dialog.tsx';
import { ReasonPicker } from './reason-picker.tsx';
import {
  EXEMPTION_LABELS,
  NO_RECORD,
  NO_RECORD_HOW,
  NO_RECORD_YET,
  recordScreenPath,
} from './records-format.ts';
import { reasonLabel } from './report-format.ts';
import review from './review-item.module.css';

// One video of the review queue (decision 0043): everything a moderator needs to decide in
// seconds (the player, the contact sheet of the whole video, its words, the uploader's
// record, duplicates, earlier decisions), and the decision, by key or by button.

const STATE_LABELS: Record<ReviewItem['video']['state'], string> = {
  disabled: 'Disabled',
  active: 'Published',
  error: 'Failed to encode',
  processing: 'Encoding',
  deleted: 'Deleted',
  review: 'Waiting for review',
  rejected: 'Rejected',
  removed: 'Removed',
};

function Facts({ item }: { item: ReviewItem }) {
  const { video } = item;
  return (
    <section className={review.box} aria-labelledby="review-facts">
      <h2 id="review-facts" className="visually-hidden">
        Details
      </h2>
      <dl className={review.facts}>
        <div>
          <dt>Description</dt>
          <dd className={review.description}>
            {video.description || <span className={styles.muted}>None</span>}
          </dd>
        </div>
        <div>
          <dt>Tags</dt>
          <dd>
            {video.tags.length ? (
              <span className={review.chips}>
                {video.tags.map((tag) => (
                  <span key={tag} className={styles.chip}>
                    {tag}
                  </span>
                ))}
              </span>
            ) : (
              <span className={styles.muted}>None</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Categories</dt>
          <dd>
            {video.categories.map((c) => c.title).join(', ') || (
              <span className={styles.muted}>None</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Models</dt>
          <dd>
            {video.models.map((m) => m.title).join(', ') || (
              <span className={styles.muted}>None</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Declared</dt>
          <dd className={review.chips}>
            <span className={video.is_private ? `${styles.chip} ${styles.chipWarn}` : styles.chip}>
              {video.is_private ? 'Private' : 'Public'}
            </span>
            <span className={styles.chip}>
              {video.exclusive ? 'Exclusive to this site' : 'Not exclusive'}
            </span>
          </dd>
        </div>
        <div>
          <dt>Video</dt>
          <dd>
            {formatDuration(video.duration)} · {video.width}×{video.height} · uploaded{' '}
            {whenUtc(video.uploaded_at)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function Uploader({ item }: { item: ReviewItem }) {
  const { uploader } = item;
  const figures: [string, number, boolean][] = [
    ['Uploads', uploader.uploads, false],
    ['Published', uploader.published, false],
    ['Rejected', uploader.rejections, uploader.rejections > 0],
    ['Reports', uploader.reports, uploader.reports > 0],
    ['Strikes', uploader.strikes, uploader.strikes > 0],
  ];
  return (
    <section className={review.box} aria-labelledby="review-uploader">
      <h2 id="review-uploader" className={review.boxTitle}>
        Uploader
      </h2>
      <p className={review.uploader}>
        <a href={`/members/${uploader.id}/`} target="_blank" rel="noopener">
          {uploader.username}
        </a>
        {uploader.trusted ? (
          <span className={`${styles.chip} ${styles.chipGood}`}>trusted</span>
        ) : null}
        <span className={styles.muted}>joined {whenUtc(uploader.joined).slice(0, 10)}</span>
      </p>
      <dl className={review.figures}>
        {figures.map(([label, value, warn]) => (
          <div key={label} className={warn ? review.warn : undefined}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Duplicates({ item }: { item: ReviewItem }) {
  if (item.duplicates.length === 0) return null;
  return (
    <section className={`${review.box} ${review.alert}`} aria-labelledby="review-duplicates">
      <h2 id="review-duplicates" className={review.boxTitle}>
        Possible duplicates ({item.duplicates.length})
      </h2>
      <ul className={review.plainList}>
        {item.duplicates.map((dup) => (
          <li key={dup.id}>
            <Link to={`/admin/review/${dup.id}/`}>{dup.title}</Link>{' '}
            <span className={styles.muted}>
              {STATE_LABELS[dup.state]} ·{' '}
              {dup.why === 'same_uploader_title' ? 'same uploader, same title' : 'same title'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The 2257 record (decision 0055): that it was filed and its kind, for every moderator; its
 * contents only behind the administrators' link, where each opening is audited.
 */
function Record({ item }: { item: ReviewItem }) {
  const me = useConsoleMe();
  const { record } = item;
  return (
    <section
      className={record ? review.box : `${review.box} ${review.alert}`}
      aria-labelledby="review-record"
      data-testid="review-record"
    >
      <h2 id="review-record" className={review.boxTitle}>
        2257 record
      </h2>
      {record ? (
        <>
          <p>
            Filed {whenUtc(record.filed_at)}:{' '}
            {record.exemption
              ? `exempt (${EXEMPTION_LABELS[record.exemption] ?? record.exemption})`
              : `${record.performers} performer${record.performers === 1 ? '' : 's'} declared`}
          </p>
          {me.permissions.includes('read:record:any') ? (
            <Link to={recordScreenPath(item.video.id)}>Open the record (audited)</Link>
          ) : (
            <p className={styles.muted}>Only administrators read the record itself.</p>
          )}
        </>
      ) : (
        <>
          <p>{NO_RECORD_YET}</p>
          <p className={styles.muted}>{NO_RECORD_HOW}</p>
        </>
      )}
    </section>
  );
}

/**
 * What the upload's fingerprint matched (decision 0056): this upload and each match side by
 * side, with how alike they are, so the moderator sees at once whether it is a copy.
 */
function FingerprintMatches({ item }: { item: ReviewItem }) {
  const matches = item.fingerprint_matches;
  if (matches.length === 0) return null;
  const { video } = item;
  return (
    <section
      className={`${review.box} ${review.alert} ${review.matches}`}
      aria-labelledby="review-matches"
    >
      <h2 id="review-matches" className={review.boxTitle}>
        Looks like {matches.length === 1 ? 'another video' : `${matches.length} other videos`}
      </h2>
      <ul className={review.plainList}>
        {matches.map((match) => (
          <li key={match.id} className={review.match}>
            <p className={review.matchFacts}>
              <span
                className={`${styles.chip} ${match.verdict === 'match' ? styles.chipBad : styles.chipWarn}`}
              >
                {Math.round(match.similarity * 100)}% alike
              </span>{' '}
              {match.verdict === 'match' ? 'Same video' : 'Near match'}
              {match.offset_s !== 0
                ? `, starting ${Math.abs(match.offset_s)} s ${match.offset_s > 0 ? 'into' : 'before'} the other`
                : ''}
            </p>
            <div className={review.pair}>
              <figure>
                {video.poster ? (
                  <img src={video.poster} alt="This upload" width={320} height={180} />
                ) : (
                  <div className={review.noPoster}>No picture</div>
                )}
                <figcaption>This upload</figcaption>
              </figure>
              <figure>
                {match.poster ? (
                  <a href={match.hls || match.poster} target="_blank" rel="noopener">
                    <img
                      src={match.poster}
                      alt={`Match: ${match.title}`}
                      width={320}
                      height={180}
                    />
                  </a>
                ) : (
                  <div className={review.noPoster}>No picture</div>
                )}
                <figcaption>
                  <Link to={`/admin/review/${match.id}/`}>
                    #{match.id} {match.title}
                  </Link>{' '}
                  <span className={styles.muted}>
                    {STATE_LABELS[match.state]}
                    {match.takedown_reason ? ` (${reasonLabel(match.takedown_reason)})` : ''}
                  </span>
                </figcaption>
              </figure>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Statements({ item }: { item: ReviewItem }) {
  if (item.statements.length === 0) return null;
  return (
    <section className={review.box} aria-labelledby="review-statements">
      <h2 id="review-statements" className={review.boxTitle}>
        Earlier decisions
      </h2>
      <ul className={review.plainList}>
        {item.statements.map((s) => (
          <li key={s.id}>
            <strong>{s.decision}</strong>: {reasonLabel(s.reason)}{' '}
            <span className={styles.muted}>
              by {s.decided_by}, {whenUtc(s.created_at)}
            </span>
            {s.note ? <p className={review.note}>{s.note}</p> : null}
            {s.appeal_state !== 'none' ? (
              <p className={review.note}>
                Appeal ({s.appeal_state}){s.appeal_text ? `: ${s.appeal_text}` : ''}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ReviewItemScreen({ id }: { id: number }) {
  const { data: item } = useSuspenseQuery(apiQuery<ReviewItem>(reviewItemPath(id)));
  const { video, queue } = item;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast, toastFailure } = useOverlays();
  const playerBox = useRef<HTMLDivElement>(null);
  const [picking, setPicking] = useState(false);
  const [editing, setEditing] = useState(false);
  const [help, setHelp] = useState(false);
  const [busy, setBusy] = useState(false);
  const [noteError, setNoteError] = useState('');
  const waiting = video.state === 'review';
  // No 2257 record, no approval (decision 0055): the server refuses it too.
  const approvable = waiting && item.record !== null;

  // A new video starts with its dialogs closed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the video changes
  useEffect(() => {
    setPicking(false);
    setEditing(false);
    setBusy(false);
    setNoteError('');
  }, [id]);

  const media = () => playerBox.current?.querySelector('video') ?? null;

  const seekTo = (seconds: number, play = false) => {
    const element = media();
    if (!element) return;
    const end = Number.isFinite(element.duration) ? element.duration : video.duration;
    element.currentTime = Math.max(0, Math.min(end, seconds));
    if (play && element.paused) element.play().catch(() => {});
  };

  const togglePlay = () => {
    const element = media();
    if (!element) return;
    if (element.paused || element.ended) element.play().catch(() => {});
    else element.pause();
  };

  const goTo = (next: number | null) =>
    navigate(next === null ? '/admin/review/' : `/admin/review/${next}/`);

  const decide = async (fields: Record<string, string>, done: string) => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await postForm<{ success: 1; next: number | null }>(
        reviewItemPath(id),
        fields,
      );
      toast('success', done);
      setPicking(false);
      // The queue, its count and this video changed: fetch them again when next shown.
      await queryClient.invalidateQueries({
        predicate: (query) => isReviewPath(String(query.queryKey[1] ?? '')),
        refetchType: 'none',
      });
      await goTo(answer.next);
    } catch (error) {
      const decidedBy =
        isApiError(error) && error.code === 'not_found' ? error.info?.state : undefined;
      if (isApiError(error) && error.field === 'note') {
        setNoteError('Write a note for this reason.');
      } else if (typeof decidedBy === 'string') {
        // Another moderator decided first: nothing to do here, on to the next one.
        toast('info', `Already decided by someone else: ${decidedBy} now`);
        setPicking(false);
        await queryClient.invalidateQueries({
          predicate: (query) => isReviewPath(String(query.queryKey[1] ?? '')),
          refetchType: 'none',
        });
        await goTo(queue.next);
      } else {
        toastFailure(error);
      }
    } finally {
      setBusy(false);
    }
  };

  const approve = () => decide({ decision: 'approve' }, `Approved “${toastTitle(video.title)}”`);

  const reject = (reason: ModerationReason, note: string) =>
    decide(
      { decision: 'reject', reason, note },
      `Rejected “${toastTitle(video.title)}”: ${REASON_LABELS[reason]}`,
    );

  // Where the moderator came from with n first, then the video waiting before this one.
  const previous =
    previousOf(id, trailSoFar().trail, trailSoFar().queueIds) ?? queue.previous ?? undefined;

  const screen = help ? 'help' : picking || editing ? null : 'review';
  useConsoleKeys(screen, (action) => {
    switch (action.type) {
      case 'approve':
        if (!waiting) {
          toast('info', 'This video is not waiting for review');
          return;
        }
        if (!approvable) {
          toast('error', NO_RECORD);
          return;
        }
        void approve();
        return;
      case 'reject':
        if (!waiting) {
          toast('info', 'This video is not waiting for review');
          return;
        }
        setPicking(true);
        return;
      case 'edit':
        setEditing(true);
        return;
      case 'next':
        if (queue.next === null) {
          toast('info', 'No video waits after this one');
          return;
        }
        rememberSkip(id, queue.next);
        void goTo(queue.next);
        return;
      case 'previous':
        if (previous === undefined) {
          toast('info', 'No earlier video known');
          return;
        }
        void goTo(previous);
        return;
      case 'toggle-play':
        togglePlay();
        return;
      case 'seek-by':
        seekTo((media()?.currentTime ?? 0) + action.seconds);
        return;
      case 'help':
        setHelp(true);
        return;
      case 'cancel':
        setHelp(false);
        return;
      default:
        return false;
    }
  });

  return (
    <div className={review.page}>
      <ConsoleTitle title={`Review: ${video.title}`} />
      <nav className={review.crumbs} aria-label="Queue">
        <Link to="/admin/review/">← Queue</Link>
        <span className={styles.muted}>
          {queue.position > 0
            ? `${queue.position} of ${queue.total} waiting`
            : `${queue.total} waiting`}
        </span>
      </nav>
      <div className={review.columns}>
        <div className={review.mediaColumn}>
          <div ref={playerBox} className={review.player}>
            {video.hls ? (
              <Player
                key={video.id}
                src={video.hls}
                poster={video.poster}
                timeline={video.timeline || undefined}
                durationS={video.duration}
                title={video.title}
              />
            ) : (
              <div className={review.noStream}>
                <img src={video.poster} alt="" width={1280} height={720} />
                <p>No playable stream yet</p>
              </div>
            )}
          </div>
          <FingerprintMatches item={item} />
          <div className={review.sheet}>
            <ContactSheet url={video.timeline} onPick={(seconds) => seekTo(seconds, true)} />
          </div>
          {video.screenshots.length ? (
            <section aria-labelledby="review-shots" className={review.screenshots}>
              <h2 id="review-shots" className={review.boxTitle}>
                Screenshots ({video.screenshots.length})
              </h2>
              <ul className={review.shots}>
                {video.screenshots.map((src, index) => (
                  <li key={src}>
                    <a href={src} target="_blank" rel="noopener">
                      <img
                        src={src}
                        alt={`Screenshot ${index + 1}`}
                        loading="lazy"
                        width={320}
                        height={180}
                      />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        <aside className={review.side} aria-label="Decision and details">
          <div className={review.head}>
            <h1 className={review.title}>{video.title}</h1>
            <p className={review.state}>
              <span
                className={
                  waiting
                    ? `${styles.chip} ${styles.chipWarn}`
                    : video.state === 'active'
                      ? `${styles.chip} ${styles.chipGood}`
                      : `${styles.chip} ${styles.chipBad}`
                }
              >
                {STATE_LABELS[video.state]}
              </span>
              {video.state === 'active' ? (
                <a href={`/videos/${video.id}/${video.dir}/`} target="_blank" rel="noopener">
                  Public page
                </a>
              ) : null}
            </p>
          </div>
          {waiting ? (
            <div className={review.actions}>
              <button
                type="button"
                className={`${review.action} ${review.approve}`}
                onClick={() => void approve()}
                disabled={busy || !approvable}
                aria-keyshortcuts="a"
                aria-describedby={approvable ? undefined : 'review-no-record'}
              >
                Approve <kbd>a</kbd>
              </button>
              <button
                type="button"
                className={`${review.action} ${review.reject}`}
                onClick={() => setPicking(true)}
                disabled={busy}
                aria-keyshortcuts="r"
              >
                Reject <kbd>r</kbd>
              </button>
            </div>
          ) : null}
          <button
            type="button"
            className={`${styles.button} ${review.edit}`}
            onClick={() => setEditing(true)}
            aria-keyshortcuts="e"
          >
            Edit details <kbd>e</kbd>
          </button>
          {waiting && !approvable ? (
            <p id="review-no-record" className={review.blocked} role="note">
              {NO_RECORD}
            </p>
          ) : null}
          <p className={`${styles.hint} ${review.keysHint}`}>
            <kbd>n</kbd> skip, <kbd>p</kbd> back, <kbd>Space</kbd> play, <kbd>←</kbd> <kbd>→</kbd>{' '}
            seek, <kbd>?</kbd> all keys
          </p>
          <Duplicates item={item} />
          <Record item={item} />
          <Facts item={item} />
          <Uploader item={item} />
          <Statements item={item} />
        </aside>
      </div>
      {picking ? (
        <ReasonPicker
          title={video.title}
          busy={busy}
          noteError={noteError}
          onNoteChange={() => setNoteError('')}
          onCancel={() => setPicking(false)}
          onConfirm={(reason, note) => void reject(reason, note)}
        />
      ) : null}
      {editing ? (
        <MetadataDialog
          video={video}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            toast('success', 'Details saved');
            void queryClient.invalidateQueries({
              predicate: (query) => isReviewPath(String(query.queryKey[1] ?? '')),
            });
          }}
        />
      ) : null}
      {help ? <KeyHelp screen="review" onClose={() => setHelp(false)} /> : null}
    </div>
  );
}
