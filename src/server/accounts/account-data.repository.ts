import type { Database } from '../../db/client.ts';
import { type AuditEntry, appendAudit } from '../kernel/audit/audit-entry.ts';

// What a member's data export reads (GDPR art. 15 and 20, decision 0057): one query per part,
// each bounded by an index on the member's id (the user's row, `videos_user_idx`,
// `comments_user_idx`, `messages_from_idx`/`messages_to_idx`, `wall_posts_author_idx`/
// `wall_posts_owner_idx`, `playlists_user_idx`, the lists' `*_user_added_idx`,
// `subscriptions_user_idx`, the friends key and `friends_friend_idx`, `albums_user_idx`,
// `sessions_user_idx`, `moderation_statements_user_idx`, `strikes_user_idx`, `bans_user_idx`,
// `age_checks_user_idx`, and for votes the partial `votes_user_idx` of migration 0020). An
// export is still some twenty queries, which is why exports are limited per hour. Nothing here
// reads another member's private data: of other members only the username a row of this
// member names.
// Password hashes, session ids, mailed tokens and sealed records are never selected.

type Row = Record<string, unknown>;

export interface AccountExportRows {
  profile: Row | undefined;
  pendingEmail: string | null;
  uploads: Row[];
  moderation: { statements: Row[]; strikes: Row[]; bans: Row[] };
  comments: Row[];
  messages: { sent: Row[]; received: Row[] };
  wallPosts: { written: Row[]; onMyWall: Row[] };
  playlists: Row[];
  favourites: Row[];
  watchLater: Row[];
  history: Row[];
  subscriptions: Row[];
  friends: Row[];
  votes: Row[];
  albums: Row[];
  sessions: Row[];
  ageChecks: Row[];
}

export interface AccountDataRepository {
  /** Every part of the member's export; the profile is undefined for a deleted account. */
  exportRows(userId: number): Promise<AccountExportRows>;
  /** The export in the audit log: who (by id only) and when. */
  recordExport(entry: AuditEntry): Promise<void>;
}

const LIST = (table: string, added: string) =>
  `SELECT l.video_id, v.title, l.${added} AS added_at
     FROM ${table} l JOIN videos v ON v.id = l.video_id
    WHERE l.user_id = $1 ORDER BY l.${added} DESC, l.video_id DESC`;

/**
 * A member's votes (`$1`), through the partial index votes_user_idx (migration 0020):
 * `user_id <> 0` is its predicate, written out so that any plan, generic ones too, may use it.
 * The export reads them with it and the purge (account-deletion.repository.ts) deletes them.
 */
export const MEMBER_VOTES_WHERE = "user_id = $1 AND user_id <> 0 AND voter_hash = ''";

export const MEMBER_VOTES_SQL = `SELECT section, object_id, vote, created_at FROM votes
  WHERE ${MEMBER_VOTES_WHERE} ORDER BY created_at DESC`;

export function createAccountDataRepository(database: Database): AccountDataRepository {
  const rows = (text: string, params: unknown[]) => database.query<Row>(text, params);

  return {
    async recordExport(entry) {
      await appendAudit(database, entry);
    },

    async exportRows(userId) {
      const id = [userId];
      // PGlite serves one query at a time: the parts are read one after the other.
      const [profile] = await rows(
        `SELECT id, username, display_name, email, status, age_verified, avatar_version,
                cover_version, gender, birth_date, relationship, orientation, education, website,
                country, city, interests, occupation, about, videos_count, subscribers_count,
                profile_views, last_login_at, lang, google_sub IS NOT NULL AS google_linked,
                password_hash IS NOT NULL AS has_password, role, trusted_uploader, created_at,
                updated_at
           FROM users WHERE id = $1 AND deleted_at IS NULL`,
        id,
      );
      const [pending] = await rows('SELECT new_email FROM email_changes WHERE user_id = $1', id);
      const uploads = await rows(
        `SELECT v.id, v.dir, v.title, v.description, v.gender, v.status_id, v.is_private,
                v.duration, v.post_date, v.created_at, v.updated_at, v.views, v.likes, v.dislikes,
                v.comments_count, v.favourites_count, v.exclusive, v.rules_confirmed_at,
                coalesce(ARRAY(SELECT c.title FROM video_categories vc
                                 JOIN categories c ON c.id = vc.category_id
                                WHERE vc.video_id = v.id ORDER BY c.title), '{}') AS categories,
                coalesce(ARRAY(SELECT t.title FROM video_tags vt JOIN tags t ON t.id = vt.tag_id
                                WHERE vt.video_id = v.id ORDER BY t.title), '{}') AS tags,
                coalesce(ARRAY(SELECT m.title FROM video_models vm
                                 JOIN models m ON m.id = vm.model_id
                                WHERE vm.video_id = v.id ORDER BY m.title), '{}') AS models
           FROM videos v
          WHERE v.user_id = $1 AND NOT v.media ? 'pool'
          ORDER BY v.post_date DESC, v.id DESC`,
        id,
      );
      const statements = await rows(
        `SELECT id, object_type, object_id, decision, reason, note, created_at, appeal_state,
                appeal_text, appealed_at, appeal_decided_at
           FROM moderation_statements WHERE user_id = $1 ORDER BY created_at DESC`,
        id,
      );
      const strikes = await rows(
        `SELECT id, reason, note, created_at, revoked_at
           FROM strikes WHERE user_id = $1 ORDER BY created_at DESC`,
        id,
      );
      const bans = await rows(
        `SELECT id, reason, note, hide_content, created_at, lifted_at
           FROM bans WHERE user_id = $1 ORDER BY created_at DESC`,
        id,
      );
      const comments = await rows(
        `SELECT id, section, object_id, body, status, created_at
           FROM comments WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
        id,
      );
      const sent = await rows(
        `SELECT m.id, u.username AS to_username, m.body, m.created_at, m.read_at
           FROM messages m JOIN users u ON u.id = m.to_user_id
          WHERE m.from_user_id = $1 ORDER BY m.created_at DESC`,
        id,
      );
      const received = await rows(
        `SELECT m.id, u.username AS from_username, m.body, m.created_at, m.read_at
           FROM messages m JOIN users u ON u.id = m.from_user_id
          WHERE m.to_user_id = $1 ORDER BY m.created_at DESC`,
        id,
      );
      const written = await rows(
        `SELECT w.id, u.username AS wall_of, w.body, w.status, w.created_at
           FROM wall_posts w JOIN users u ON u.id = w.owner_id
          WHERE w.author_id = $1 ORDER BY w.created_at DESC, w.id DESC`,
        id,
      );
      const onMyWall = await rows(
        `SELECT w.id, u.username AS author, w.body, w.status, w.created_at
           FROM wall_posts w JOIN users u ON u.id = w.author_id
          WHERE w.owner_id = $1 ORDER BY w.created_at DESC, w.id DESC`,
        id,
      );
      const playlists = await rows(
        `SELECT p.id, p.title, p.description, p.is_private, p.status_id, p.orientation,
                p.videos_count, p.views, p.created_at, p.updated_at,
                coalesce((SELECT json_agg(json_build_object('video_id', pv.video_id,
                                   'title', v.title, 'added_at', pv.added_at)
                                   ORDER BY pv.position)
                            FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id
                           WHERE pv.playlist_id = p.id), '[]'::json) AS videos
           FROM playlists p WHERE p.user_id = $1 ORDER BY p.created_at DESC`,
        id,
      );
      const favourites = await rows(LIST('favourites', 'added_at'), id);
      const watchLater = await rows(LIST('watch_later', 'added_at'), id);
      const history = await rows(LIST('history', 'viewed_at'), id);
      const subscriptions = await rows(
        `SELECT s.target, s.target_id, s.created_at,
                CASE s.target
                  WHEN 'channel' THEN (SELECT title FROM channels WHERE id = s.target_id)
                  WHEN 'model' THEN (SELECT title FROM models WHERE id = s.target_id)
                  ELSE (SELECT username FROM users WHERE id = s.target_id)
                END AS name
           FROM subscriptions s WHERE s.user_id = $1 ORDER BY s.created_at DESC`,
        id,
      );
      const friends = await rows(
        `SELECT u.username, f.status, f.created_at, 'sent' AS direction
           FROM friends f JOIN users u ON u.id = f.friend_id WHERE f.user_id = $1
         UNION ALL
         SELECT u.username, f.status, f.created_at, 'received' AS direction
           FROM friends f JOIN users u ON u.id = f.user_id
          WHERE f.friend_id = $1 AND f.status = 0
          ORDER BY created_at DESC`,
        id,
      );
      const votes = await rows(MEMBER_VOTES_SQL, id);
      const albums = await rows(
        `SELECT a.id, a.dir, a.title, a.description, a.gender, a.status_id, a.is_private,
                a.photos_count, a.views, a.likes, a.dislikes, a.comments_count, a.post_date,
                a.created_at,
                coalesce((SELECT json_agg(json_build_object('id', ph.id, 'position', ph.position,
                                   'width', ph.width, 'height', ph.height,
                                   'created_at', ph.created_at) ORDER BY ph.position)
                            FROM photos ph WHERE ph.album_id = a.id), '[]'::json) AS photos
           FROM albums a WHERE a.user_id = $1 ORDER BY a.post_date DESC, a.id DESC`,
        id,
      );
      const sessions = await rows(
        `SELECT created_at, last_seen_at, expires_at, user_agent, ip, second_factor
           FROM sessions WHERE user_id = $1 ORDER BY created_at DESC`,
        id,
      );
      const ageChecks = await rows(
        `SELECT provider, method, state, created_at, decided_at
           FROM age_checks WHERE user_id = $1 ORDER BY created_at DESC`,
        id,
      );
      return {
        profile,
        pendingEmail: typeof pending?.new_email === 'string' ? pending.new_email : null,
        uploads,
        moderation: { statements, strikes, bans },
        comments,
        messages: { sent, received },
        wallPosts: { written, onMyWall },
        playlists,
        favourites,
        watchLater,
        history,
        subscriptions,
        friends,
        votes,
        albums,
        sessions,
        ageChecks,
      };
    },
  };
}
