import type { VideoListItem } from '../../contracts/video.schema.ts';
import styles from './video-grid.module.css';
import { VideoThumb } from './video-thumb.tsx';

export function VideoGrid({
  videos,
  eagerCount = 0,
}: {
  videos: VideoListItem[];
  /** Thumbs above the fold load at once; the rest lazily. */
  eagerCount?: number;
}) {
  return (
    <div className={styles.grid}>
      {videos.map((video, index) => (
        <VideoThumb key={video.video_id} video={video} eager={index < eagerCount} />
      ))}
    </div>
  );
}
