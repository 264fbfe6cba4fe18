import type { Gender, Language } from '../../contracts/constants.ts';
import type { Database } from '../../db/client.ts';

// Looks up the object a videos2 section names (a category, model, channel, playlist or
// member), so the list query gets ids and the service can answer not_found or refuse access.

/** A category a list names, with what the list's answer tells about it. */
export interface SectionCategory {
  id: number;
  dir: string;
  /** In the asked language, English when untranslated. */
  title: string;
  description: string;
  /** Videos of the category in the gender section. */
  videos: number;
}

/** Every category with what any list's answer may tell about it (the catalogue cache). */
export interface CatalogueCategory {
  id: number;
  dir: string;
  title: string;
  title_i18n: Record<string, string>;
  description: string;
  videos_str: number;
  videos_she: number;
  videos_gay: number;
}

export interface PlaylistAccess {
  id: number;
  user_id: number;
  is_private: number;
  /** 1 active, 8 taken down (decision 0047). */
  status_id: number;
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
      lang: Language,
    ): Promise<(SectionCategory | undefined)[]> {
      const rows = await database.query<SectionCategory>(
        `SELECT id, dir, coalesce(nullif(title_i18n ->> $3::text, ''), title) AS title, description,
                CASE $2::text WHEN 'she' THEN videos_she WHEN 'gay' THEN videos_gay
                ELSE videos_str END AS videos
           FROM categories WHERE dir = ANY($1::text[])`,
        [dirs, gender, lang],
      );
      const byDir = new Map(
        rows.map((r) => [r.dir, { ...r, id: Number(r.id), videos: Number(r.videos) }]),
      );
      return dirs.map((dir) => byDir.get(dir));
    },
    /** Every category (a small table: the catalogue cache holds it for a few minutes). */
    catalogue: () =>
      database.query<CatalogueCategory>(
        `SELECT id, dir, title, title_i18n, description, videos_str, videos_she, videos_gay
           FROM categories`,
      ),
    modelId: (dir: string) => idOf('SELECT id FROM models WHERE dir = $1', dir),
    channelId: (dir: string) => idOf('SELECT id FROM channels WHERE dir = $1', dir),
    activeMemberId: (id: number) => idOf('SELECT id FROM users WHERE id = $1 AND status = 1', id),
    async playlist(id: number): Promise<PlaylistAccess | undefined> {
      const rows = await database.query<PlaylistAccess>(
        'SELECT id, user_id, is_private, status_id FROM playlists WHERE id = $1',
        [id],
      );
      return rows[0];
    },
  };
}

export type VideoSectionRepository = ReturnType<typeof createVideoSectionRepository>;
