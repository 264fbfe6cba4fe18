import type { ReactNode } from 'react';
import { isoDuration, parseDuration, shortCount, shownRating } from '../../contracts/format.ts';
import type { VideoListItem } from '../../contracts/video.schema.ts';
import { useHoverPreview } from '../hooks/use-hover-preview.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { countryName } from '../lib/country.ts';
import { PlainLink } from './plain-link.tsx';
import styles from './video-thumb.module.css';

export function videoPath(video: Pick<VideoListItem, 'video_id' | 'dir'>): string {
  return `/videos/${video.video_id}/${video.dir}/`;
}

export function VideoThumb({
  video,
  eager = false,
  headingLevel = 2,
  overlay,
  href = videoPath(video),
}: {
  video: VideoListItem;
  eager?: boolean;
  headingLevel?: 2 | 3;
  /** Controls over the picture's top corner, outside the link (a click does not navigate). */
  overlay?: ReactNode;
  /** Where the thumb leads: the video's page, with `?playlist=` on a playlist's page. */
  href?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t, i18n } = useTranslation();
  const percent = shownRating(video);
  const views = Number(video.video_viewed);
  // The country as a code badge: flag emoji do not render on Windows or without an emoji font.
  const country = /^[a-z]{2}$/i.test(video.country) ? video.country.toUpperCase() : '';
  const preview = useHoverPreview(video.preview_clip);
  // Each said twice (a tooltip and the screen reader's words), looked up once: a listing
  // renders sixty thumbs.
  const viewsLabel = t('thumb.views', { count: views });
  const unrated = percent === null ? t('thumb.unrated') : '';
  return (
    <article className={overlay ? `${styles.thumb} ${styles.withOverlay}` : styles.thumb}>
      <PlainLink to={href} className={styles.media} {...preview.handlers}>
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
        {preview.playing ? (
          <video
            className={styles.preview}
            src={video.preview_clip}
            muted
            autoPlay
            loop
            playsInline
          />
        ) : null}
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
      </PlainLink>
      {overlay ? <div className={styles.overlay}>{overlay}</div> : null}
      <Heading className={styles.title}>
        <PlainLink to={href}>{video.title}</PlainLink>
      </Heading>
      <p className={styles.meta}>
        <span title={viewsLabel}>
          <span className={`${styles.icon} ${styles.eye}`} aria-hidden="true" />
          {shortCount(views)}
          <span className="visually-hidden"> {viewsLabel}</span>
        </span>
        {percent === null ? (
          // Nobody has voted yet: a neutral dash keeps the row's shape without a false "0%".
          <span title={unrated}>
            <span className={`${styles.icon} ${styles.thumbUp}`} aria-hidden="true" />
            <span aria-hidden="true">–</span>
            <span className="visually-hidden">{unrated}</span>
          </span>
        ) : (
          <span className={percent >= 70 ? styles.good : undefined}>
            <span className={`${styles.icon} ${styles.thumbUp}`} aria-hidden="true" />
            {percent}%<span className="visually-hidden"> {t('thumb.rating', { percent })}</span>
          </span>
        )}
        {country ? (
          <abbr className={styles.flag} title={countryName(country, i18n.language)}>
            {country}
          </abbr>
        ) : null}
      </p>
    </article>
  );
}
