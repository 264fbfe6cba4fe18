import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isoDuration, parseDuration, ratingPercent, shortCount } from '../../contracts/format.ts';
import type { VideoListItem } from '../../contracts/video.schema.ts';
import { EyeIcon, ThumbUpIcon } from './icons.tsx';
import styles from './video-thumb.module.css';

/** Regional-indicator emoji of a two-letter country code. */
export function countryFlag(code: string): string {
  if (!/^[a-z]{2}$/i.test(code)) return '';
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1a5 + c.charCodeAt(0)));
}

export function videoPath(video: Pick<VideoListItem, 'video_id' | 'dir'>): string {
  return `/videos/${video.video_id}/${video.dir}/`;
}

export function VideoThumb({ video, eager = false }: { video: VideoListItem; eager?: boolean }) {
  const { t } = useTranslation();
  const percent = ratingPercent(video.rating);
  const views = Number(video.video_viewed);
  const flag = countryFlag(video.country);
  return (
    <article className={styles.thumb}>
      <Link to={videoPath(video)} className={styles.media}>
        <img
          src={video.thumb}
          srcSet={`${video.thumb} 320w, ${video.scr} 640w`}
          sizes="(max-width: 767px) 50vw, (max-width: 1366px) 25vw, 320px"
          width={320}
          height={180}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
        />
        <time
          className={styles.duration}
          dateTime={isoDuration(parseDuration(video.duration) || 0)}
          title={t('thumb.duration', { duration: video.duration })}
        >
          {video.duration}
        </time>
        {video.is_hd === '1' ? <span className={styles.hd}>{t('thumb.hd')}</span> : null}
        {video.is_private === '1' ? (
          <span className={styles.private}>{t('thumb.private')}</span>
        ) : null}
      </Link>
      <h3 className={styles.title}>
        <Link to={videoPath(video)}>{video.title}</Link>
      </h3>
      <p className={styles.meta}>
        <span title={t('thumb.views', { count: views })}>
          <EyeIcon />
          {shortCount(views)}
          <span className="visually-hidden"> {t('thumb.views', { count: views })}</span>
        </span>
        <span className={percent >= 70 ? styles.good : undefined}>
          <ThumbUpIcon />
          {percent}%<span className="visually-hidden"> {t('thumb.rating', { percent })}</span>
        </span>
        {flag ? (
          <span className={styles.flag} role="img" aria-label={video.country.toUpperCase()}>
            {flag}
          </span>
        ) : null}
      </p>
    </article>
  );
}
