import type { RefObject } from 'react';
import { formatDuration } from '../../../contracts/format.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FullscreenIcon, PauseIcon } from './bar-icons.tsx';
import { BarButton, QualitySelect, VolumeControl } from './controls.tsx';
import styles from './player.module.css';
import { PlayIcon, ReplayIcon } from './player-icons.tsx';
import { SeekBar } from './seek-bar.tsx';
import type { Stream } from './use-stream.ts';

// The player's keyboard shortcuts come with the bar (player.tsx).
export { shortcutFor } from './shortcuts.ts';

export interface PlayerChromeProps {
  current: number;
  duration: number;
  buffered: number;
  /** WebVTT of the timeline thumbnails. */
  timeline: string | undefined;
  onSeek: (seconds: number) => void;
  ended: boolean;
  playing: boolean;
  playLabel: string;
  /** The bar's play button, which the big play button hands the focus to. */
  playButton: RefObject<HTMLButtonElement | null>;
  onTogglePlay: () => void;
  /** 0 to 1; 0 when muted. */
  volume: number;
  onVolume: (volume: number) => void;
  onToggleMute: () => void;
  quality: Pick<Stream, 'options' | 'level' | 'playingLevel' | 'setLevel'>;
  /** Whether the player fills the screen; undefined where the browser cannot. */
  fullscreen: boolean | undefined;
  onToggleFullscreen: () => void;
}

/**
 * The player's control bar (player.tsx loads it on first use): the seek bar with its
 * timeline thumbnails, play, volume, the time, quality and fullscreen.
 */
export function PlayerChrome({
  current,
  duration,
  buffered,
  timeline,
  onSeek,
  ended,
  playing,
  playLabel,
  playButton,
  onTogglePlay,
  volume,
  onVolume,
  onToggleMute,
  quality,
  fullscreen,
  onToggleFullscreen,
}: PlayerChromeProps) {
  const { t } = useTranslation();
  const fullscreenLabel = fullscreen ? t('player.exitFullscreen') : t('player.fullscreen');
  return (
    <div className={styles.chrome}>
      <SeekBar
        current={current}
        duration={duration}
        buffered={buffered}
        timeline={timeline}
        onSeek={onSeek}
      />
      <div className={styles.bar}>
        <BarButton label={playLabel} onClick={onTogglePlay} buttonRef={playButton}>
          {ended ? <ReplayIcon /> : playing ? <PauseIcon /> : <PlayIcon />}
        </BarButton>
        <VolumeControl volume={volume} onVolume={onVolume} onToggleMute={onToggleMute} />
        <span className={styles.time}>
          {formatDuration(current)} / {formatDuration(duration)}
        </span>
        <span className={styles.spacer} />
        {quality.options.length > 1 ? (
          <QualitySelect
            options={quality.options}
            level={quality.level}
            playingLevel={quality.playingLevel}
            onLevel={quality.setLevel}
          />
        ) : null}
        {fullscreen !== undefined ? (
          <BarButton label={fullscreenLabel} onClick={onToggleFullscreen}>
            <FullscreenIcon exit={fullscreen} />
          </BarButton>
        ) : null}
      </div>
    </div>
  );
}
