import { Link } from 'react-router';
import { shortCount } from '../../../contracts/format.ts';
import type { AlbumItem } from '../../../contracts/playlists.schema.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './album.module.css';
import { albumPagePath } from './album-paths.ts';

/** An album in a list: its cover with the photo count, a lock when private, title, views. */
export function AlbumCard({ album }: { album: AlbumItem }) {
  const { t, i18n } = useTranslation();
  const photos = Number(album.photos_amount);
  return (
    <article className={styles.card}>
      <Link to={albumPagePath(album)} className={styles.cardLink}>
        <span className={styles.cover}>
          <img
            className={styles.coverImage}
            src={album.scr}
            alt=""
            width={400}
            height={300}
            loading="lazy"
            decoding="async"
          />
          {album.private === '1' ? (
            <span className={styles.lock}>{t('albums.private')}</span>
          ) : null}
          <span className={styles.count}>
            {t('albums.photos', { count: photos, n: shortCount(album.photos_amount) })}
          </span>
        </span>
        <h2 className={styles.cardTitle}>{album.title}</h2>
      </Link>
      <p className={styles.meta}>
        <span>
          {t('profile.views', {
            count: Number(album.album_viewed),
            n: shortCount(album.album_viewed),
          })}
        </span>
        <span>{postDay(album.post_date, i18n.language)}</span>
      </p>
    </article>
  );
}

export function AlbumGrid({ children }: { children: React.ReactNode }) {
  return <div className={styles.cards}>{children}</div>;
}

/** The day of a `YYYY-MM-DD hh:mm:ss` (UTC) post date in the page language. */
export function postDay(postDate: string, lang: string): string {
  const date = new Date(`${postDate.replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
