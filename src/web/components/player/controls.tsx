import type { ReactNode, Ref } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { VolumeIcon } from './bar-icons.tsx';
import styles from './player.module.css';
import type { QualityOption } from './quality.ts';

/** A button of the control bar: an icon, its translated name also its tooltip. */
export function BarButton({
  label,
  onClick,
  buttonRef,
  children,
}: {
  label: string;
  onClick: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={styles.button}
      onClick={onClick}
      aria-label={label}
      title={label}
    >
      {children}
    </button>
  );
}

/** Mute button and volume slider; the slider keeps its arrow keys (they change the volume). */
export function VolumeControl({
  volume,
  onVolume,
  onToggleMute,
}: {
  /** 0 to 1; 0 when muted. */
  volume: number;
  onVolume: (volume: number) => void;
  onToggleMute: () => void;
}) {
  const { t, i18n } = useTranslation();
  const label = volume === 0 ? t('player.unmute') : t('player.mute');
  return (
    <div className={styles.volume}>
      <BarButton label={label} onClick={onToggleMute}>
        <VolumeIcon level={volume === 0 ? 'muted' : volume < 0.5 ? 'low' : 'high'} />
      </BarButton>
      <input
        type="range"
        className={styles.volumeRange}
        min={0}
        max={1}
        step={0.05}
        value={volume}
        onChange={(event) => onVolume(Number(event.currentTarget.value))}
        data-owns-arrows="true"
        aria-label={t('player.volume')}
        aria-valuetext={new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(volume)}
      />
    </div>
  );
}

/**
 * The quality menu: a native select (keyboard, touch and screen readers work everywhere).
 * "Auto" names the rendition playing now.
 */
export function QualitySelect({
  options,
  level,
  playingLevel,
  onLevel,
}: {
  options: readonly QualityOption[];
  /** -1 for automatic. */
  level: number;
  playingLevel: number;
  onLevel: (level: number) => void;
}) {
  const { t } = useTranslation();
  const playing = options.find((option) => option.level === playingLevel)?.label;
  return (
    <select
      className={styles.quality}
      value={level}
      onChange={(event) => onLevel(Number(event.currentTarget.value))}
      aria-label={t('player.quality')}
      title={t('player.quality')}
    >
      <option value={-1}>
        {level === -1 && playing ? t('player.autoWith', { quality: playing }) : t('player.auto')}
      </option>
      {options.map((option) => (
        <option key={option.level} value={option.level}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
