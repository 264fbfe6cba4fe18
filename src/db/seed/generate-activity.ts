import { GENDERS, type Gender } from '../../contracts/constants.ts';
import { slugify } from '../../contracts/format.ts';
import type { Column } from './bulk-insert.ts';
import { type CatalogueContext, Columns } from './generate.ts';
import { rng } from './random.ts';
import {
  COMMENT_LINES,
  COUNTRIES,
  MEMBER_WORDS,
  PLAYLIST_TITLES,
  TAG_WORDS,
  TITLE_NOUNS,
  TITLE_OPENERS,
} from './vocabulary.ts';

// Generators of what members do: favourites, watch later, history, subscriptions, friends,
// messages, wall posts, votes, albums with photos, and the search keywords visitors type.
// Pure functions of (seed, id), loaded in chunks like the catalogue.

const DAY_MS = 86_400_000;
const SALT = { activity: 11, album: 12, keyword: 13 } as const;

/** Per-member averages; the benchmark scales them down to keep a million-video load quick. */
export interface ActivityRates {
  favourites: number;
  watchLater: number;
  history: number;
  subscriptions: number;
  friends: number;
  messages: number;
  wallPosts: number;
  /** Comments on model and channel walls. */
  wallComments: number;
  votes: number;
}

export const DEMO_ACTIVITY: ActivityRates = {
  favourites: 14,
  watchLater: 6,
  history: 24,
  subscriptions: 5,
  friends: 3,
  messages: 3,
  wallPosts: 2,
  wallComments: 1,
  votes: 10,
};

export const BENCH_ACTIVITY: ActivityRates = {
  favourites: 4,
  watchLater: 1,
  history: 4,
  subscriptions: 2,
  friends: 1,
  messages: 0.5,
  wallPosts: 0.3,
  wallComments: 0.1,
  votes: 2,
};

/** Rows of a member's video list (favourites, watch later, history). */
class UserVideoColumns {
  private readonly users: number[] = [];
  private readonly videos: number[] = [];
  private readonly times: string[] = [];
  private readonly timeColumn: string;
  constructor(timeColumn: string) {
    this.timeColumn = timeColumn;
  }
  push(userId: number, videoId: number, at: string): void {
    this.users.push(userId);
    this.videos.push(videoId);
    this.times.push(at);
  }
  toColumns(): Column[] {
    return [
      { name: 'user_id', type: 'int[]', values: this.users },
      { name: 'video_id', type: 'int[]', values: this.videos },
      { name: this.timeColumn, type: 'timestamptz[]', values: this.times },
    ];
  }
}

export interface ActivityChunk {
  favourites: Column[];
  watchLater: Column[];
  history: Column[];
  subscriptions: Column[];
  friends: Column[];
  messages: Column[];
  wallPosts: Column[];
  comments: Column[];
  votes: Column[];
}

/** How many of an average `rate` a member has: members differ, a few are very active. */
function amount(next: () => number, rate: number): number {
  return Math.floor(rate * 2 * next() ** 1.5 * 1.25 + next());
}

export function activityChunk(
  ctx: CatalogueContext,
  rates: ActivityRates,
  from: number,
  to: number,
): ActivityChunk {
  const { size, now } = ctx;
  const favourites = new UserVideoColumns('added_at');
  const watchLater = new UserVideoColumns('added_at');
  const history = new UserVideoColumns('viewed_at');
  const subscriptions = new Columns<{
    user_id: number;
    target: string;
    target_id: number;
    created_at: string;
  }>({
    user_id: 'int[]',
    target: 'subscription_target[]',
    target_id: 'int[]',
    created_at: 'timestamptz[]',
  });
  const friends = new Columns<{
    user_id: number;
    friend_id: number;
    status: number;
    created_at: string;
  }>({ user_id: 'int[]', friend_id: 'int[]', status: 'smallint[]', created_at: 'timestamptz[]' });
  const messages = new Columns<{
    from_user_id: number;
    to_user_id: number;
    body: string;
    read_at: string | null;
    created_at: string;
  }>({
    from_user_id: 'int[]',
    to_user_id: 'int[]',
    body: 'text[]',
    read_at: 'timestamptz[]',
    created_at: 'timestamptz[]',
  });
  const wallPosts = new Columns<{
    owner_id: number;
    author_id: number;
    body: string;
    created_at: string;
  }>({ owner_id: 'int[]', author_id: 'int[]', body: 'text[]', created_at: 'timestamptz[]' });
  const comments = new Columns<{
    section: string;
    object_id: number;
    user_id: number;
    body: string;
    created_at: string;
  }>({
    section: 'comment_section[]',
    object_id: 'int[]',
    user_id: 'int[]',
    body: 'text[]',
    created_at: 'timestamptz[]',
  });
  const votes = new Columns<{
    section: string;
    object_id: number;
    user_id: number;
    vote: number;
    created_at: string;
  }>({
    section: 'comment_section[]',
    object_id: 'int[]',
    user_id: 'int[]',
    vote: 'smallint[]',
    created_at: 'timestamptz[]',
  });

  const ago = (next: () => number, days: number) =>
    new Date(now.getTime() - next() * days * DAY_MS).toISOString();
  // Listed videos are the first 98% of ids (the rest are scheduled ahead).
  const lastPublished = Math.max(1, Math.floor(size.videos * 0.98));
  const videoIds = (r: ReturnType<typeof rng>, n: number) => {
    const ids = new Set<number>();
    for (let i = 0; i < n * 2 && ids.size < n; i++) ids.add(r.int(1, lastPublished));
    return [...ids];
  };
  const friendPairs = new Set<string>();

  for (let userId = from; userId <= to; userId++) {
    const r = rng(ctx.seed, SALT.activity, userId);
    const next = () => r.next();
    for (const videoId of videoIds(r, amount(next, rates.favourites))) {
      favourites.push(userId, videoId, ago(next, 400));
    }
    for (const videoId of videoIds(r, amount(next, rates.watchLater))) {
      watchLater.push(userId, videoId, ago(next, 60));
    }
    for (const videoId of videoIds(r, amount(next, rates.history))) {
      history.push(userId, videoId, ago(next, 30));
    }
    for (const [index, videoId] of videoIds(r, amount(next, rates.votes)).entries()) {
      votes.push({
        section: 'video',
        object_id: videoId,
        user_id: userId,
        vote: r.chance(0.85) ? 1 : 0,
        created_at: ago(next, 200 + index),
      });
    }
    const subs = new Set<string>();
    for (let i = amount(next, rates.subscriptions); i > 0; i--) {
      const roll = r.next();
      const target = roll < 0.45 ? 'channel' : roll < 0.85 ? 'model' : 'member';
      const max =
        target === 'channel' ? size.channels : target === 'model' ? size.models : size.members;
      const targetId = r.int(1, max);
      if (max < 1 || (target === 'member' && targetId === userId)) continue;
      const key = `${target}:${targetId}`;
      if (subs.has(key)) continue;
      subs.add(key);
      subscriptions.push({
        user_id: userId,
        target,
        target_id: targetId,
        created_at: ago(next, 300),
      });
    }
    for (let i = amount(next, rates.friends); i > 0; i--) {
      const friendId = r.int(1, size.members);
      const a = Math.min(userId, friendId);
      const b = Math.max(userId, friendId);
      // Pairs are only made from the lower id, so both directions stay inside this chunk's
      // decisions and never collide with another chunk's rows.
      if (a === b || a !== userId || friendPairs.has(`${a}:${b}`)) continue;
      friendPairs.add(`${a}:${b}`);
      const accepted = r.chance(0.8);
      const createdAt = ago(next, 500);
      friends.push({ user_id: a, friend_id: b, status: accepted ? 1 : 0, created_at: createdAt });
      if (accepted) {
        friends.push({ user_id: b, friend_id: a, status: 1, created_at: createdAt });
      }
    }
    for (let i = amount(next, rates.messages); i > 0; i--) {
      const toUserId = r.int(1, size.members);
      if (toUserId === userId) continue;
      messages.push({
        from_user_id: userId,
        to_user_id: toUserId,
        body: `Hi! ${r.pick(COMMENT_LINES)}`,
        read_at: r.chance(0.6) ? ago(next, 5) : null,
        created_at: ago(next, 90),
      });
    }
    for (let i = amount(next, rates.wallPosts); i > 0; i--) {
      const authorId = r.int(1, size.members);
      wallPosts.push({
        owner_id: userId,
        author_id: authorId,
        body: r.pick(COMMENT_LINES),
        created_at: ago(next, 365),
      });
    }
    for (let i = amount(next, rates.wallComments); i > 0; i--) {
      const section = r.chance(0.6) ? 'model' : 'channel';
      const max = section === 'model' ? size.models : size.channels;
      if (max < 1) continue;
      comments.push({
        section,
        // A few walls are busy, most are quiet: skewed towards the first (oldest) objects.
        object_id: 1 + Math.floor(max * r.next() ** 3),
        user_id: userId,
        body: r.pick(COMMENT_LINES),
        created_at: ago(next, 365),
      });
    }
  }
  return {
    favourites: favourites.toColumns(),
    watchLater: watchLater.toColumns(),
    history: history.toColumns(),
    subscriptions: subscriptions.toColumns(),
    friends: friends.toColumns(),
    messages: messages.toColumns(),
    wallPosts: wallPosts.toColumns(),
    comments: comments.toColumns(),
    votes: votes.toColumns(),
  };
}

// ---------------------------------------------------------------- albums

export function albumChunk(
  ctx: CatalogueContext,
  from: number,
  to: number,
): { albums: Column[]; photos: Column[] } {
  const albums = new Columns<{
    id: number;
    user_id: number;
    dir: string;
    title: string;
    description: string;
    gender: Gender;
    status_id: number;
    is_private: number;
    views: number;
    likes: number;
    dislikes: number;
    post_date: string;
  }>({
    id: 'int[]',
    user_id: 'int[]',
    dir: 'text[]',
    title: 'text[]',
    description: 'text[]',
    gender: 'gender_section[]',
    status_id: 'smallint[]',
    is_private: 'smallint[]',
    views: 'int[]',
    likes: 'int[]',
    dislikes: 'int[]',
    post_date: 'timestamptz[]',
  });
  const photos = new Columns<{
    album_id: number;
    position: number;
    width: number;
    height: number;
  }>({ album_id: 'int[]', position: 'int[]', width: 'int[]', height: 'int[]' });
  for (let id = from; id <= to; id++) {
    const r = rng(ctx.seed, SALT.album, id);
    const title = `${r.pick(TITLE_OPENERS)} ${r.pick(TITLE_NOUNS)} photo set`;
    const views = Math.floor(20 + r.next() ** 3 * 200_000);
    const likes = Math.floor(views * (0.002 + r.next() * 0.02));
    albums.push({
      id,
      user_id: r.int(1, ctx.size.members),
      dir: slugify(title),
      title,
      description: `${title}: ${r.sample(TAG_WORDS, 3).join(', ')}.`,
      gender: r.pick(['str', 'str', 'str', 'she', 'gay'] as const),
      status_id: r.chance(0.02) ? 5 : 1,
      is_private: r.chance(0.1) ? 1 : 0,
      views,
      likes,
      dislikes: Math.floor(likes * r.next() * 0.3),
      post_date: new Date(ctx.now.getTime() - r.next() * 700 * DAY_MS).toISOString(),
    });
    const portrait = r.chance(0.5);
    for (let position = 0, n = r.int(4, 24); position < n; position++) {
      photos.push({
        album_id: id,
        position,
        width: portrait ? 800 : 1280,
        height: portrait ? 1200 : 853,
      });
    }
  }
  return { albums: albums.toColumns(), photos: photos.toColumns() };
}

// ---------------------------------------------------------------- keywords

/** Search keywords with their popularity: tag words, pairs of them, and playlist-ish phrases. */
export function keywordColumns(ctx: CatalogueContext, count: number): Column[] {
  const cols = new Columns<{
    keyword: string;
    gender: Gender;
    searches: number;
    results: number;
    last_searched_at: string;
  }>({
    keyword: 'text[]',
    gender: 'gender_section[]',
    searches: 'int[]',
    results: 'int[]',
    last_searched_at: 'timestamptz[]',
  });
  const seen = new Set<string>();
  const r = rng(ctx.seed, SALT.keyword);
  const phrases = [
    ...TAG_WORDS.map((w) => w.toLowerCase()),
    ...PLAYLIST_TITLES.map((t) => t.toLowerCase()),
    ...MEMBER_WORDS.map((w) => `${w} ${r.pick(TAG_WORDS).toLowerCase()}`),
  ];
  for (let attempt = 0; seen.size < count && attempt < count * 4; attempt++) {
    const keyword =
      attempt < phrases.length
        ? (phrases[attempt] as string)
        : `${r.pick(TAG_WORDS)} ${r.pick(TAG_WORDS)}`.toLowerCase();
    const gender = r.pick(GENDERS);
    const key = `${keyword}|${gender}`;
    if (seen.has(key) || keyword.length < 3) continue;
    seen.add(key);
    cols.push({
      keyword,
      gender,
      searches: Math.floor(1 + r.next() ** 4 * 50_000),
      results: Math.floor(1 + r.next() * 5_000),
      last_searched_at: new Date(ctx.now.getTime() - r.next() * 30 * DAY_MS).toISOString(),
    });
  }
  return cols.toColumns();
}

/** A handful of affiliate offers (SPEC.md §3 Offer), some limited to countries or tags. */
export const DEMO_OFFERS = [
  { pretitle: 'Limited time', title: 'Premium access, 70% off', countries: [], tags: [] },
  { pretitle: 'Members only', title: 'Unlock every HD download', countries: [], tags: ['hd'] },
  {
    pretitle: 'Today',
    title: 'Join the network for one price',
    countries: COUNTRIES.slice(0, 6),
    tags: [],
  },
] as const;
