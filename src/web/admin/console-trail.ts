// What the browser remembers of the moderator's way through the queue, for "previous": the
// videos skipped with n, and the ids of the last queue page shown. Kept for the page's life
// only (a reload starts afresh), never on the server.

const trail: number[] = [];
let queueIds: number[] = [];

export function rememberSkip(from: number, to: number): void {
  if (trail.at(-1) !== from) trail.push(from);
  trail.push(to);
  if (trail.length > 200) trail.splice(0, trail.length - 200);
}

export function rememberQueue(ids: number[]): void {
  queueIds = ids;
}

export function trailSoFar(): { trail: readonly number[]; queueIds: readonly number[] } {
  return { trail, queueIds };
}
