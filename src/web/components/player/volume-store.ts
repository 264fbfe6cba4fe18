// The visitor's volume, kept in the browser so every video starts as loud as the last one.

export const VOLUME_KEY = 'player_volume';

export interface VolumeState {
  /** 0 to 1, as HTMLMediaElement.volume. */
  volume: number;
  muted: boolean;
}

export const DEFAULT_VOLUME: VolumeState = { volume: 1, muted: false };

/** The stored state, or the defaults for anything missing, malformed or out of range. */
export function parseVolume(raw: string | null | undefined): VolumeState {
  if (!raw) return { ...DEFAULT_VOLUME };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ...DEFAULT_VOLUME };
  }
  if (value === null || typeof value !== 'object') return { ...DEFAULT_VOLUME };
  const { volume, muted } = value as Record<string, unknown>;
  const validVolume = typeof volume === 'number' && volume >= 0 && volume <= 1;
  return {
    volume: validVolume ? volume : DEFAULT_VOLUME.volume,
    muted: typeof muted === 'boolean' ? muted : DEFAULT_VOLUME.muted,
  };
}

export function serializeVolume(state: VolumeState): string {
  const volume = Number.isFinite(state.volume) ? Math.min(1, Math.max(0, state.volume)) : 1;
  // Two decimals: slider steps are 5 %, and float noise (0.30000000000000004) is not stored.
  return JSON.stringify({ volume: Math.round(volume * 100) / 100, muted: state.muted });
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
}

export function loadVolume(store: Store | undefined = browserStorage()): VolumeState {
  try {
    return parseVolume(store?.getItem(VOLUME_KEY));
  } catch {
    return { ...DEFAULT_VOLUME };
  }
}

export function saveVolume(state: VolumeState, store: Store | undefined = browserStorage()): void {
  try {
    store?.setItem(VOLUME_KEY, serializeVolume(state));
  } catch {
    // Full or disabled storage: the volume is a convenience.
  }
}
