// The console's keyboard (issue 16: "keyboard-first for the queues"; a moderator clears 50
// pending uploads without the mouse). One pure function maps a key press, where it happened
// and which screen is open to what the console does; the screens only run the answer.

export type ConsoleScreen = 'queue' | 'review' | 'reason' | 'help';

export type ConsoleAction =
  | { type: 'move'; by: 1 | -1 }
  | { type: 'open' }
  | { type: 'search' }
  | { type: 'approve' }
  | { type: 'reject' }
  | { type: 'edit' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'toggle-play' }
  | { type: 'seek-by'; seconds: number }
  | { type: 'pick-reason'; index: number }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'help' };

export interface ConsoleKey {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** `tagName` of the focused element (any case). */
  targetTag: string;
  /** `type` of the focused element when it is an <input>. */
  targetType?: string;
  targetEditable?: boolean;
  /** True when the focused control moves with the arrow keys itself (the volume slider). */
  targetOwnsArrows?: boolean;
}

export const SEEK_STEP_S = 5;
export const SEEK_JUMP_S = 30;

/** Inputs that take no typing, so a letter pressed on them is a command. */
const KEYLESS_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'range']);

/** True while the person types: a text field, a text area, a select or an editable element. */
export function isTyping(event: Pick<ConsoleKey, 'targetTag' | 'targetType' | 'targetEditable'>) {
  const tag = event.targetTag.toUpperCase();
  if (event.targetEditable || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && !KEYLESS_INPUTS.has((event.targetType ?? 'text').toLowerCase());
}

/** The reason picker's digit keys: 1 to 9 pick the first nine reasons, 0 the tenth. */
function reasonIndex(key: string): number | undefined {
  if (!/^[0-9]$/.test(key)) return undefined;
  return key === '0' ? 9 : Number(key) - 1;
}

/**
 * What a key press asks the console for, or null to leave it to the browser: keys with
 * Ctrl, Cmd or Alt (browser and system shortcuts) and keys typed into a field. In the reason
 * picker Escape always cancels and Enter confirms (Shift+Enter starts a new line of the
 * note); digits pick a reason unless they are typed into the note.
 */
export function consoleKeyFor(screen: ConsoleScreen, event: ConsoleKey): ConsoleAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const typing = isTyping(event);
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;

  if (screen === 'help') {
    return key === 'Escape' || key === '?' ? { type: 'cancel' } : null;
  }
  if (screen === 'reason') {
    if (key === 'Escape') return { type: 'cancel' };
    if (key === 'Enter') {
      if (event.shiftKey && event.targetTag.toUpperCase() === 'TEXTAREA') return null;
      return { type: 'confirm' };
    }
    if (typing) return null;
    const index = reasonIndex(key);
    return index === undefined ? null : { type: 'pick-reason', index };
  }
  if (typing) {
    // Escape leaves the search box, so the list keys work again.
    return key === 'Escape' && screen === 'queue' ? { type: 'cancel' } : null;
  }
  if (key === '?') return { type: 'help' };

  if (screen === 'queue') {
    switch (key) {
      case 'j':
      case 'ArrowDown':
        return event.shiftKey ? null : { type: 'move', by: 1 };
      case 'k':
      case 'ArrowUp':
        return event.shiftKey ? null : { type: 'move', by: -1 };
      case 'Enter': {
        // On a link or a button Enter already activates it.
        const tag = event.targetTag.toUpperCase();
        return tag === 'A' || tag === 'BUTTON' ? null : { type: 'open' };
      }
      case 'o':
        return { type: 'open' };
      case '/':
        return { type: 'search' };
      default:
        return null;
    }
  }

  switch (key) {
    case 'a':
      return { type: 'approve' };
    case 'r':
      return { type: 'reject' };
    case 'e':
      return { type: 'edit' };
    case 'n':
    case 'j':
      return { type: 'next' };
    case 'p':
    case 'k':
      return { type: 'previous' };
    case ' ':
    case 'Spacebar':
      return { type: 'toggle-play' };
    case 'ArrowLeft':
      if (event.targetOwnsArrows) return null;
      return { type: 'seek-by', seconds: -(event.shiftKey ? SEEK_JUMP_S : SEEK_STEP_S) };
    case 'ArrowRight':
      if (event.targetOwnsArrows) return null;
      return { type: 'seek-by', seconds: event.shiftKey ? SEEK_JUMP_S : SEEK_STEP_S };
    default:
      return null;
  }
}

/** The keys as the help overlay lists them. */
export const KEY_HELP: Readonly<Record<'queue' | 'review', readonly [string, string][]>> = {
  queue: [
    ['j / ↓', 'Next row'],
    ['k / ↑', 'Previous row'],
    ['Enter / o', 'Open the video'],
    ['/', 'Search'],
    ['?', 'Show these keys'],
  ],
  review: [
    ['a', 'Approve and go on'],
    ['r', 'Reject: pick a reason (1–9, 0), Enter confirms, Esc cancels'],
    ['e', 'Edit the title, description, categories and tags'],
    ['n / j', 'Next in the queue (skip)'],
    ['p / k', 'Previous'],
    ['Space', 'Play / pause'],
    ['← / →', 'Seek 5 s'],
    ['Shift + ← / →', 'Seek 30 s'],
    ['?', 'Show these keys'],
  ],
};
