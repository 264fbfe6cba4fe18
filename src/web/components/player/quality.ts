// The entries of the quality menu, from the renditions (hls.js `levels`) of the master playlist.

export interface LevelLike {
  height: number;
  bitrate: number;
}

export interface QualityOption {
  /** Index into hls.js `levels`: the value of `hls.currentLevel` that picks it. */
  level: number;
  label: string;
}

/** `720p`, or the bitrate when the rendition has no height (audio only). */
export function levelLabel(level: LevelLike | undefined): string {
  if (!level) return '';
  if (level.height > 0) return `${level.height}p`;
  return `${Math.round(level.bitrate / 1000)} kbps`;
}

/**
 * One entry per rendition, highest first. Renditions of the same height (one ladder at two
 * bitrates) keep apart by their bitrate, so no two entries read the same.
 */
export function qualityOptions(levels: readonly LevelLike[]): QualityOption[] {
  const perLabel = new Map<string, number>();
  for (const level of levels) {
    const label = levelLabel(level);
    perLabel.set(label, (perLabel.get(label) ?? 0) + 1);
  }
  return levels
    .map((level, index) => {
      const label = levelLabel(level);
      const shared = (perLabel.get(label) ?? 0) > 1 && level.height > 0;
      return {
        level: index,
        label: shared ? `${label} (${Math.round(level.bitrate / 1000)} kbps)` : label,
        height: level.height,
        bitrate: level.bitrate,
      };
    })
    .sort((a, b) => b.height - a.height || b.bitrate - a.bitrate)
    .map(({ level, label }) => ({ level, label }));
}
