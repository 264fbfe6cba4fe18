import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shortCount } from '../../contracts/format.ts';
import styles from '../routes/profile-page.module.css';

// The head of a model, channel or member page: picture, name, counts (videos, views,
// subscribers, each shortened with K/M), an about text, facts and any extra content.

export function ProfileHeader({
  image,
  name,
  counts,
  about,
  facts = [],
  children,
}: {
  image: string;
  name: string;
  counts: { videos: string; views?: string; subscribers?: string };
  about?: string;
  facts?: [string, string][];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const count = (key: string, value: string) =>
    t(key, { count: Number(value), n: shortCount(value) });
  return (
    <header className={styles.head}>
      <img src={image} alt="" width={160} height={160} className={styles.portrait} />
      <div>
        <h1 className={styles.name}>{name}</h1>
        <p className={styles.stats}>
          <span>{count('profile.videos', counts.videos)}</span>
          {counts.views !== undefined ? <span>{count('profile.views', counts.views)}</span> : null}
          {counts.subscribers !== undefined ? (
            <span>{count('profile.subscribers', counts.subscribers)}</span>
          ) : null}
        </p>
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
