// The playlist strip's arithmetic (SPEC.md §4 "Playlist strip": 8 items visible; the next
// or previous page of 60 loads at the edge). Positions are absolute indexes into the whole
// playlist; pages are 1-based. Pure, so the edges are unit-tested.

/** The item after the current one, or undefined when it is last or not in the list. */
export function nextInPlaylist<T extends { video_id: string }>(
  items: readonly T[],
  currentId: number | string,
): T | undefined {
  const index = items.findIndex((item) => item.video_id === String(currentId));
  return index === -1 ? undefined : items[index + 1];
}

/** The last start that still fills the window (0 when the playlist is shorter). */
export function lastStart(total: number, visible: number): number {
  return Math.max(0, total - visible);
}

/** The window that shows the item at `index`: the block of `visible` it falls in. */
export function windowStartFor(index: number, visible: number, total: number): number {
  return Math.min(Math.floor(Math.max(0, index) / visible) * visible, lastStart(total, visible));
}

/** Where the window goes after one step back (-1) or forward (+1). */
export function stepWindow(start: number, direction: -1 | 1, visible: number, total: number) {
  return Math.min(Math.max(0, start + direction * visible), lastStart(total, visible));
}

/** The page holding an absolute position. */
export function pageOf(index: number, pageSize: number): number {
  return Math.floor(index / pageSize) + 1;
}

/**
 * Pages to have loaded for a window: those it shows, plus those one step either side, so
 * that a page is on its way once the window reaches the edge of what is loaded.
 */
export function pagesForWindow(
  start: number,
  visible: number,
  pageSize: number,
  total: number,
): number[] {
  if (total <= 0) return [];
  const from = Math.max(0, start - visible);
  const to = Math.min(total, start + 2 * visible) - 1;
  if (to < from) return [];
  const pages: number[] = [];
  for (let page = pageOf(from, pageSize); page <= pageOf(to, pageSize); page++) pages.push(page);
  return pages;
}
