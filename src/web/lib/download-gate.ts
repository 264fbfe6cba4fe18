import { TELEGRAM_WAIT_S } from '../../contracts/constants.ts';

// The Telegram gate of the download landing (SPEC.md §4 "Telegram download modal"): a click
// on subscribe starts a 10 s wait (SPEC.md §9), then the download button becomes active.
// Time is passed in, so the reducer is pure; it counts to a deadline rather than counting
// ticks, because the visitor is in the Telegram tab meanwhile and background timers lag.

export type GateState =
  | { phase: 'idle' }
  | { phase: 'counting'; until: number; remaining: number }
  | { phase: 'ready' };

export type GateAction = { type: 'subscribe'; now: number } | { type: 'tick'; now: number };

export const initialGate: GateState = { phase: 'idle' };

export function gateReducer(state: GateState, action: GateAction): GateState {
  switch (action.type) {
    case 'subscribe':
      // A second click does not restart the wait.
      return state.phase === 'idle'
        ? {
            phase: 'counting',
            until: action.now + TELEGRAM_WAIT_S * 1000,
            remaining: TELEGRAM_WAIT_S,
          }
        : state;
    case 'tick': {
      if (state.phase !== 'counting') return state;
      const remaining = Math.ceil((state.until - action.now) / 1000);
      if (remaining <= 0) return { phase: 'ready' };
      return remaining === state.remaining ? state : { ...state, remaining };
    }
  }
}

/** The channel to subscribe to: the site's own setting, else t.me/{site name}. */
export function telegramUrl(site: { name: string; telegramUrl?: unknown }): string {
  if (typeof site.telegramUrl === 'string' && /^https:\/\/\S+$/.test(site.telegramUrl)) {
    return site.telegramUrl;
  }
  return `https://t.me/${site.name.toLowerCase().replace(/[^a-z0-9_]/g, '')}`;
}

/**
 * The decoded get_file path with the flag that makes it an attachment; undefined unless it
 * is a path on this host (never another origin, whatever the API answered).
 */
export function downloadHref(path: string | undefined): string | undefined {
  if (!path?.startsWith('/') || path.startsWith('//') || path.includes('\\')) {
    return undefined;
  }
  return `${path}${path.includes('?') ? '&' : '?'}download=1`;
}

/**
 * The file Download takes: the entry videofile marks `is_default` (the best full file; the
 * list runs worst to best with the trailer first, API-CONTRACT.md), never just the first.
 */
export function defaultFile<T extends { is_default: number }>(files: readonly T[]): T | undefined {
  return files.find((file) => file.is_default === 1);
}
