import type { MemberFilters, MemberSection, MemberSort } from '../../contracts/members.paths.ts';
import type { CommentSection } from '../../contracts/members.schema.ts';
import type { Database } from '../../db/client.ts';
import {
  COMMENT_READ_TARGET,
  commentShownSql,
  playlistLiveSql,
  playlistVisibleSql,
} from '../kernel/access/visibility.ts';
import { countRows } from '../kernel/db/estimate.ts';
import { likeContaining } from '../kernel/db/like.ts';

// Hand-written SQL for members, their walls, comments and subscriptions. Only active
// members (status 1) are ever shown; e-mail, password hash and state never leave here.

export interface MemberRow {
  id: number;
  username: string;
  display_name: string;
  avatar_version: number;
  country: string | null;
  gender: number | null;
  age: number | null;
  videos_count: number;
  subscribers_count: number;
}

export interface ProfileRow extends MemberRow {
  cover_version: number;
  age_verified: boolean;
  relationship: number | null;
  orientation: number | null;
  education: string;
  website: string;
  city: string;
  interests: string;
  occupation: string;
  about: string;
  created_at: Date;
  profile_views: number;
  friends: number;
  favourites: number;
  playlists: number;
}

export interface PostRow {
  id: number;
  user_id: number;
  username: string;
  avatar_version: number;
  created_at: Date;
  body: string;
}

const SORT_SQL: Record<MemberSort, string> = {
  recent: 'u.created_at DESC, u.id DESC',
  'most-popular': 'u.subscribers_count DESC, u.id DESC',
  'most-videos': 'u.videos_count DESC, u.id DESC',
  alphabetical: 'lower(u.username), u.id',
  'last-login': 'u.last_login_at DESC NULLS LAST, u.id DESC',
};

/** Birth-date bounds (ISO text) of each age group of SPEC.md §3: 18-21, 22-29, 30-39, 40+. */
const AGE_GROUP_YEARS: Record<string, [number, number]> = {
  '1': [18, 21],
  '2': [22, 29],
  '3': [30, 39],
  '4': [40, 120],
};

/** Age in years from the birth date text (YYYY-MM-DD), without casting it to a date. */
const AGE = `CASE WHEN u.birth_date ~ '^\\d{4}-\\d{2}-\\d{2}$'
  THEN date_part('year', current_date)::int - substr(u.birth_date, 1, 4)::int
       - (to_char(current_date, 'MM-DD') < substr(u.birth_date, 6, 5))::int END`;

const MEMBER_COLUMNS = `u.id, u.username, u.display_name, u.avatar_version, u.country, u.gender,
  ${AGE} AS age, u.videos_count, u.subscribers_count`;

/** Limit of a comment list; the page shows 10 at a time from these (SPEC.md §9). */
export const COMMENTS_LIMIT = 500;
export const WALL_LIMIT = 50;

export function createMemberRepository(database: Pick<Database, 'query'>) {
  return {
    async list(
      section: MemberSection,
      filters: MemberFilters,
      sort: MemberSort,
      query: string | undefined,
      limit: number,
      offset: number,
      countCap: number,
    ): Promise<{ rows: MemberRow[]; total: number }> {
      const params: unknown[] = [];
      const bind = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      let from = 'users u';
      const clauses = ['u.status = 1'];
      if (section !== 'all') {
        const objectId = bind(Number(filters.object_id));
        if (section === 'friends') {
          from = 'friends f JOIN users u ON u.id = f.friend_id';
          clauses.push(`f.user_id = ${objectId}`, 'f.status = 1');
        } else if (section === 'subscribers') {
          from = 'subscriptions s JOIN users u ON u.id = s.user_id';
          clauses.push(`s.target = 'member'`, `s.target_id = ${objectId}`);
        } else {
          from = 'subscriptions s JOIN users u ON u.id = s.target_id';
          clauses.push(`s.target = 'member'`, `s.user_id = ${objectId}`);
        }
      }
      if (filters.country) clauses.push(`u.country = ${bind(filters.country)}`);
      if (filters.gender) clauses.push(`u.gender = ${bind(Number(filters.gender))}`);
      if (filters.relationship) {
        clauses.push(`u.relationship = ${bind(Number(filters.relationship))}`);
      }
      if (filters.orientation) {
        clauses.push(`u.orientation = ${bind(Number(filters.orientation))}`);
      }
      if (filters.avatar === '1') clauses.push('u.avatar_version > 0');
      if (filters.avatar === '2') clauses.push('u.avatar_version = 0');
      if (filters.age) {
        const [youngest, oldest] = AGE_GROUP_YEARS[filters.age] ?? [18, 120];
        // Born after (today - oldest - 1 years) and on or before (today - youngest years).
        clauses.push(
          `u.birth_date ~ '^\\d{4}-\\d{2}-\\d{2}$'`,
          `u.birth_date > to_char(current_date - make_interval(years => ${bind(oldest + 1)}), 'YYYY-MM-DD')`,
          `u.birth_date <= to_char(current_date - make_interval(years => ${bind(youngest)}), 'YYYY-MM-DD')`,
        );
      }
      if (query) {
        const like = bind(likeContaining(query));
        clauses.push(`(lower(u.username) LIKE ${like} OR lower(u.display_name) LIKE ${like})`);
      }
      const where = clauses.join(' AND ');
      const total = await countRows(database, `${from} WHERE ${where}`, params, countCap);
      if (offset >= total) return { rows: [], total };
      const limitParam = bind(limit);
      const offsetParam = bind(offset);
      const rows = await database.query<MemberRow>(
        `SELECT ${MEMBER_COLUMNS}
           FROM unnest(ARRAY(
             SELECT u.id FROM ${from} WHERE ${where} ORDER BY ${SORT_SQL[sort]}
              LIMIT ${limitParam} OFFSET ${offsetParam}
           )) WITH ORDINALITY AS page(id, ord)
           JOIN users u ON u.id = page.id ORDER BY page.ord`,
        params,
      );
      return { rows, total };
    },

    async profile(id: number): Promise<ProfileRow | undefined> {
      const rows = await database.query<ProfileRow>(
        `SELECT ${MEMBER_COLUMNS}, u.cover_version, u.age_verified, u.relationship,
                u.orientation, u.education, u.website, u.city, u.interests, u.occupation,
                u.about, u.created_at, u.profile_views,
                (SELECT count(*)::int FROM friends f WHERE f.user_id = u.id AND f.status = 1) AS friends,
                (SELECT count(*)::int FROM favourites fv WHERE fv.user_id = u.id) AS favourites,
                (SELECT count(*)::int FROM playlists p WHERE p.user_id = u.id AND ${playlistVisibleSql({ alias: 'p', seeAll: false })}) AS playlists
           FROM users u WHERE u.id = $1 AND u.status = 1`,
        [id],
      );
      return rows[0];
    },

    async wall(ownerId: number, limit: number): Promise<PostRow[]> {
      return database.query<PostRow>(
        `SELECT w.id, w.author_id AS user_id, a.username, a.avatar_version, w.created_at, w.body
           FROM wall_posts w JOIN users a ON a.id = w.author_id
          WHERE w.owner_id = $1 AND w.status = 1 AND a.status = 1
          ORDER BY w.created_at DESC, w.id DESC LIMIT $2`,
        [ownerId, limit],
      );
    },

    async objectExists(section: CommentSection, id: number): Promise<boolean> {
      const rows = await database.query(COMMENT_READ_TARGET[section], [id]);
      return rows.length > 0;
    },

    /** Owner and privacy of a playlist, whose comments follow its privacy. */
    async playlistAccess(id: number): Promise<{ userId: number; isPrivate: boolean } | undefined> {
      const [row] = await database.query<{ user_id: number; is_private: number }>(
        // A taken-down playlist's comments are gone with it (decision 0047).
        `SELECT user_id, is_private FROM playlists WHERE id = $1 AND ${playlistLiveSql()}`,
        [id],
      );
      return row
        ? { userId: Number(row.user_id), isPrivate: Number(row.is_private) === 1 }
        : undefined;
    },

    /** Newest comments first, with the total (exact up to the list limit + 1). */
    async comments(
      section: CommentSection,
      objectId: number,
      limit: number,
    ): Promise<{ rows: PostRow[]; total: number }> {
      const rows = await database.query<PostRow & { total: number }>(
        `SELECT c.id, c.user_id, u.username, u.avatar_version, c.created_at, c.body,
                count(*) OVER ()::int AS total
           FROM (SELECT * FROM comments WHERE section = $1 AND object_id = $2 AND ${commentShownSql()}
                  ORDER BY created_at DESC, id DESC LIMIT $3) c
           JOIN users u ON u.id = c.user_id
          ORDER BY c.created_at DESC, c.id DESC`,
        [section, objectId, limit],
      );
      return { rows, total: Number(rows[0]?.total ?? 0) };
    },

    async memberExists(id: number): Promise<boolean> {
      const rows = await database.query('SELECT 1 FROM users WHERE id = $1 AND status = 1', [id]);
      return rows.length > 0;
    },

    async subscriptions(userId: number) {
      const channels = await database.query<{
        id: number;
        dir: string;
        title: string;
        image_version: number;
        total: number;
      }>(
        `SELECT c.id, c.dir, c.title, c.image_version, c.videos_count AS total
           FROM subscriptions s JOIN channels c ON c.id = s.target_id
          WHERE s.user_id = $1 AND s.target = 'channel' ORDER BY s.created_at DESC`,
        [userId],
      );
      const models = await database.query<{
        id: number;
        dir: string;
        title: string;
        image_version: number;
        total: number;
      }>(
        `SELECT m.id, m.dir, m.title, m.image_version, m.videos_count AS total
           FROM subscriptions s JOIN models m ON m.id = s.target_id
          WHERE s.user_id = $1 AND s.target = 'model' ORDER BY s.created_at DESC`,
        [userId],
      );
      const members = await database.query<{
        id: number;
        username: string;
        avatar_version: number;
      }>(
        `SELECT u.id, u.username, u.avatar_version
           FROM subscriptions s JOIN users u ON u.id = s.target_id
          WHERE s.user_id = $1 AND s.target = 'member' AND u.status = 1 ORDER BY s.created_at DESC`,
        [userId],
      );
      return { channels, models, members };
    },
  };
}

export type MemberRepository = ReturnType<typeof createMemberRepository>;
