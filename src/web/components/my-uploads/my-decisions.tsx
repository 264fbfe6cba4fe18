import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { isModerationReason } from '../../../contracts/moderation.ts';
import {
  type MyDecision,
  type MyDecisions,
  myDecisionsPath,
} from '../../../contracts/my-decisions.schema.ts';
import { apiQuery } from '../../api/query.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useOverlays } from '../overlays/overlays.tsx';
import own from './my-decisions.module.css';
import styles from './my-uploads.module.css';

const AppealDialog = lazy(() => import('./appeal-dialog.tsx'));

// The member's other moderation decisions, on their own profile above their uploads (DSA
// art. 17 and 20): removed comments, playlists and albums, all comments removed at once,
// strikes and bans, each with its reason in the member's language, whether it still holds,
// and the Appeal button while it can be appealed (once; another moderator decides it in the
// console). The statement mails link here. Nothing shows for a member with no decision.

function formatDate(iso: string, lang: string): string {
  // UTC on both sides: the server's render and the browser's hydration print the same day.
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

interface Appealing {
  decision: MyDecision;
  page: number;
  about: string;
  reason: string;
}

export function MyDecisionsSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const first = useSuspenseQuery(apiQuery<MyDecisions>(myDecisionsPath(1))).data;
  const queryClient = useQueryClient();
  const { toast } = useOverlays();
  const [pages, setPages] = useState(1);
  const [appealing, setAppealing] = useState<Appealing | null>(null);
  if (first.total === 0) return null;

  function appealed(page: number, id: number) {
    setAppealing(null);
    toast('success', t('myDecisions.appealSent'));
    const key = ['api', myDecisionsPath(page)] as const;
    // Shown at once as the server now has it; read again to be sure.
    queryClient.setQueryData<MyDecisions>(key, (now) =>
      now
        ? {
            ...now,
            items: now.items.map((item) =>
              item.id === id ? { ...item, appeal_state: 'open', can_appeal: false } : item,
            ),
          }
        : now,
    );
    void queryClient.invalidateQueries({ queryKey: key });
  }

  const onAppeal = (page: number) => (decision: MyDecision, about: string, reason: string) =>
    setAppealing({ decision, page, about, reason });
  return (
    <section id="decisions" className={own.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={own.heading}>
        {t('myDecisions.title')}
      </h2>
      <p className={styles.intro}>{t('myDecisions.intro')}</p>
      <ul className={own.list}>
        <DecisionItems items={first.items} onAppeal={onAppeal(1)} />
        {Array.from({ length: pages - 1 }, (_, i) => i + 2).map((page) => (
          <Suspense
            key={page}
            fallback={<li className={own.loading}>{t('myDecisions.loading')}</li>}
          >
            <DecisionsPage page={page} onAppeal={onAppeal(page)} />
          </Suspense>
        ))}
      </ul>
      {pages < first.pages ? (
        <button type="button" className={own.more} onClick={() => setPages(pages + 1)}>
          {t('myDecisions.more')}
        </button>
      ) : null}
      {appealing ? (
        <Suspense fallback={null}>
          <AppealDialog
            title={appealing.about}
            reason={appealing.reason}
            statementId={appealing.decision.id}
            intro={t('myDecisions.appealIntro')}
            label={t('myDecisions.appealLabel')}
            onSent={() => appealed(appealing.page, appealing.decision.id)}
            onClose={() => setAppealing(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

type OnAppeal = (decision: MyDecision, about: string, reason: string) => void;

/** A later page, read when the member asks for older decisions. */
function DecisionsPage({ page, onAppeal }: { page: number; onAppeal: OnAppeal }) {
  const list = useSuspenseQuery(apiQuery<MyDecisions>(myDecisionsPath(page))).data;
  return <DecisionItems items={list.items} onAppeal={onAppeal} />;
}

function DecisionItems({ items, onAppeal }: { items: MyDecision[]; onAppeal: OnAppeal }) {
  return (
    <>
      {items.map((decision) => (
        <DecisionItem key={decision.id} decision={decision} onAppeal={onAppeal} />
      ))}
    </>
  );
}

/** The comment, playlist or album has been deleted by the member since. */
const deletedSince = (decision: MyDecision) =>
  (decision.kind === 'comment' || decision.kind === 'playlist' || decision.kind === 'album') &&
  decision.title === '';

function DecisionItem({ decision, onAppeal }: { decision: MyDecision; onAppeal: OnAppeal }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const about =
    decision.kind === 'comments'
      ? t('myDecisions.allComments')
      : decision.kind === 'strike'
        ? t('myDecisions.strikeAbout')
        : decision.kind === 'ban'
          ? t('myDecisions.banAbout')
          : decision.title === ''
            ? t(`myDecisions.kind.${decision.kind}`)
            : decision.kind === 'comment'
              ? t('myDecisions.quoted', { text: decision.title })
              : decision.title;
  // Reasons worded for any object (a strike or a ban is about the account, not a video).
  const reasonWords = isModerationReason(decision.reason)
    ? t(`moderation.removedReasons.${decision.reason}`)
    : decision.reason === 'repeat_infringer'
      ? t('moderation.reasons.repeat_infringer')
      : decision.reason;
  const reason = t('myUploads.reason', { reason: reasonWords });
  const ended = deletedSince(decision)
    ? t('myDecisions.deleted')
    : decision.in_force
      ? ''
      : decision.kind === 'strike'
        ? t('myDecisions.withdrawn')
        : decision.kind === 'ban'
          ? t('myDecisions.lifted')
          : decision.appeal_state === 'reversed'
            ? ''
            : t('myDecisions.restored');
  return (
    <li className={own.item} data-in-force={decision.in_force || undefined}>
      <div className={own.head}>
        <span className={styles.badge} data-state={decision.in_force ? 'removed' : 'disabled'}>
          {t(`myDecisions.kind.${decision.kind}`)}
        </span>
        <span className={styles.meta}>
          {t('myUploads.decided', { date: formatDate(decision.created_at, i18n.language) })}
        </span>
      </div>
      <h3 className={`${styles.title} ${own.about}`} id={titleId}>
        {about}
      </h3>
      <p className={styles.reason}>{reason}</p>
      {decision.note ? (
        <p className={styles.note}>{t('myUploads.note', { note: decision.note })}</p>
      ) : null}
      {ended ? <p className={styles.stateText}>{ended}</p> : null}
      {decision.url ? (
        <Link to={decision.url} className={styles.link} aria-describedby={titleId}>
          {t('myDecisions.see')}
        </Link>
      ) : null}
      {decision.appeal_state === 'open' ? (
        <p className={styles.appealNews}>{t('myDecisions.appealSent')}</p>
      ) : null}
      {decision.appeal_state === 'upheld' ? (
        <p className={styles.appealNews}>{t('myUploads.appealUpheld')}</p>
      ) : null}
      {decision.appeal_state === 'reversed' ? (
        <p className={styles.appealNews}>{t('myDecisions.reversed')}</p>
      ) : null}
      {decision.dmca && decision.in_force ? (
        <p className={styles.appealHow}>{t('myDecisions.dmcaStrike')}</p>
      ) : null}
      {decision.can_appeal ? (
        <>
          <p className={styles.appealHow}>{t('myDecisions.appealHow')}</p>
          <button
            type="button"
            className={styles.appeal}
            aria-haspopup="dialog"
            aria-describedby={titleId}
            onClick={() => onAppeal(decision, about, reason)}
          >
            {t('myUploads.appeal')}
          </button>
        </>
      ) : null}
    </li>
  );
}
