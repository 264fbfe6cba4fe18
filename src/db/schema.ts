import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

// The data model of SPEC.md §3. Counters shown in lists are denormalised onto their rows so
// no list aggregates at read time; src/db/counters.ts reconciles them.

export const genderSection = pgEnum('gender_section', ['str', 'she', 'gay']);
export const commentSection = pgEnum('comment_section', [
  'video',
  'album',
  'model',
  'channel',
  'member',
  'playlist',
]);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    username: text('username').notNull(),
    displayName: text('display_name').notNull().default(''),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    /** 0 unconfirmed, 1 active, 2 disabled */
    status: smallint('status').notNull().default(0),
    ageVerified: boolean('age_verified').notNull().default(false),
    avatarVersion: smallint('avatar_version').notNull().default(0),
    coverVersion: smallint('cover_version').notNull().default(0),
    gender: smallint('gender'),
    birthDate: text('birth_date'),
    relationship: smallint('relationship'),
    orientation: smallint('orientation'),
    education: text('education').notNull().default(''),
    website: text('website').notNull().default(''),
    country: char('country', { length: 2 }),
    city: text('city').notNull().default(''),
    interests: text('interests').notNull().default(''),
    occupation: text('occupation').notNull().default(''),
    about: text('about').notNull().default(''),
    videosCount: integer('videos_count').notNull().default(0),
    subscribersCount: integer('subscribers_count').notNull().default(0),
    profileViews: integer('profile_views').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Wrong passwords in a row; at the limit sign-in is locked until `login_locked_until`. */
    failedLogins: smallint('failed_logins').notNull().default(0),
    loginLockedUntil: timestamp('login_locked_until', { withTimezone: true }),
    /** Interface language at sign-up: the language of the member's mail. */
    lang: text('lang').notNull().default('en'),
    /** OpenID Connect subject of the member's Google account, once linked. */
    googleSub: text('google_sub'),
    /** 0 member, 1 moderator, 2 administrator (src/server/kernel/access/roles.ts). */
    role: smallint('role').notNull().default(0),
    /** A member whose uploads skip the review queue. */
    trustedUploader: boolean('trusted_uploader').notNull().default(false),
    /**
     * The member asked for their account to be deleted (GDPR, issue 17): from then on it is
     * gone for everyone, and the purge job removes or anonymises what was theirs.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_google_sub_idx').on(t.googleSub).where(sql`${t.googleSub} IS NOT NULL`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('users_videos_idx').on(t.videosCount.desc(), t.id.desc()),
    index('users_username_trgm_idx').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
  ],
);

/** Signed-in browsers. The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    /** Started with a second factor: only such a session carries a staff role (decision 0038). */
    secondFactor: boolean('second_factor').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * The TOTP enrolment of a staff account (decision 0038). The secret is encrypted with a key
 * derived from the app secret; `last_step` is the last 30-second step used, never accepted again.
 */
export const staffSecondFactors = pgTable('staff_second_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc').notNull(),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes of a staff account: keyed hashes only; a used one keeps `used_at`. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

export const accountTokenPurpose = pgEnum('account_token_purpose', ['confirm', 'reset']);

/** Links mailed to members: email confirmation and password reset. Stored as SHA-256. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurpose('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('account_tokens_user_idx').on(t.userId, t.purpose),
    index('account_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A member's new email address while it waits for its confirmation (decision 0034): one per
 * member (a new request replaces it and its link), the mailed token kept as SHA-256. The
 * account keeps its address until the link is opened; expired rows go nightly.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('email_changes_token_idx').on(t.tokenHash),
    index('email_changes_expires_idx').on(t.expiresAt),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    dir: text('dir').notNull(),
    title: text('title').notNull(),
    /** Titles in the other interface languages, keyed by language code. */
    titleI18n: jsonb('title_i18n').$type<Record<string, string>>().notNull().default({}),
    description: text('description').notNull().default(''),
    videosStr: integer('videos_str').notNull().default(0),
    videosShe: integer('videos_she').notNull().default(0),
    videosGay: integer('videos_gay').notNull().default(0),
    imageVersion: smallint('image_version').notNull().default(0),
    /** Most-viewed video ids per gender section (SPEC.md §3 toptn), refreshed with counters. */
    topVideoIds: jsonb('top_video_ids')
      .$type<Partial<Record<'str' | 'she' | 'gay', number[]>>>()
      .notNull()
      .default({}),
    /**
     * The active ones of those videos with what a thumb shows, in the same order; filled by
     * triggers from `top_video_ids` and the videos (migration 0022), never written directly.
     */
    topThumbs: jsonb('top_thumbs')
      .$type<
        Partial<
          Record<
            'str' | 'she' | 'gay',
            { id: number; dir: string; title: string; media_version: number }[]
          >
        >
      >()
      .notNull()
      .default({}),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_dir_idx').on(t.dir),
    index('categories_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
  ],
);

export const models = pgTable(
  'models',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    dir: text('dir').notNull(),
    title: text('title').notNull(),
    gender: genderSection('gender').notNull().default('str'),
    country: char('country', { length: 2 }),
    /** SPEC.md §3 model filter attributes */
    race: text('race'),
    ageGroup: smallint('age_group'),
    titsSize: text('tits_size'),
    hairColor: smallint('hair_color'),
    height: smallint('height'),
    weight: smallint('weight'),
    tattoo: smallint('tattoo'),
    piercing: smallint('piercing'),
    description: text('description').notNull().default(''),
    imageVersion: smallint('image_version').notNull().default(0),
    videosCount: integer('videos_count').notNull().default(0),
    viewsCount: integer('views_count').notNull().default(0),
    subscribersCount: integer('subscribers_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('models_dir_idx').on(t.dir),
    // The list's indexes (models with videos, by sort, with its filters) are in migration 0029.
    index('models_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
  ],
);

export const channels = pgTable(
  'channels',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    dir: text('dir').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Sponsor banner images (cf3, cf4, cf7 of SPEC.md §3) as site paths. */
    banners: jsonb('banners').$type<Record<string, string>>().notNull().default({}),
    imageVersion: smallint('image_version').notNull().default(0),
    videosCount: integer('videos_count').notNull().default(0),
    viewsCount: integer('views_count').notNull().default(0),
    subscribersCount: integer('subscribers_count').notNull().default(0),
    /** Most-viewed video ids (SPEC.md §3 toptn), refreshed with counters. */
    topVideoIds: integer('top_video_ids').array().notNull().default(sql`'{}'::integer[]`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('channels_dir_idx').on(t.dir),
    index('channels_videos_idx').on(t.videosCount.desc(), t.id),
    index('channels_views_idx').on(t.viewsCount.desc(), t.id),
    index('channels_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
  ],
);

export const videos = pgTable(
  'videos',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    dir: text('dir').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    gender: genderSection('gender').notNull().default('str'),
    /**
     * SPEC.md §3 status_id: 0 disabled, 1 active, 2 error, 3 processing, 5 deleted; and the
     * moderation states (decision 0043): 6 waiting for review, 7 rejected, 8 removed.
     */
    statusId: smallint('status_id').notNull().default(3),
    /** Decided at upload by the policy: the first playable rung goes to review, not live. */
    needsReview: boolean('needs_review').notNull().default(false),
    /** When it entered the review queue (its first playable rung): the queue's order. */
    reviewSince: timestamp('review_since', { withTimezone: true }),
    /** 1 = private: listed with a mark, playable by members only. */
    isPrivate: smallint('is_private').notNull().default(0),
    isHd: boolean('is_hd').notNull().default(false),
    duration: integer('duration').notNull().default(0),
    country: char('country', { length: 2 }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    channelId: integer('channel_id').references(() => channels.id),
    /** Publication time; a video with a future post date is scheduled, not listed yet. */
    postDate: timestamp('post_date', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Posted within the last 31 days, or later (decision 0059, "Recent videos"): set from
     * post_date on insert and on a post-date change (trigger videos_set_recent, migration
     * 0030) and cleared by the nightly maintenance once a video is older. Always true for
     * a video inside a list's day, week or month window, so those lists walk the small
     * videos_recent_*_idx indexes; a late maintenance only makes them a little bigger.
     */
    recent: boolean('recent').notNull().default(true),
    views: integer('views').notNull().default(0),
    /** Views in the last day, week and month: the windows of the most-popular sort. */
    viewsDay: integer('views_day').notNull().default(0),
    viewsWeek: integer('views_week').notNull().default(0),
    viewsMonth: integer('views_month').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
    /** 0-5 scale; the web shows rating / 0.05 as a percent (SPEC.md §9). */
    rating: real('rating')
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN likes + dislikes = 0 THEN 0 ELSE round((5.0 * likes / (likes + dislikes))::numeric, 2)::real END`,
      ),
    commentsCount: integer('comments_count').notNull().default(0),
    favouritesCount: integer('favourites_count').notNull().default(0),
    /** Bumped when screenshots change, so cached thumbnail URLs change with them. */
    mediaVersion: smallint('media_version').notNull().default(0),
    screenshotsCount: smallint('screenshots_count').notNull().default(0),
    /** Renditions and files produced by the media pipeline. */
    media: jsonb('media').$type<VideoMedia>().notNull().default({}),
    /** SHA-256 of an uploaded source file: the same file cannot be uploaded twice. */
    sourceSha256: text('source_sha256'),
    /**
     * When the uploader confirmed that the video shows none of SPEC.md §5's forbidden content
     * (issue 17); null for videos from before the confirmation (the demo, imports).
     */
    rulesConfirmedAt: timestamp('rules_confirmed_at', { withTimezone: true }),
    /** Uploaded as exclusive to this site (SPEC.md §5: 6 minutes minimum instead of 10). */
    exclusive: boolean('exclusive').notNull().default(false),
    exTube: text('ex_tube'),
    exId: text('ex_id'),
    sgId: integer('sg_id'),
    /** Full-text document: title (A), models, categories and tags (B), description (C). */
    searchVector: tsvector('search_vector'),
    ...timestamps,
  },
  (t) => [
    check('videos_status_check', sql`${t.statusId} IN (0, 1, 2, 3, 5, 6, 7, 8)`),
    // The review queue, first in first out (decision 0043).
    index('videos_review_queue_idx').on(t.reviewSince, t.id).where(sql`${t.statusId} = 6`),
    check('videos_private_check', sql`${t.isPrivate} IN (0, 1)`),
    // The listing indexes (videos_listed_*_idx, one per sort, partial on status_id = 1) carry
    // INCLUDE columns for the list filters, which Drizzle cannot express: they are created
    // by hand in migrations/0002_listing_indexes.sql. See docs/decisions/0008.
    index('videos_user_idx').on(t.userId, t.postDate.desc()),
    index('videos_channel_idx').on(t.channelId, t.postDate.desc()),
    // What the nightly maintenance clears (src/db/counters.ts, ageRecentVideos).
    index('videos_recent_idx').on(t.postDate).where(sql`${t.recent}`),
    index('videos_search_idx').using('gin', t.searchVector),
    uniqueIndex('videos_source_sha256_idx')
      .on(t.sourceSha256)
      .where(sql`${t.sourceSha256} IS NOT NULL AND ${t.statusId} <> 5`),
    // The demo's shared clips and the videos that play them (decision 0033): a few rows
    // found at every start and after each clip step, without reading a big catalogue.
    index('videos_shared_clip_idx').on(t.id).where(sql`${t.media} ? 'pool'`),
    index('videos_shared_from_idx')
      .on(sql`(${t.media}->>'sharedFrom')`)
      .where(sql`${t.media} ? 'sharedFrom'`),
  ],
);

/** One step of the media pipeline (`hls:720`, `timeline`, `hover`, `mp4`) and how it goes. */
export interface MediaTask {
  state: 'queued' | 'running' | 'done' | 'failed';
  /** 0 to 1 while running. */
  progress?: number;
  attempts?: number;
  /** Why the last attempt failed (ffmpeg's last lines, cut short). */
  error?: string;
  /** ISO time of the last change. */
  at?: string;
}

export interface VideoMedia {
  /** Source file key in storage; kept, so the video can be processed again. */
  source?: string;
  /**
   * The pipeline run whose files are current. Streaming files live under `g{gen}/`; a job
   * of an older run finds a newer gen and stops.
   */
  gen?: number;
  /** What ffprobe found in the source. */
  probe?: { duration: number; width: number; height: number; hasAudio: boolean; fps: number };
  /** Pipeline steps of the current run by name. */
  tasks?: Record<string, MediaTask>;
  /** Storage key of the HLS master playlist, once the first rung is published. */
  hls?: string;
  /** Heights of the published HLS rungs, best first. */
  rungs?: number[];
  /** Storage key of the WebVTT timeline (sprite thumbnails). */
  timeline?: string;
  /** How many screenshots (`screenshots/{n}.jpg`) there are. */
  screenshots?: number;
  /** MP4 download files by format (`_hq.mp4`, `_lq.mp4`, `_tr.mp4`) → storage key. */
  files?: Record<string, string>;
  width?: number;
  height?: number;
  /** Storage key of the muted hover clip of thumbs. */
  hover?: string;
  /** Failure code when the pipeline gave up on the source. */
  error?: string;
  /**
   * On one of the demo's shared clips (a hidden row): its place in the pool. Its files are
   * public and other videos play them (docs/decisions/0033).
   */
  pool?: number;
  /**
   * On a demo video: the shared clip it plays. Its hls, timeline, hover and files are keys in
   * that clip's folder, copied as the clip's steps land; its pictures are its own.
   */
  sharedFrom?: number;
  /**
   * Other videos the upload's fingerprint matched (decision 0056), best first: shown side by
   * side in the console's review item.
   */
  matches?: { id: number; similarity: number; offsetS: number; verdict: 'match' | 'near' }[];
  /** Why the upload was refused: the taken-down video it copies and that takedown's reason. */
  refusal?: { id: number; reason: string; similarity: number };
}

export const videoCategories = pgTable(
  'video_categories',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    // A copy of the video's listing columns, so a category page is read from this table
    // alone. Triggers keep it in step with videos (migration 0003, decision 0008).
    gender: genderSection('gender'),
    listed: boolean('listed').notNull().default(false),
    postDate: timestamp('post_date', { withTimezone: true }),
    views: integer('views').notNull().default(0),
    viewsDay: integer('views_day').notNull().default(0),
    viewsWeek: integer('views_week').notNull().default(0),
    viewsMonth: integer('views_month').notNull().default(0),
    rating: real('rating').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    favouritesCount: integer('favourites_count').notNull().default(0),
    duration: integer('duration').notNull().default(0),
    isHd: boolean('is_hd').notNull().default(false),
    channelId: integer('channel_id'),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.categoryId] }),
    index('video_categories_category_idx').on(t.categoryId, t.videoId),
    // The category listing indexes (INCLUDE columns) are in migration 0003.
  ],
);

/**
 * The categories of each video as one sorted array (decision 0059, "Several categories"): a
 * list of videos in every one of several categories intersects them in the GIN index
 * (`category_ids @> ...`) instead of joining the categories' link rows. Kept by statement
 * triggers on video_categories (migration 0032); a video without categories has no row.
 */
export const videoCategorySets = pgTable(
  'video_category_sets',
  {
    videoId: integer('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    categoryIds: integer('category_ids').array().notNull(),
  },
  (t) => [index('video_category_sets_idx').using('gin', t.categoryIds)],
);

export const videoModels = pgTable(
  'video_models',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.modelId] }),
    index('video_models_model_idx').on(t.modelId, t.videoId),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    dir: text('dir').notNull(),
    title: text('title').notNull(),
    videosCount: integer('videos_count').notNull().default(0),
  },
  (t) => [uniqueIndex('tags_dir_idx').on(t.dir)],
);

export const videoTags = pgTable(
  'video_tags',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.tagId] }),
    index('video_tags_tag_idx').on(t.tagId, t.videoId),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    section: commentSection('section').notNull(),
    objectId: integer('object_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** 1 shown, 8 removed by staff (a takedown, or all of a member's comments: issue 16). */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_object_idx').on(t.section, t.objectId, t.createdAt.desc(), t.id.desc()),
    // A member's comments on their console page, and removing all of them at once.
    index('comments_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
  ],
);

export const playlists = pgTable(
  'playlists',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** SPEC.md §3: private 0 or 1 */
    isPrivate: smallint('is_private').notNull().default(0),
    /** 1 active, 8 taken down by staff (issue 16): then nobody but staff opens it. */
    statusId: smallint('status_id').notNull().default(1),
    orientation: genderSection('orientation').notNull().default('str'),
    categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
    videosCount: integer('videos_count').notNull().default(0),
    views: integer('views').notNull().default(0),
    /** First video ids, for the playlist's cover thumbs. */
    topVideoIds: integer('top_video_ids').array().notNull().default(sql`'{}'::integer[]`),
    ...timestamps,
  },
  (t) => [
    index('playlists_user_idx').on(t.userId, t.createdAt.desc()),
    index('playlists_public_date_idx')
      .on(t.orientation, t.createdAt.desc(), t.id.desc())
      .where(sql`is_private = 0 AND videos_count > 0 AND status_id = 1`),
    index('playlists_public_views_idx')
      .on(t.orientation, t.views.desc(), t.id.desc())
      .where(sql`is_private = 0 AND videos_count > 0 AND status_id = 1`),
  ],
);

export const playlistVideos = pgTable(
  'playlist_videos',
  {
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.videoId] }),
    index('playlist_videos_position_idx').on(t.playlistId, t.position),
  ],
);

// ---------------------------------------------------------------- member activity

export const subscriptionTarget = pgEnum('subscription_target', ['channel', 'model', 'member']);

/** One like (1) or dislike (0) per member and object; visitors vote by a hashed address. */
export const votes = pgTable(
  'votes',
  {
    section: commentSection('section').notNull(),
    objectId: integer('object_id').notNull(),
    /** Member id, or 0 for a visitor identified by `voterHash`. */
    userId: integer('user_id').notNull().default(0),
    /** Keyed hash (HMAC-SHA256, app secret) of the visitor's address (IPv6: its /64); '' for members. */
    voterHash: text('voter_hash').notNull().default(''),
    vote: smallint('vote').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.section, t.objectId, t.userId, t.voterHash] }),
    check('votes_vote_check', sql`${t.vote} IN (0, 1)`),
    // A member's votes, for their data export and the purge of a deleted account (decision
    // 0057); visitors' votes (user_id 0, most of the table) are left out of it.
    index('votes_user_idx').on(t.userId).where(sql`${t.userId} <> 0`),
  ],
);

/** Views per video and day: the source of the day/week/month windows of most-popular. */
export const videoViewsDaily = pgTable(
  'video_views_daily',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.day] }),
    index('video_views_daily_day_idx').on(t.day),
  ],
);

/**
 * Counted views per video, day and viewer's country (decision 0053): "views by country". Only
 * views whose country was known are here; a day's unknown share is its video_views_daily
 * total minus these. Folded with video_views_daily, pruned with it (VIEW_DAYS_KEPT).
 */
export const videoViewsCountryDaily = pgTable(
  'video_views_country_daily',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** Two lower-case letters, as the visitor's country is read (visitor-country.ts). */
    country: char('country', { length: 2 }).notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.day, t.country] }),
    // A day's views by country, and the pruning of old days.
    index('video_views_country_daily_day_idx').on(t.day, t.country),
  ],
);

function memberVideoList(name: string, addedColumn: string) {
  return pgTable(
    name,
    {
      userId: integer('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      videoId: integer('video_id')
        .notNull()
        .references(() => videos.id, { onDelete: 'cascade' }),
      addedAt: timestamp(addedColumn, { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      primaryKey({ columns: [t.userId, t.videoId] }),
      index(`${name}_user_added_idx`).on(t.userId, t.addedAt.desc(), t.videoId.desc()),
      // A video's rows, when the video goes (the account purge, the cascade of its delete).
      index(`${name}_video_idx`).on(t.videoId),
    ],
  );
}

export const favourites = memberVideoList('favourites', 'added_at');
export const watchLater = memberVideoList('watch_later', 'added_at');
/** Server-side watch history of members (visitors keep theirs in the browser). */
export const history = memberVideoList('history', 'viewed_at');

export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target: subscriptionTarget('target').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.target, t.targetId] }),
    index('subscriptions_target_idx').on(t.target, t.targetId, t.createdAt.desc()),
    index('subscriptions_user_idx').on(t.userId, t.target, t.createdAt.desc()),
  ],
);

/** Friendship requests and friendships: one row per direction once accepted. */
export const friends = pgTable(
  'friends',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 requested by user_id, 1 accepted */
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.friendId] }),
    index('friends_friend_idx').on(t.friendId, t.status),
    check('friends_not_self', sql`${t.userId} <> ${t.friendId}`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_to_idx').on(t.toUserId, t.createdAt.desc()),
    index('messages_from_idx').on(t.fromUserId, t.createdAt.desc()),
  ],
);

/** Posts on a member's wall (profile guest book). */
export const wallPosts = pgTable(
  'wall_posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** 1 shown, 8 hidden by staff (issue 16). */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wall_posts_owner_idx').on(t.ownerId, t.createdAt.desc(), t.id.desc()),
    index('wall_posts_author_idx').on(t.authorId, t.createdAt.desc(), t.id.desc()),
  ],
);

// ---------------------------------------------------------------- albums

export const albums = pgTable(
  'albums',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dir: text('dir').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    gender: genderSection('gender').notNull().default('str'),
    /** 1 active, 5 deleted, 8 taken down by staff (as videos) */
    statusId: smallint('status_id').notNull().default(1),
    isPrivate: smallint('is_private').notNull().default(0),
    photosCount: integer('photos_count').notNull().default(0),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    coverPhotoId: integer('cover_photo_id'),
    postDate: timestamp('post_date', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    index('albums_listed_date_idx')
      .on(t.gender, t.postDate.desc(), t.id.desc())
      .where(sql`status_id = 1`),
    index('albums_listed_views_idx')
      .on(t.gender, t.views.desc(), t.id.desc())
      .where(sql`status_id = 1`),
    index('albums_user_idx').on(t.userId, t.postDate.desc()),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    imageVersion: smallint('image_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photos_album_idx').on(t.albumId, t.position)],
);

// ---------------------------------------------------------------- search statistics

/** What visitors search for: feeds the suggester, the tag strip and related searches. */
export const keywords = pgTable(
  'keywords',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Normalised query: lower case, single spaces, trimmed. */
    keyword: text('keyword').notNull(),
    gender: genderSection('gender').notNull().default('str'),
    searches: integer('searches').notNull().default(0),
    /** Results of the last search, so suggestions never lead to an empty page. */
    results: integer('results').notNull().default(0),
    lastSearchedAt: timestamp('last_searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('keywords_keyword_gender_idx').on(t.keyword, t.gender),
    index('keywords_popular_idx').on(t.gender, t.searches.desc()),
    index('keywords_trgm_idx').using('gin', sql`${t.keyword} gin_trgm_ops`),
  ],
);

/**
 * The searches of each keyword over all sections (decision 0059, "The suggester's keywords"):
 * what `/api/json/suggester/{lifetime}/{count}.json` ranks. `searches` sums the keyword's
 * rows with results; `offered` is whether any has. Kept by a trigger on keywords (migration
 * 0034), never written directly.
 */
export const keywordTotals = pgTable(
  'keyword_totals',
  {
    keyword: text('keyword').primaryKey(),
    searches: integer('searches').notNull(),
    offered: boolean('offered').notNull(),
  },
  (t) => [
    index('keyword_totals_ranked_idx').on(t.searches.desc(), t.keyword).where(sql`${t.offered}`),
  ],
);

/**
 * A version per kept answer that is read whole (decision 0064): a statement-level trigger on
 * the tables behind the answer raises it in the writing transaction, and a process keeps the
 * answer it built until the version it read before building has moved (migration 0035).
 * One row per answer: `categories` (the categories page).
 */
export const dataVersions = pgTable('data_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * What the search box offers, one row per name and section: categories and channels in each
 * section, models and keywords in their own (migration 0023). Kept by triggers on the four
 * tables, never written directly; `name` is the lower-case title or the keyword.
 */
export const suggestNames = pgTable(
  'suggest_names',
  {
    kind: text('kind').$type<'categories' | 'models' | 'channels' | 'keywords'>().notNull(),
    refId: integer('ref_id').notNull(),
    gender: genderSection('gender').notNull(),
    name: text('name').notNull(),
    dir: text('dir').notNull(),
    title: text('title').notNull(),
    /** The section's video count (categories, models, channels) or the searches (keywords). */
    total: integer('total').notNull(),
    /** Has videos in the section (categories, models, channels) or results (keywords). */
    offered: boolean('offered').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId, t.gender] }),
    // The section is a key of the trigram index (btree_gin, migration 0033): a lookup reads
    // the offered names of one section only.
    index('suggest_names_section_trgm_idx')
      .using('gin', t.gender, sql`${t.name} gin_trgm_ops`)
      .with({ fastupdate: false })
      .where(sql`${t.offered}`),
  ],
);

// ---------------------------------------------------------------- offers

/** Affiliate offers shown on the video page (SPEC.md §3 Offer). */
export const offers = pgTable('offers', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  pretitle: text('pretitle').notNull().default(''),
  title: text('title').notNull(),
  links: text('links').array().notNull(),
  /** Two-letter country codes the offer is shown in; empty = everywhere. */
  countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
  /** Tag patterns of the videos it goes with; empty = any video. */
  tagPatterns: text('tag_patterns').array().notNull().default(sql`'{}'::text[]`),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

/**
 * Ad-spot events (decision 0035): impressions (a slot's ad half in view) and clicks, per day,
 * slot and ad. The server adds up what browsers report and writes the sums every few seconds.
 */
export const adEventCounts = pgTable(
  'ad_event_counts',
  {
    day: date('day').notNull(),
    slot: text('slot').notNull(),
    ad: text('ad').notNull(),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.slot, t.ad] })],
);

// ---------------------------------------------------------------- operations

/**
 * Expiring counters shared by every server process and kept across restarts: request rate
 * limits, sign-in throttles per address and account, spent captcha proofs. A row counts hits
 * under `key` until `reset_at`, then the next hit starts a new window.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * Views acknowledged to the client and not yet added to the counters: written before the
 * answer, folded into videos, daily views and members' history every few seconds.
 * `counted` is false for a repeat view that only refreshes a member's history.
 */
export const viewEvents = pgTable('view_events', {
  // bigint: every view of every video passes through here.
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  videoId: integer('video_id').notNull(),
  userId: integer('user_id'),
  counted: boolean('counted').notNull().default(true),
  viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  /** The viewer's country (decision 0053), null when it is not known. */
  country: char('country', { length: 2 }),
});

// ---------------------------------------------------------------- reports

export const reportSubject = pgEnum('report_subject', [
  'dmca',
  'technical',
  'inappropriate',
  'support',
]);
export const reportObject = pgEnum('report_object', ['video', 'album', 'comment', 'member']);
/** The moderation inbox's states: a report starts `new`; staff take it and close it. */
export const reportState = pgEnum('report_state', ['new', 'in_progress', 'resolved', 'rejected']);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * What the contact form and the Report entries send (SPEC.md §7 `report.php`; decision
 * 0031). The object is kept as its type and id, not a foreign key: a report must outlive
 * the video, comment or member it is about. The attachment is the re-encoded picture only
 * (never the upload), in the row so it is private, backed up with it and gone with it.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    subject: reportSubject('subject').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    objectType: reportObject('object_type'),
    objectId: integer('object_id'),
    /** The site path the form was sent from. */
    referrer: text('referrer').notNull().default(''),
    /** The member who sent it, when signed in. */
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    lang: text('lang').notNull().default('en'),
    /** WebP, metadata stripped (services/report-image.ts). */
    attachment: bytea('attachment'),
    attachmentWidth: integer('attachment_width'),
    attachmentHeight: integer('attachment_height'),
    state: reportState('state').notNull().default('new'),
    /** The staff member working on it (the moderation inbox). */
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the operator's mail went out; null while it has not (SMTP down): to resend. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The inbox: a state's reports, newest first.
    index('reports_state_idx').on(t.state, t.createdAt.desc(), t.id.desc()),
    // "Reports about this video/comment/member" on the object's moderation view.
    index('reports_object_idx')
      .on(t.objectType, t.objectId, t.createdAt.desc())
      .where(sql`${t.objectType} IS NOT NULL`),
    index('reports_assignee_idx').on(t.assigneeId, t.state).where(sql`${t.assigneeId} IS NOT NULL`),
    index('reports_unnotified_idx').on(t.createdAt).where(sql`${t.notifiedAt} IS NULL`),
    check('reports_object_whole', sql`(${t.objectType} IS NULL) = (${t.objectId} IS NULL)`),
    check(
      'reports_attachment_whole',
      sql`(${t.attachment} IS NULL) = (${t.attachmentWidth} IS NULL)`,
    ),
  ],
);

// ---------------------------------------------------------------- moderation (decision 0043)

/**
 * Every staff act, appended and never changed: a trigger (migration 0014) refuses UPDATE and
 * DELETE. The actor's name and role are copied so the row reads the same after the account
 * changes or goes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** No foreign key: the row must not change when the account goes (the name stays). */
    actorId: integer('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    /** `video.approve`, `video.reject`, `member.trust`, … (src/contracts/moderation.ts). */
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: integer('object_id').notNull(),
    /** The fields the act changed, before and after. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    reason: text('reason'),
    note: text('note').notNull().default(''),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.at.desc()),
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.at.desc()),
    index('audit_log_action_idx').on(t.action, t.at.desc()),
  ],
);

export const statementDecision = pgEnum('statement_decision', [
  'rejected',
  'removed',
  'strike',
  'banned',
]);
export const appealState = pgEnum('appeal_state', ['none', 'open', 'upheld', 'reversed']);

/**
 * Statements of reasons (DSA art. 17): what a member is told about a decision on their
 * content or account, and their appeal. One per decision.
 */
export const moderationStatements = pgTable(
  'moderation_statements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectType: text('object_type').notNull(),
    objectId: integer('object_id').notNull(),
    decision: statementDecision('decision').notNull(),
    /** One of MODERATION_REASONS (src/contracts/moderation.ts). */
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the mail to the member went out; null while it has not. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    appealState: appealState('appeal_state').notNull().default('none'),
    appealText: text('appeal_text'),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    appealDecidedBy: integer('appeal_decided_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    appealDecidedAt: timestamp('appeal_decided_at', { withTimezone: true }),
  },
  (t) => [
    index('moderation_statements_user_idx').on(t.userId, t.createdAt.desc()),
    index('moderation_statements_object_idx').on(t.objectType, t.objectId, t.createdAt.desc()),
    index('moderation_statements_appeals_idx')
      .on(t.appealedAt)
      .where(sql`${t.appealState} = 'open'`),
  ],
);

/**
 * A takedown (issue 16): staff removed an object from the site for a reason; `restoredAt` set
 * when it came back. `previous` holds what the object's state was, so a restore puts back
 * exactly that. At most one takedown of an object is in force at a time.
 */
export const takedowns = pgTable(
  'takedowns',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    objectType: text('object_type').notNull(),
    objectId: integer('object_id').notNull(),
    /** One of MODERATION_REASONS (src/contracts/moderation.ts). */
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    /** The report that led to it, if any. */
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    previous: jsonb('previous').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    restoredBy: integer('restored_by').references(() => users.id, { onDelete: 'set null' }),
    restoreNote: text('restore_note').notNull().default(''),
    /** The ban that took it down with the member's content: lifting the ban restores it. */
    banId: integer('ban_id').references(() => bans.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('takedowns_ban_idx').on(t.banId).where(sql`${t.banId} IS NOT NULL`),
    uniqueIndex('takedowns_in_force_idx')
      .on(t.objectType, t.objectId)
      .where(sql`${t.restoredAt} IS NULL`),
    index('takedowns_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Bans of members (issue 16). While one is in force (`liftedAt` null) the member's status is
 * 2: sign-in is refused with `account_banned`, their sessions are gone. With `hideContent`
 * their uploads, albums, playlists, comments and wall posts are taken down with it (each a
 * takedown row carrying `ban_id`); lifting the ban restores exactly those.
 */
export const bans = pgTable(
  'bans',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of MODERATION_REASONS, or `repeat_infringer` when the strikes reached the limit. */
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    hideContent: boolean('hide_content').notNull().default(false),
    /** Null for a ban the strikes made (no one person decided it). */
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: integer('lifted_by').references(() => users.id, { onDelete: 'set null' }),
    liftNote: text('lift_note').notNull().default(''),
  },
  (t) => [
    uniqueIndex('bans_in_force_idx').on(t.userId).where(sql`${t.liftedAt} IS NULL`),
    index('bans_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * Strikes against a member (repeat infringers, issue 16): one per upheld copyright or
 * illegal-content takedown, or given by staff. `revokedAt` when the takedown was reversed
 * (a counter-notice restored the video, an appeal succeeded). At STRIKES_TO_BAN strikes in
 * force the member is banned.
 */
export const strikes = pgTable(
  'strikes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    takedownId: integer('takedown_id').references(() => takedowns.id, { onDelete: 'set null' }),
    dmcaNoticeId: integer('dmca_notice_id').references(() => dmcaNotices.id, {
      onDelete: 'set null',
    }),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('strikes_user_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('strikes_takedown_idx').on(t.takedownId).where(sql`${t.takedownId} IS NOT NULL`),
  ],
);

export const dmcaNoticeState = pgEnum('dmca_notice_state', ['received', 'actioned', 'rejected']);
export const dmcaItemState = pgEnum('dmca_item_state', [
  'pending',
  'taken_down',
  'countered',
  'restored',
  'lawsuit',
  'not_found',
]);

/**
 * A DMCA notice (17 U.S.C. §512(c)(3)): the claimant, the works and the statements the law
 * asks for, from the contact form (`reportId`) or entered by staff. Every step is dated.
 */
export const dmcaNotices = pgTable(
  'dmca_notices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'set null' }),
    claimantName: text('claimant_name').notNull(),
    claimantCompany: text('claimant_company').notNull().default(''),
    claimantEmail: text('claimant_email').notNull(),
    claimantAddress: text('claimant_address').notNull().default(''),
    claimantPhone: text('claimant_phone').notNull().default(''),
    /** The copyrighted works claimed to be infringed. */
    works: text('works').notNull(),
    /** The good-faith and accuracy statements were made (§512(c)(3)(A)(v)-(vi)). */
    goodFaith: boolean('good_faith').notNull().default(false),
    signature: text('signature').notNull(),
    state: dmcaNoticeState('state').notNull().default('received'),
    note: text('note').notNull().default(''),
    enteredBy: integer('entered_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('dmca_notices_state_idx').on(t.state, t.receivedAt.desc(), t.id.desc())],
);

/**
 * One allegedly infringing video of a notice, and what became of it: the takedown, the
 * uploader's counter-notice (§512(g)(3)) and the restore after the waiting period unless
 * staff recorded that the claimant filed a lawsuit.
 */
export const dmcaItems = pgTable(
  'dmca_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => dmcaNotices.id, { onDelete: 'cascade' }),
    /** The URL as the claimant wrote it, and the video it names (null when none matched). */
    url: text('url').notNull(),
    videoId: integer('video_id'),
    state: dmcaItemState('state').notNull().default('pending'),
    takedownId: integer('takedown_id').references(() => takedowns.id, { onDelete: 'set null' }),
    counterAt: timestamp('counter_at', { withTimezone: true }),
    counterName: text('counter_name'),
    counterAddress: text('counter_address'),
    counterPhone: text('counter_phone'),
    counterStatement: text('counter_statement'),
    counterSignature: text('counter_signature'),
    /** Counter-notice date plus the waiting period: the restore job's due date. */
    restoreAfter: timestamp('restore_after', { withTimezone: true }),
    lawsuitAt: timestamp('lawsuit_at', { withTimezone: true }),
    lawsuitNote: text('lawsuit_note').notNull().default(''),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (t) => [
    index('dmca_items_notice_idx').on(t.noticeId),
    index('dmca_items_video_idx').on(t.videoId).where(sql`${t.videoId} IS NOT NULL`),
    index('dmca_items_due_idx').on(t.restoreAfter).where(sql`${t.state} = 'countered'`),
  ],
);

/**
 * Mail that could not be sent when it was due (SMTP down): kept whole and tried again by the
 * `mail.retry` job with a growing delay, for a week (decision 0051). `purpose` and `refId` say
 * which row to mark sent once it goes (a statement of reasons, a report's operator mail).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The message as the mailer takes it; attachments' content in base64. */
    message: jsonb('message').$type<Record<string, unknown>>().notNull(),
    purpose: text('purpose').notNull(),
    refId: integer('ref_id'),
    attempts: smallint('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAt)],
);

export const ageCheckState = pgEnum('age_check_state', ['pending', 'passed', 'failed']);

/**
 * A member's age check for the UK gate (issue 17): which provider, by what method, the result
 * and when. The photo waits on disk (`evidencePath`) only while a staff reviewer has still to
 * look at it, and an HTTP verifier's session is named by `externalRef`; once decided, only the
 * result, the method and the time remain (Texas HB 1181, the French double-anonymity
 * standard).
 */
export const ageChecks = pgTable(
  'age_checks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider that decides: `staff` (the console's queue) or `http` (a verifier). */
    provider: text('provider').notNull(),
    /** How the provider judged: `photo_review`, `age_estimation`, `id_document`… */
    method: text('method').notNull(),
    state: ageCheckState('state').notNull().default('pending'),
    externalRef: text('external_ref'),
    evidencePath: text('evidence_path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The reviewer, for a staff decision. */
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('age_checks_pending_idx').on(t.createdAt, t.id).where(sql`${t.state} = 'pending'`),
    index('age_checks_user_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('age_checks_external_idx')
      .on(t.provider, t.externalRef)
      .where(sql`${t.externalRef} IS NOT NULL`),
  ],
);

/**
 * The 18 U.S.C. 2257 records of a video (issue 17): the performers its uploader declared
 * (legal name, date of birth, aliases, the ID document and the signed release) or the
 * exemption claimed. `sealed` is the declaration as AES-256-GCM ciphertext (base64) under the
 * records key named `keyId`; the documents are encrypted files beside it. No foreign keys:
 * the records outlive the video and the account (the law asks for years), and only
 * administrators read them, every read audited.
 */
export const performerRecords = pgTable(
  'performer_records',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    videoId: integer('video_id').notNull(),
    userId: integer('user_id').notNull(),
    /** Null: performers are declared; otherwise the ground of the exemption. */
    exemption: text('exemption'),
    performers: smallint('performers').notNull().default(0),
    keyId: text('key_id').notNull(),
    sealed: text('sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('performer_records_video_idx').on(t.videoId)],
);

// ---------------------------------------------------------------- fingerprints (decision 0056)

/**
 * A video's perceptual fingerprint (src/media/fingerprint.ts): one 64-bit difference hash a
 * second, 8 bytes each, and the band keys of a few of its frames (at most 8 frames x 3 bands).
 * The GIN index on the keys finds the videos sharing a band with an upload in a few index
 * probes whatever the catalogue's size (multi-index hashing); the hashes then decide. The
 * pending list stays off: a lookup never scans what bulk inserts left unsorted.
 */
export const videoFingerprints = pgTable(
  'video_fingerprints',
  {
    videoId: integer('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    hashes: bytea('hashes').notNull(),
    keys: integer('keys').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_fingerprints_keys_idx').using('gin', t.keys).with({ fastupdate: false })],
);
