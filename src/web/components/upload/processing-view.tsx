import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { videoPath } from '../../../contracts/paths.ts';
import type { VideoResponse } from '../../../contracts/video.schema.ts';
import { apiQuery } from '../../api/query.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorText } from '../../lib/errors.ts';
import { useOverlays } from '../overlays/overlays.tsx';
import styles from './upload.module.css';
import { fetchVideoStatus, removeVideo } from './upload-calls.ts';
import { callFailure, failureText } from './upload-failure.ts';

// After the form: the video's way through the media pipeline, read from video_status every
// 2 s while it is processing (SPEC.md §7), each step with its progress. Ready: a link to the
// video. Failed: why. The owner can delete the video here (SPEC.md §8 "video removed").
// A member's upload then waits for a moderator (decision 0043): the page says so and keeps
// looking, more slowly, until it is published or rejected; the uploaded-videos tab tells the
// reason of a rejection and takes the appeal (decision 0045).

const POLL_MS = 2000;
/** A moderator takes minutes or hours: no need to ask every 2 s meanwhile. */
const REVIEW_POLL_MS = 30_000;

function taskLabel(t: (key: string, options?: Record<string, unknown>) => string, task: string) {
  if (task.startsWith('hls:')) return t('upload.taskStream', { height: task.slice(4) });
  if (task === 'timeline') return t('upload.taskTimeline');
  if (task === 'hover') return t('upload.taskHover');
  if (task === 'mp4') return t('upload.taskDownloads');
  return task;
}

export function ProcessingView({ videoId }: { videoId: number }) {
  const { t } = useTranslation();
  const { user } = useGlobals();
  const id = useId();
  const navigate = useNavigate();
  const { toast, toastFailure } = useOverlays();
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);

  const status = useQuery({
    queryKey: ['upload-status', videoId],
    queryFn: ({ signal }) => fetchVideoStatus(videoId, signal),
    staleTime: 0,
    // A refusal (no such video) is final; a lost connection is tried again.
    retry: (count, error) => count < 3 && callFailure(error).retry,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (data === undefined) return query.state.error ? false : POLL_MS;
      if (data.status_id === '3') return POLL_MS;
      return data.status_id === '6' ? REVIEW_POLL_MS : false;
    },
  });
  const state = status.data?.status_id;
  // Uncached (lifetime 0): read again once the video is ready, for its address.
  const detail = useQuery({
    ...apiQuery<VideoResponse>(videoPath(0, videoId)),
    staleTime: state === '1' ? Number.POSITIVE_INFINITY : 0,
  });
  const video = detail.data?.video;
  const own = video !== undefined && user !== null && video.user.id === String(user.id);

  async function remove() {
    setRemoving(true);
    try {
      await removeVideo(videoId);
      toast('success', t('notify.video_removed'));
      void navigate('/upload-video/');
    } catch (error) {
      toastFailure(error);
      setRemoving(false);
      setConfirming(false);
    }
  }

  if (status.isError && status.data === undefined) {
    // No answer yet: a lost connection can be tried again; a refusal (not found) cannot.
    const failure = callFailure(status.error);
    return (
      <section className={styles.card}>
        <p role="alert" className={styles.refusal}>
          {failure.retry ? failureText(t, failure) : errorText(t, 'not_found')}
        </p>
        <div className={styles.links}>
          {failure.retry ? (
            <button type="button" className={styles.button} onClick={() => void status.refetch()}>
              {t('upload.retry')}
            </button>
          ) : null}
          <Link to="/upload-video/">{t('upload.uploadAnother')}</Link>
        </div>
      </section>
    );
  }

  const heading =
    state === '1'
      ? t('upload.readyTitle')
      : state === '2'
        ? t('upload.failedTitle')
        : state === '5'
          ? t('upload.removedTitle')
          : state === '6'
            ? t('upload.reviewTitle')
            : state === '7'
              ? t('upload.rejectedTitle')
              : state === '8'
                ? t('upload.takenDownTitle')
                : t('upload.processingTitle');
  // Waiting for a moderator, rejected or taken down: the member's uploads say more.
  const moderated = state === '6' || state === '7' || state === '8';
  const myUploads = user ? `/members/${user.id}/` : undefined;
  const tasks = status.data?.tasks ?? [];
  // Why the pipeline gave up (decision 0021): the source's fault, or ours after retries.
  const failure = status.data?.failure || 'video_upload_error';
  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <div aria-live="polite">
        <h2 id={`${id}-heading`} className={styles.cardTitle}>
          {heading}
        </h2>
        {video ? <p className={styles.fileName}>{video.title}</p> : null}
        {state === '2' ? (
          <p className={styles.refusal}>{errorText(t, failure, { code: videoId })}</p>
        ) : (
          <p className={styles.status}>
            {state === '1'
              ? t('upload.readyText')
              : state === '5'
                ? ''
                : state === '6'
                  ? t('upload.reviewText')
                  : state === '7'
                    ? t('upload.rejectedText')
                    : state === '8'
                      ? t('upload.takenDownText')
                      : tasks.length === 0
                        ? t('upload.queued')
                        : t('upload.processingText')}
          </p>
        )}
        {status.isError ? <p className={styles.status}>{t('upload.statusReconnecting')}</p> : null}
      </div>
      {tasks.length > 0 && state !== '5' && !moderated ? (
        <ul className={styles.tasks} aria-label={t('upload.tasksLabel')}>
          {tasks.map((task) => {
            const percent = Math.round(task.progress * 100);
            const label = taskLabel(t, task.task);
            return (
              <li key={task.task} className={styles.task}>
                <span>{label}</span>
                <div
                  className={`${styles.bar} ${styles.barSmall}`}
                  role="progressbar"
                  aria-label={label}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                >
                  <div className={styles.barFill} style={{ width: `${percent}%` }} />
                </div>
                <span
                  className={
                    task.state === 'done' ? `${styles.taskState} ${styles.done}` : styles.taskState
                  }
                >
                  {t(`upload.state.${task.state}`)}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className={styles.links}>
        {state === '1' && video ? (
          <Link to={video.url} className={styles.button}>
            {t('upload.watch')}
          </Link>
        ) : null}
        {moderated && myUploads ? (
          <Link to={myUploads} className={styles.button}>
            {t('upload.myVideos')}
          </Link>
        ) : null}
        <Link to="/upload-video/">{t('upload.uploadAnother')}</Link>
        {myUploads && !moderated ? <Link to={myUploads}>{t('upload.myVideos')}</Link> : null}
        {own && state !== '5' && state !== '8' ? (
          confirming ? (
            <span className={styles.confirm}>
              <span>{t('upload.removeConfirm')}</span>
              <button
                type="button"
                className={styles.secondary}
                onClick={() => void remove()}
                disabled={removing}
              >
                {t('upload.removeYes')}
              </button>
              <button
                type="button"
                className={styles.secondary}
                onClick={() => setConfirming(false)}
              >
                {t('common.cancel')}
              </button>
            </span>
          ) : (
            <button type="button" className={styles.secondary} onClick={() => setConfirming(true)}>
              {t('upload.remove')}
            </button>
          )
        ) : null}
      </div>
    </section>
  );
}
