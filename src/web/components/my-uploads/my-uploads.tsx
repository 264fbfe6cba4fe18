import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import type { CounterNoticeAnswer } from '../../../contracts/dmca.schema.ts';
import { formatDuration, isoDuration } from '../../../contracts/format.ts';
import { isModerationReason } from '../../../contracts/moderation.ts';
import {
  type MyDmca,
  type MyStatement,
  type MyUpload,
  type MyUploads,
  myUploadsPath,
} from '../../../contracts/my-uploads.schema.ts';
import { apiQuery } from '../../api/query.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorText } from '../../lib/errors.ts';
import { useOverlays } from '../overlays/overlays.tsx';
import { Pagination } from '../pagination.tsx';
import styles from './my-uploads.module.css';

const AppealDialog = lazy(() => import('./appeal-dialog.tsx'));
const CounterNoticeDialog = lazy(() => import('./counter-notice-dialog.tsx'));
const FileRecordDialog = lazy(() => import('./file-record-dialog.tsx'));

/** States in which a video without a 2257 record waits for one before it can be approved. */
const NEEDS_RECORD: readonly MyUpload['state'][] = ['processing', 'review'];

// The member's own uploaded-videos tab (issue 16, decision 0045): every upload with its state
// in words (a badge, never colour alone), and for a rejected or removed one the statement of
// reasons in the member's language with the way to appeal a rejection once. Others visiting
// the profile see the published videos only (member.tsx).

function formatDate(iso: string, lang: string): string {
  // UTC on both sides: the server's render and the browser's hydration print the same day.
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

export function MyUploadsList({ page, href }: { page: number; href: (page: number) => string }) {
  const { t } = useTranslation();
  const path = myUploadsPath(page);
  const list = useSuspenseQuery(apiQuery<MyUploads>(path)).data;
  const queryClient = useQueryClient();
  const { toast } = useOverlays();
  const [appealing, setAppealing] = useState<{ upload: MyUpload; reason: string } | null>(null);
  const [countering, setCountering] = useState<MyUpload | null>(null);
  const [filing, setFiling] = useState<MyUpload | null>(null);

  function filed(videoId: number) {
    setFiling(null);
    toast('success', t('myUploads.recordDone'));
    queryClient.setQueryData<MyUploads>(['api', path], (now) =>
      now
        ? {
            ...now,
            items: now.items.map((item) =>
              item.id === videoId ? { ...item, record_filed: true } : item,
            ),
          }
        : now,
    );
    void queryClient.invalidateQueries({ queryKey: ['api', path] });
  }

  function countered(videoId: number, answer: CounterNoticeAnswer) {
    setCountering(null);
    toast('success', t('myUploads.counterSent'));
    queryClient.setQueryData<MyUploads>(['api', path], (now) =>
      now
        ? {
            ...now,
            items: now.items.map((item) =>
              item.id === videoId && item.dmca
                ? {
                    ...item,
                    dmca: {
                      ...item.dmca,
                      state: 'countered',
                      can_counter: false,
                      restore_after: answer.restore_after,
                    },
                  }
                : item,
            ),
          }
        : now,
    );
    void queryClient.invalidateQueries({ queryKey: ['api', path] });
  }

  function appealed(videoId: number) {
    setAppealing(null);
    toast('success', t('myUploads.appealOpen'));
    // Shown at once as the server now has it; read again to be sure.
    queryClient.setQueryData<MyUploads>(['api', path], (now) =>
      now
        ? {
            ...now,
            items: now.items.map((item) =>
              item.id === videoId && item.statement
                ? {
                    ...item,
                    // A rejection goes back to review; a removal stays down until decided.
                    state: item.state === 'rejected' ? 'review' : item.state,
                    statement: { ...item.statement, appeal_state: 'open', can_appeal: false },
                  }
                : item,
            ),
          }
        : now,
    );
    void queryClient.invalidateQueries({ queryKey: ['api', path] });
  }

  return (
    <>
      <p className={styles.intro}>{t('myUploads.intro')}</p>
      {list.items.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('myUploads.empty')}</p>
          <Link to="/upload-video/" className={styles.primary}>
            {t('myUploads.uploadFirst')}
          </Link>
        </div>
      ) : (
        <ul className={styles.list}>
          {list.items.map((upload) => (
            <UploadItem
              key={upload.id}
              upload={upload}
              onAppeal={(reason) => setAppealing({ upload, reason })}
              onCounter={() => setCountering(upload)}
              onFileRecord={() => setFiling(upload)}
            />
          ))}
        </ul>
      )}
      <Pagination page={page} pages={list.pages} href={href} />
      {appealing ? (
        <Suspense fallback={null}>
          <AppealDialog
            title={appealing.upload.title}
            reason={appealing.reason}
            statementId={appealing.upload.statement?.id ?? 0}
            onSent={() => appealed(appealing.upload.id)}
            onClose={() => setAppealing(null)}
          />
        </Suspense>
      ) : null}
      {countering?.dmca ? (
        <Suspense fallback={null}>
          <CounterNoticeDialog
            title={countering.title}
            url={countering.dmca.url}
            itemId={countering.dmca.item_id}
            onSent={(answer) => countered(countering.id, answer)}
            onClose={() => setCountering(null)}
          />
        </Suspense>
      ) : null}
      {filing ? (
        <Suspense fallback={null}>
          <FileRecordDialog
            videoId={filing.id}
            title={filing.title}
            onFiled={() => filed(filing.id)}
            onClose={() => setFiling(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function UploadItem({
  upload,
  onAppeal,
  onCounter,
  onFileRecord,
}: {
  upload: MyUpload;
  onAppeal: (reason: string) => void;
  onCounter: () => void;
  onFileRecord: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const picture = (
    <>
      <img src={upload.thumb} width={320} height={180} alt="" loading="lazy" decoding="async" />
      <time className={styles.duration} dateTime={isoDuration(upload.duration)}>
        {formatDuration(upload.duration)}
      </time>
    </>
  );
  const statement = upload.statement;
  // Stopped by its fingerprint (decision 0056): said as a refusal with its reason, not a fault.
  const refused =
    upload.state === 'error' &&
    (upload.failure === 'video_reupload_blocked' || upload.failure === 'video_duplicate');
  const shown = refused ? 'refused' : upload.state;
  const refusedReason = upload.refused_reason ?? '';
  return (
    <li className={styles.item} data-state={shown}>
      {upload.url ? (
        <Link to={upload.url} className={styles.thumb} tabIndex={-1} aria-hidden="true">
          {picture}
        </Link>
      ) : (
        <div className={styles.thumb}>{picture}</div>
      )}
      <div className={styles.body}>
        <span className={styles.badge} data-state={shown}>
          {t(`myUploads.state.${shown}`)}
        </span>
        <h2 className={styles.title} id={titleId}>
          {upload.url ? <Link to={upload.url}>{upload.title}</Link> : upload.title}
        </h2>
        <p className={styles.meta}>
          {t('myUploads.uploaded', { date: formatDate(upload.uploaded_at, i18n.language) })}
          {upload.record_filed ? ` · ${t('myUploads.recordFiled')}` : ''}
        </p>
        {refused ? (
          <div className={styles.refusal} role="note">
            <p>{errorText(t, upload.failure ?? 'video_upload_error')}</p>
            {refusedReason ? (
              <p>
                {t('myUploads.reason', {
                  reason: isModerationReason(refusedReason)
                    ? t(`moderation.reasons.${refusedReason}`)
                    : refusedReason,
                })}
              </p>
            ) : null}
            <p className={styles.meta}>{t('myUploads.refusedContact')}</p>
          </div>
        ) : upload.state !== 'active' ? (
          <p className={styles.stateText}>{t(`myUploads.stateText.${upload.state}`)}</p>
        ) : null}
        {/* Published again by a counter-notice (decision 0049): the end of what the tab told. */}
        {upload.state === 'active' && upload.dmca?.state === 'restored' ? (
          <p className={styles.appealNews}>{t('myUploads.dmcaRestored')}</p>
        ) : null}
        {upload.url ? (
          <Link to={upload.url} className={styles.link}>
            {t('myUploads.watch')}
          </Link>
        ) : null}
        {upload.state === 'processing' ? (
          <Link to={`/upload-video/?video=${upload.id}`} className={styles.link}>
            {t('myUploads.follow')}
          </Link>
        ) : null}
      </div>
      {!upload.record_filed && NEEDS_RECORD.includes(upload.state) ? (
        <div className={styles.recordMissing} data-testid="record-missing">
          <p className={styles.appealNews}>{t('myUploads.recordMissing')}</p>
          <p className={styles.appealHow}>{t('myUploads.recordHow')}</p>
          <button
            type="button"
            className={styles.appeal}
            aria-haspopup="dialog"
            aria-describedby={titleId}
            onClick={onFileRecord}
          >
            {t('myUploads.recordFile')}
          </button>
        </div>
      ) : null}
      {statement ? (
        <Statement
          statement={statement}
          state={upload.state}
          titleId={titleId}
          onAppeal={onAppeal}
          dmca={upload.dmca}
          onCounter={onCounter}
        />
      ) : null}
    </li>
  );
}

/** The DMCA notice behind a removal, and the way to counter it (decision 0049). */
function DmcaNews({
  dmca,
  titleId,
  onCounter,
}: {
  dmca: MyDmca;
  titleId: string;
  onCounter: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <p className={styles.note}>
        {t('myUploads.dmcaFrom', { claimant: dmca.claimant, works: dmca.works })}
      </p>
      {dmca.state === 'countered' && dmca.restore_after ? (
        <p className={styles.appealNews}>
          {t('myUploads.dmcaCountered', { date: formatDate(dmca.restore_after, i18n.language) })}
        </p>
      ) : null}
      {dmca.state === 'lawsuit' ? (
        <p className={styles.appealNews}>{t('myUploads.dmcaLawsuit')}</p>
      ) : null}
      {dmca.can_counter ? <p className={styles.appealHow}>{t('myUploads.dmcaHow')}</p> : null}
      {dmca.can_counter ? (
        <button
          type="button"
          className={styles.appeal}
          aria-haspopup="dialog"
          aria-describedby={titleId}
          onClick={onCounter}
        >
          {t('myUploads.dmcaCounter')}
        </button>
      ) : null}
    </>
  );
}

function Statement({
  statement,
  state,
  titleId,
  onAppeal,
  dmca,
  onCounter,
}: {
  statement: MyStatement;
  state: MyUpload['state'];
  /** The video's title: what the Appeal button appeals, for screen readers. */
  titleId: string;
  /** Opens the appeal dialog, which repeats the reason in the member's words. */
  onAppeal: (reason: string) => void;
  dmca: MyDmca | null;
  onCounter: () => void;
}) {
  const { t, i18n } = useTranslation();
  const reason = isModerationReason(statement.reason)
    ? t(`moderation.reasons.${statement.reason}`)
    : statement.reason;
  // Back in review on appeal: the reason is the earlier decision's, the news is the appeal.
  if (state === 'review') {
    return (
      <div className={styles.statement}>
        <p className={styles.appealNews}>{t('myUploads.appealOpen')}</p>
      </div>
    );
  }
  return (
    <div className={styles.statement}>
      <p className={styles.reason}>{t('myUploads.reason', { reason })}</p>
      {/* A DMCA removal's note is the notice itself, told below in the member's words. */}
      {statement.note && !(dmca && state === 'removed') ? (
        <p className={styles.note}>{t('myUploads.note', { note: statement.note })}</p>
      ) : null}
      <p className={styles.meta}>
        {t('myUploads.decided', { date: formatDate(statement.created_at, i18n.language) })}
      </p>
      {statement.appeal_state === 'open' ? (
        <p className={styles.appealNews}>{t('myUploads.appealOpen')}</p>
      ) : null}
      {statement.appeal_state === 'upheld' ? (
        <p className={styles.appealNews}>{t('myUploads.appealUpheld')}</p>
      ) : null}
      {statement.can_appeal ? <p className={styles.appealHow}>{t('myUploads.appealHow')}</p> : null}
      {statement.can_appeal ? (
        <button
          type="button"
          className={styles.appeal}
          aria-haspopup="dialog"
          aria-describedby={titleId}
          onClick={() => onAppeal(t('myUploads.reason', { reason }))}
        >
          {t('myUploads.appeal')}
        </button>
      ) : null}
      {dmca && state === 'removed' ? (
        <DmcaNews dmca={dmca} titleId={titleId} onCounter={onCounter} />
      ) : null}
    </div>
  );
}
