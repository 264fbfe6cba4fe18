import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
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
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
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
    ...timestamps,
  },
  (t) => [uniqueIndex('categories_dir_idx').on(t.dir)],
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
  (t) => [uniqueIndex('models_dir_idx').on(t.dir)],
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
    ...timestamps,
  },
  (t) => [uniqueIndex('channels_dir_idx').on(t.dir)],
);

export const videos = pgTable(
  'videos',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    dir: text('dir').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    gender: genderSection('gender').notNull().default('str'),
    /** SPEC.md §3 status_id: 0 disabled, 1 active, 2 error, 3 processing, 5 deleted. */
    statusId: smallint('status_id').notNull().default(3),
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
    exTube: text('ex_tube'),
    exId: text('ex_id'),
    sgId: integer('sg_id'),
    ...timestamps,
  },
  (t) => [
    check('videos_status_check', sql`${t.statusId} IN (0, 1, 2, 3, 5)`),
    check('videos_private_check', sql`${t.isPrivate} IN (0, 1)`),
    index('videos_listed_date_idx')
      .on(t.gender, t.postDate.desc(), t.id.desc())
      .where(sql`status_id = 1`),
    index('videos_listed_channel_date_idx')
      .on(t.gender, t.postDate.desc(), t.id.desc())
      .where(sql`status_id = 1 AND channel_id IS NOT NULL`),
    index('videos_listed_views_idx')
      .on(t.gender, t.views.desc(), t.id.desc())
      .where(sql`status_id = 1`),
    index('videos_listed_views_day_idx')
      .on(t.gender, t.viewsDay.desc(), t.views.desc(), t.id.desc())
      .where(sql`status_id = 1`),
    index('videos_user_idx').on(t.userId, t.postDate.desc()),
    index('videos_channel_idx').on(t.channelId, t.postDate.desc()),
  ],
);

export interface VideoMedia {
  /** Source file key in storage, kept until the pipeline is done. */
  source?: string;
  /** MP4 download files by format (`_hq.mp4`, `_lq.mp4`, `_tr.mp4`) → storage key. */
  files?: Record<string, string>;
  width?: number;
  height?: number;
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
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.categoryId] }),
    index('video_categories_category_idx').on(t.categoryId, t.videoId),
  ],
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('comments_object_idx').on(t.section, t.objectId, t.createdAt.desc(), t.id.desc())],
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
    orientation: genderSection('orientation').notNull().default('str'),
    categoryIds: integer('category_ids').array().notNull().default(sql`'{}'::integer[]`),
    videosCount: integer('videos_count').notNull().default(0),
    views: integer('views').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('playlists_user_idx').on(t.userId, t.createdAt.desc())],
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
