// A visitor's watch history, kept in the browser (SPEC.md §3 "Local browser data"): entries
// with a type and params including video_id, newest first, no two of the same video. The
// history screen of issue 6 reads it page by page.

const KEY = 'watch_history';
/** Enough for many pages of history without growing without bound. */
export const LOCAL_HISTORY_MAX = 600;

export interface HistoryEntry {
  type: 'video';
  params: { video_id: number };
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
}

/** Entries from stored text; anything malformed is left out. */
export function parseHistory(text: string | null | undefined): HistoryEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(
    (entry): entry is HistoryEntry =>
      typeof entry === 'object' &&
      entry !== null &&
      entry.type === 'video' &&
      Number.isSafeInteger(entry.params?.video_id) &&
      entry.params.video_id > 0,
  );
}

/** The history with this video first, duplicates of it removed, cut to the maximum. */
export function withViewed(history: HistoryEntry[], videoId: number): HistoryEntry[] {
  return [
    { type: 'video' as const, params: { video_id: videoId } },
    ...history.filter((entry) => entry.params.video_id !== videoId),
  ].slice(0, LOCAL_HISTORY_MAX);
}

export function localHistory(): HistoryEntry[] {
  return parseHistory(storage()?.getItem(KEY));
}

export function rememberViewed(videoId: number): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(KEY, JSON.stringify(withViewed(parseHistory(store.getItem(KEY)), videoId)));
  } catch {
    // full or disabled storage: the history is a convenience
  }
}
