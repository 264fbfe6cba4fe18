import type { ReactNode } from 'react';
import type { VideoListItem } from '../../contracts/video.schema.ts';
import styles from './video-grid.module.css';
import { VideoThumb } from './video-thumb.tsx';

export function VideoGrid({
  videos,
  eagerCount = 0,
  headingLevel = 2,
  overlay,
  href,
}: {
  videos: VideoListItem[];
  /** Thumbs above the fold load at once; the rest lazily. */
  eagerCount?: number;
  /** Level of the thumbs' title headings: 3 when the grid sits under its own h2. */
  headingLevel?: 2 | 3;
  /** Controls over each thumb (the owner's remove button), beside its link. */
  overlay?: ((video: VideoListItem) => ReactNode) | undefined;
  /** Where each thumb leads, when not simply the video's page (a playlist's items). */
  href?: ((video: VideoListItem) => string) | undefined;
}) {
  return (
    <div className={styles.grid}>
      {videos.map((video, index) => (
        <VideoThumb
          key={video.video_id}
          video={video}
          eager={index < eagerCount}
          headingLevel={headingLevel}
          overlay={overlay?.(video)}
          href={href?.(video)}
        />
      ))}
    </div>
  );
}
