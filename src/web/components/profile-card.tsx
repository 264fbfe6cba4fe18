import { Link } from 'react-router';
import { shortCount } from '../../contracts/format.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import styles from './profile-card.module.css';

/** The model and channel thumbnail variants (SPEC.md §2 "Thumbnails"): image, name, counts. */
export function ProfileCard({
  href,
  image,
  title,
  videos,
  views,
  square = true,
}: {
  href: string;
  image: string;
  title: string;
  videos: string;
  views?: string;
  /** Models have square portraits; channels show a 16:9 top thumb. */
  square?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <article className={styles.card}>
      <Link to={href} className={styles.link}>
        <img
          src={image}
          alt=""
          width={square ? 240 : 320}
          height={square ? 240 : 180}
          loading="lazy"
          decoding="async"
          className={square ? styles.square : styles.wide}
        />
        <h2 className={styles.title}>{title}</h2>
      </Link>
      <p className={styles.meta}>
        <span>{t('profile.videos', { count: Number(videos), n: shortCount(videos) })}</span>
        {views !== undefined ? (
          <span>{t('profile.views', { count: Number(views), n: shortCount(views) })}</span>
        ) : null}
      </p>
    </article>
  );
}

export function ProfileGrid({ children }: { children: React.ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}
