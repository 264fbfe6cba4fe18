// Keyboard shortcuts of the player, the ones visitors know from the big video sites.

export type PlayerAction =
  | { type: 'toggle-play' }
  | { type: 'seek-by'; seconds: number }
  | { type: 'seek-to-fraction'; fraction: number }
  | { type: 'seek-to-start' }
  | { type: 'seek-to-end' }
  | { type: 'volume-by'; delta: number }
  | { type: 'toggle-mute' }
  | { type: 'toggle-fullscreen' };

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** `tagName` of the focused element (any case). */
  targetTag: string;
  /** `type` of the focused element when it is an <input>. */
  targetType?: string;
  /** True when the focused element is `contenteditable`. */
  targetEditable?: boolean;
  /** True when the focused control moves with the arrow keys itself (the volume slider). */
  targetOwnsArrows?: boolean;
}

export const SEEK_STEP_S = 5;
export const SEEK_JUMP_S = 10;
export const VOLUME_STEP = 0.05;

/** Inputs that take no typing: the player may use their keys (a range is the seek bar). */
const KEYLESS_INPUTS = new Set(['range', 'button', 'checkbox', 'radio', 'submit', 'reset']);

const OWN_KEYS = new Set([
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
]);

/**
 * The action a key press asks for, or null to leave the key to the browser: modified keys
 * (browser and system shortcuts), keys typed into a field or a select, Space or Enter on a
 * button or link, which activate that element, and the arrows of a slider that owns them.
 */
export function shortcutFor(event: KeyLike): PlayerAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const tag = event.targetTag.toUpperCase();
  if (event.targetEditable || tag === 'TEXTAREA' || tag === 'SELECT') return null;
  if (tag === 'INPUT' && !KEYLESS_INPUTS.has((event.targetType ?? 'text').toLowerCase())) {
    return null;
  }
  const activates = tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY' || tag === 'INPUT';
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (event.targetOwnsArrows && OWN_KEYS.has(key)) return null;
  switch (key) {
    case ' ':
    case 'Spacebar':
      return activates && !isRange(event) ? null : { type: 'toggle-play' };
    case 'k':
      return { type: 'toggle-play' };
    case 'ArrowLeft':
      return { type: 'seek-by', seconds: -SEEK_STEP_S };
    case 'ArrowRight':
      return { type: 'seek-by', seconds: SEEK_STEP_S };
    case 'j':
      return { type: 'seek-by', seconds: -SEEK_JUMP_S };
    case 'l':
      return { type: 'seek-by', seconds: SEEK_JUMP_S };
    case 'ArrowUp':
      return { type: 'volume-by', delta: VOLUME_STEP };
    case 'ArrowDown':
      return { type: 'volume-by', delta: -VOLUME_STEP };
    case 'm':
      return { type: 'toggle-mute' };
    case 'f':
      return { type: 'toggle-fullscreen' };
    case 'Home':
      return { type: 'seek-to-start' };
    case 'End':
      return { type: 'seek-to-end' };
    default:
      if (/^[0-9]$/.test(key)) return { type: 'seek-to-fraction', fraction: Number(key) / 10 };
      return null;
  }
}

function isRange(event: KeyLike): boolean {
  return event.targetTag.toUpperCase() === 'INPUT' && event.targetType?.toLowerCase() === 'range';
}
