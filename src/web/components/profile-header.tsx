import type { ReactNode } from 'react';
import { shortCount } from '../../contracts/format.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import styles from '../routes/profile-page.module.css';
import { SubscribeButton } from './subscribe/subscribe-button.tsx';
import { type SubscribeTarget, useSubscription } from './subscribe/use-subscription.ts';

// The head of a model, channel or member page: picture, name, counts (videos, views,
// subscribers, each shortened with K/M), the subscribe button, an about text, facts and any
// extra content. After a (un)subscribe the count is the one the server answered.

export function ProfileHeader({
  image,
  name,
  counts,
  about,
  facts = [],
  subscribe,
  actions,
  cover,
  children,
}: {
  image: string;
  name: string;
  counts: { videos: string; views?: string; subscribers?: string };
  about?: string;
  facts?: [string, string][];
  /** What the subscribe button subscribes to; no button without it (one's own page). */
  subscribe?: SubscribeTarget | undefined;
  /** More buttons beside the subscribe button (a member page: friend, message). */
  actions?: ReactNode;
  /** A member's cover picture (1250x250), shown above the head when there is one. */
  cover?: string | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const subscription = useSubscription(subscribe, name);
  const subscribers =
    subscription.subscribers === undefined ? counts.subscribers : String(subscription.subscribers);
  const count = (key: string, value: string) =>
    t(key, { count: Number(value), n: shortCount(value) });
  return (
    <header className={cover ? `${styles.head} ${styles.withCover}` : styles.head}>
      {cover ? <img src={cover} alt="" width={1250} height={250} className={styles.cover} /> : null}
      <img src={image} alt="" width={160} height={160} className={styles.portrait} />
      <div>
        <h1 className={styles.name}>{name}</h1>
        <p className={styles.stats}>
          <span>{count('profile.videos', counts.videos)}</span>
          {counts.views !== undefined ? <span>{count('profile.views', counts.views)}</span> : null}
          {subscribers !== undefined ? (
            <span>{count('profile.subscribers', subscribers)}</span>
          ) : null}
        </p>
        {subscribe || actions ? (
          <div className={styles.actions}>
            {subscribe ? (
              <SubscribeButton
                subscribed={subscription.subscribed}
                busy={subscription.busy}
                onToggle={() => void subscription.toggle()}
              />
            ) : null}
            {actions}
          </div>
        ) : null}
        {about ? <p className={styles.about}>{about}</p> : null}
        {facts.length > 0 ? (
          <dl className={styles.facts}>
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        {children}
      </div>
    </header>
  );
}
