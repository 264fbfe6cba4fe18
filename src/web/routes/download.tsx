import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type CSSProperties, useEffect, useId, useReducer, useRef, useState } from 'react';
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { LIFETIME, SHAKE_MS, TELEGRAM_WAIT_S } from '../../contracts/constants.ts';
import { isoDuration } from '../../contracts/format.ts';
import { parseId, videoPath } from '../../contracts/paths.ts';
import type { VideoFileList, VideoResponse } from '../../contracts/video.schema.ts';
import { decodeVideoUrl } from '../../contracts/video-url.ts';
import { ApiError, isApiError } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { useOverlays } from '../components/overlays/overlays.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import {
  defaultFile,
  downloadHref,
  gateReducer,
  initialGate,
  telegramUrl,
} from '../lib/download-gate.ts';
import styles from './download.module.css';

// The download landing (SPEC.md §2 /download/?video={id}, §4 "Telegram download modal"): a
// click on "Subscribe to our Telegram" starts a 10 s wait, then Download fetches the video
// file list and goes to its default file (the best full one) as an attachment. Clicking
// early shakes the button for 0.7 s and says why. Downloading is for members (SPEC.md §6):
// visitors get Log in.

function videoFilesPath(id: number): string {
  return `/api/videofile.php?video_id=${id}&lifetime=${LIFETIME.videofile}`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const id = parseId(new URL(request.url).searchParams.get('video') ?? '');
  if (id === undefined) throw data(null, { status: 404 });
  const { queryClient } = context.get(appContext);
  try {
    await queryClient.ensureQueryData(apiQuery<VideoResponse>(videoPath(LIFETIME.video, id)));
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
  return { id };
}

/** The Telegram wait, ticking against its deadline while it counts. */
function useDownloadGate() {
  const [gate, dispatch] = useReducer(gateReducer, initialGate);
  useEffect(() => {
    if (gate.phase !== 'counting') return;
    const timer = setInterval(() => dispatch({ type: 'tick', now: Date.now() }), 250);
    return () => clearInterval(timer);
  }, [gate.phase]);
  return { gate, subscribe: () => dispatch({ type: 'subscribe', now: Date.now() }) };
}

/** Step 1: the channel link; for members a click also starts the wait. */
function TelegramStep({ onSubscribe }: { onSubscribe?: () => void }) {
  const { t } = useTranslation();
  const { site } = useGlobals();
  return (
    <li className={styles.step}>
      <h2 className={styles.stepTitle}>{t('download.step1')}</h2>
      <p className={styles.hint}>{t('download.subscribeHint', { count: TELEGRAM_WAIT_S })}</p>
      <a
        href={telegramUrl(site)}
        target="_blank"
        rel="noopener noreferrer"
        className={styles.telegram}
        onClick={onSubscribe}
      >
        {t('download.subscribe')}
      </a>
    </li>
  );
}

function MemberSteps({ id }: { id: number }) {
  const { t } = useTranslation();
  const statusId = useId();
  const reasonId = useId();
  const { toastFailure } = useOverlays();
  const queryClient = useQueryClient();
  const { gate, subscribe } = useDownloadGate();
  const [reason, setReason] = useState('');
  // Two alternating animations, so a click during a shake starts it again.
  const [shake, setShake] = useState<0 | 1 | 2>(0);
  const shakeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => () => clearTimeout(shakeTimer.current), []);

  function refuse() {
    setReason(
      gate.phase === 'counting'
        ? t('download.waitMore', { count: gate.remaining })
        : t('download.subscribeFirst'),
    );
    setShake((previous) => (previous === 1 ? 2 : 1));
    clearTimeout(shakeTimer.current);
    shakeTimer.current = setTimeout(() => setShake(0), SHAKE_MS);
  }

  async function download() {
    setBusy(true);
    try {
      const files = await queryClient.fetchQuery(apiQuery<VideoFileList>(videoFilesPath(id)));
      const file = defaultFile(files);
      const href = downloadHref(file ? decodeVideoUrl(file.video_url) : undefined);
      if (!href) throw new ApiError(404, { error: 'Not found', code: 'not_found' });
      window.location.assign(href);
    } catch (error) {
      toastFailure(error);
    } finally {
      setBusy(false);
    }
  }

  const ready = gate.phase === 'ready';
  const shakeClass = shake === 1 ? ` ${styles.shakeA}` : shake === 2 ? ` ${styles.shakeB}` : '';
  return (
    <>
      <TelegramStep
        onSubscribe={() => {
          subscribe();
          setReason('');
        }}
      />
      <li className={styles.step}>
        <h2 className={styles.stepTitle}>{t('download.step2')}</h2>
        <p id={statusId} role="status" className={styles.status}>
          {gate.phase === 'counting'
            ? t('download.countdown', { count: gate.remaining })
            : ready
              ? t('download.ready')
              : t('download.locked')}
        </p>
        {/* Locked, not disabled: a click before the wait is over is answered (shake and
            reason), so the button stays operable and describes its state instead. */}
        <button
          type="button"
          className={`${styles.download}${shakeClass}`}
          style={{ '--shake-ms': `${SHAKE_MS}ms` } as CSSProperties}
          data-locked={ready ? undefined : 'true'}
          aria-describedby={reason && !ready ? `${statusId} ${reasonId}` : statusId}
          aria-busy={busy ? true : undefined}
          onClick={() => {
            if (busy) return;
            if (ready) void download();
            else refuse();
          }}
        >
          {t('download.button')}
        </button>
        {reason && !ready ? (
          <p id={reasonId} role="alert" className={styles.reason}>
            {reason}
          </p>
        ) : null}
      </li>
    </>
  );
}

/** Visitors: the channel link, and Log in where the Download button would be. */
function VisitorSteps() {
  const { t } = useTranslation();
  const { openModal } = useOverlays();
  return (
    <>
      <TelegramStep />
      <li className={styles.step}>
        <h2 className={styles.stepTitle}>{t('download.step2')}</h2>
        <p className={styles.hint}>{t('download.membersOnly')}</p>
        <button type="button" className={styles.download} onClick={() => openModal('login')}>
          {t('nav.login')}
        </button>
      </li>
    </>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { id } = useLoaderData<typeof loader>();
  const { user } = useGlobals();
  const { video } = useSuspenseQuery(apiQuery<VideoResponse>(videoPath(LIFETIME.video, id))).data;
  const title = t('download.title', { title: video.title });
  const available = video.status_id === '1';
  return (
    <article className={styles.page}>
      <PageMeta title={title} description={title} image={video.scr} noindex />
      <header className={styles.video}>
        <Link to={video.url} className={styles.media}>
          <img src={video.thumb} alt="" width={320} height={180} decoding="async" />
          <time className={styles.duration} dateTime={isoDuration(Number(video.duration_seconds))}>
            {video.duration}
          </time>
        </Link>
        <div className={styles.about}>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.meta}>
            {t('thumb.duration', { duration: video.duration })}
            {' · '}
            <Link to={video.url}>{t('download.back')}</Link>
          </p>
        </div>
      </header>
      {available ? (
        <ol className={styles.steps}>{user ? <MemberSteps id={id} /> : <VisitorSteps />}</ol>
      ) : (
        <p className={styles.unavailable}>{t('download.unavailable')}</p>
      )}
    </article>
  );
}
