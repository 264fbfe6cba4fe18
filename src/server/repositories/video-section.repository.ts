import type { Gender } from '../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';

// Looks up the object a videos2 section names (a category, model, channel, playlist or
// member), so the list query gets ids and the service can answer not_found or refuse access.

export interface PlaylistAccess {
  id: number;
  user_id: number;
  is_private: number;
}

export function createVideoSectionRepository(database: Pick<Database, 'query'>) {
  const idOf = async (sql: string, value: unknown): Promise<number | undefined> => {
    const rows = await database.query<{ id: number }>(sql, [value]);
    return rows[0] ? Number(rows[0].id) : undefined;
  };
  return {
    /**
     * The categories of the given dirs, in the given order, with their video count in the
     * section; undefined for unknown dirs.
     */
    async categories(
      dirs: string[],
      gender: Gender,
    ): Promise<({ id: number; videos: number } | undefined)[]> {
      const rows = await database.query<{ id: number; dir: string; videos: number }>(
        `SELECT id, dir, CASE $2::text WHEN 'she' THEN videos_she WHEN 'gay' THEN videos_gay
                ELSE videos_str END AS videos
           FROM categories WHERE dir = ANY($1::text[])`,
        [dirs, gender],
      );
      const byDir = new Map(
        rows.map((r) => [r.dir, { id: Number(r.id), videos: Number(r.videos) }]),
      );
      return dirs.map((dir) => byDir.get(dir));
    },
    modelId: (dir: string) => idOf('SELECT id FROM models WHERE dir = $1', dir),
    channelId: (dir: string) => idOf('SELECT id FROM channels WHERE dir = $1', dir),
    activeMemberId: (id: number) => idOf('SELECT id FROM users WHERE id = $1 AND status = 1', id),
    async playlist(id: number): Promise<PlaylistAccess | undefined> {
      const rows = await database.query<PlaylistAccess>(
        'SELECT id, user_id, is_private FROM playlists WHERE id = $1',
        [id],
      );
      return rows[0];
    },
  };
}

export type VideoSectionRepository = ReturnType<typeof createVideoSectionRepository>;
