// Small wordings of the console (staff strings stay English, decision 0043).

/** How long something has waited: "just now", "12 min", "3 h 5 min", "2 d 4 h". */
export function waitedFor(since: string, now: Date): string {
  const then = Date.parse(since);
  if (Number.isNaN(then)) return '';
  const minutes = Math.max(0, Math.floor((now.getTime() - then) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/**
 * A moment as staff across time zones read it alike: `2025-11-26 14:03 UTC`. The same text
 * on the server and in the browser, so hydration never differs.
 */
export function whenUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export interface Change {
  field: string;
  before: string;
  after: string;
}

const shown = (value: unknown): string => {
  if (value === undefined) return '—';
  if (value === null) return 'null';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
};

/** The fields an audit row changed, before → after, in the order the row names them. */
export function changesOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Change[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => ({
    field,
    before: shown(before?.[field]),
    after: shown(after?.[field]),
  }));
}

/**
 * Where "previous" goes on a video: the one the moderator skipped to get here (the trail of
 * n presses), else the one above it in the last queue page they saw; undefined when neither
 * is known (the queue itself has no backward link).
 */
export function previousOf(
  id: number,
  trail: readonly number[],
  queueIds: readonly number[],
): number | undefined {
  const at = trail.lastIndexOf(id);
  if (at > 0) return trail[at - 1];
  const inQueue = queueIds.indexOf(id);
  return inQueue > 0 ? queueIds[inQueue - 1] : undefined;
}
