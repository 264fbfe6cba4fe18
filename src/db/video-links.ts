import type { Database } from './client.ts';

// A video's categories and tags and its search document, written the same way by an upload
// and by a moderator fixing the metadata (issue 16). The category rows copy the video's
// listing state through their insert trigger (migration 0003); new tag keywords are made on
// the way, known ones reused by their slug.

export interface VideoLinks {
  categoryIds: readonly number[];
  tags: readonly { dir: string; title: string }[];
}

/** How many of these ids name a category (the forms check theirs all do). */
export async function countCategories(
  db: Pick<Database, 'query'>,
  ids: readonly number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM categories WHERE id = ANY($1::int[])',
    [ids],
  );
  return Number(row?.n ?? 0);
}

/** Adds the links of a video that has none yet, and makes its search document. */
export async function writeVideoLinks(
  tx: Pick<Database, 'query'>,
  videoId: number,
  links: VideoLinks,
): Promise<void> {
  await tx.query(
    `INSERT INTO video_categories (video_id, category_id)
     SELECT $1, id FROM categories WHERE id = ANY($2::int[])`,
    [videoId, links.categoryIds],
  );
  if (links.tags.length > 0) {
    await tx.query(
      `INSERT INTO tags (dir, title)
       SELECT d, t FROM unnest($1::text[], $2::text[]) AS x(d, t)
       ON CONFLICT (dir) DO NOTHING`,
      [links.tags.map((t) => t.dir), links.tags.map((t) => t.title)],
    );
    await tx.query(
      `INSERT INTO video_tags (video_id, tag_id)
       SELECT $1, id FROM tags WHERE dir = ANY($2::text[]) ON CONFLICT DO NOTHING`,
      [videoId, links.tags.map((t) => t.dir)],
    );
  }
  await tx.query('SELECT refresh_video_search(ARRAY[$1::int])', [videoId]);
}

/**
 * Replaces a video's categories and tags. The caller moves the video's counters off the old
 * links first and onto the new ones after, when the video counts (src/db/counters.ts).
 */
export async function replaceVideoLinks(
  tx: Pick<Database, 'query'>,
  videoId: number,
  links: VideoLinks,
): Promise<void> {
  await tx.query('DELETE FROM video_categories WHERE video_id = $1', [videoId]);
  await tx.query('DELETE FROM video_tags WHERE video_id = $1', [videoId]);
  await writeVideoLinks(tx, videoId, links);
}
