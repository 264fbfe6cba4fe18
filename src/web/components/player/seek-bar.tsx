import { type PointerEvent, useRef, useState } from 'react';
import { formatDuration } from '../../../contracts/format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './player.module.css';
import { useTimeline } from './use-timeline.ts';
import { cueAt } from './vtt.ts';

/** Width of the time label when there is no thumbnail, to keep it inside the bar. */
const LABEL_W = 56;

/**
 * The seek bar: a native range input (keyboard, touch and screen readers for free) over a
 * drawn rail with the buffered and played parts, and the timeline thumbnail of the time
 * under the pointer.
 */
export function SeekBar({
  current,
  duration,
  buffered,
  timeline,
  onSeek,
}: {
  current: number;
  duration: number;
  buffered: number;
  timeline: string | undefined;
  onSeek: (seconds: number) => void;
}) {
  const { t } = useTranslation();
  const rail = useRef<HTMLDivElement>(null);
  const [hover, setHover] = useState<{ time: number; x: number; width: number } | null>(null);
  const { cues, load } = useTimeline(timeline);

  const percent = (seconds: number) =>
    duration > 0 ? Math.min(100, Math.max(0, (seconds / duration) * 100)) : 0;

  const track = (event: PointerEvent) => {
    const box = rail.current?.getBoundingClientRect();
    if (!box || box.width === 0 || duration <= 0) return;
    const fraction = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    setHover({ time: fraction * duration, x: fraction * box.width, width: box.width });
  };

  const cue = hover ? cueAt(cues, hover.time) : null;
  const half = (cue ? cue.w : LABEL_W) / 2;
  const left = hover ? Math.min(Math.max(hover.x, half), Math.max(half, hover.width - half)) : 0;

  return (
    <div
      className={styles.seek}
      onPointerEnter={load}
      onPointerMove={track}
      onPointerLeave={() => setHover(null)}
      onPointerCancel={() => setHover(null)}
    >
      <div ref={rail} className={styles.rail}>
        <div className={styles.buffered} style={{ width: `${percent(buffered)}%` }} />
        <div className={styles.played} style={{ width: `${percent(current)}%` }} />
      </div>
      {hover ? (
        <div className={styles.preview} style={{ left: `${left}px` }} aria-hidden="true">
          {cue ? (
            <div
              data-testid="timeline-thumb"
              className={styles.thumb}
              style={{
                width: `${cue.w}px`,
                height: `${cue.h}px`,
                backgroundImage: `url("${cue.url}")`,
                backgroundPosition: `-${cue.x}px -${cue.y}px`,
              }}
            />
          ) : null}
          <span className={styles.previewTime}>{formatDuration(hover.time)}</span>
        </div>
      ) : null}
      <input
        type="range"
        className={styles.range}
        min={0}
        max={duration}
        step="any"
        value={Math.min(current, duration)}
        onChange={(event) => onSeek(Number(event.currentTarget.value))}
        onFocus={load}
        aria-label={t('player.seek')}
        aria-valuetext={t('player.timeOf', {
          current: formatDuration(current),
          total: formatDuration(duration),
        })}
      />
    </div>
  );
}
