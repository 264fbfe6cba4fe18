import type { Gender } from '../../contracts/constants.ts';
import { countryName, slugify } from '../../contracts/format.ts';
import type { Column } from './bulk-insert.ts';
import { type Rng, rng } from './random.ts';
import {
  BREAST_SIZES,
  CATEGORY_EXTRA_ADJECTIVES,
  CATEGORY_NAMES,
  CHANNEL_PREFIXES,
  CHANNEL_SUFFIXES,
  COMMENT_LINES,
  COUNTRIES,
  FIRST_NAMES,
  LAST_NAMES,
  MEMBER_WORDS,
  PLAYLIST_TITLES,
  RACES,
  TAG_WORDS,
  TITLE_JOINERS,
  TITLE_NOUNS,
  TITLE_OPENERS,
} from './vocabulary.ts';

// Generators of a synthetic catalogue. Every object is a pure function of (seed, id), so the
// loader can produce a million videos in chunks without holding them all in memory.

export interface CatalogueSize {
  videos: number;
  categories: number;
  models: number;
  channels: number;
  members: number;
  playlists: number;
  albums: number;
  keywords: number;
  commentsPerVideo: number;
}

export const DEMO_SIZE: CatalogueSize = {
  videos: 900,
  categories: CATEGORY_NAMES.length,
  models: 120,
  channels: 24,
  members: 80,
  playlists: 60,
  // A handful: each demo album's photos are rendered at first start (demo-albums.ts).
  albums: 12,
  keywords: 400,
  commentsPerVideo: 2.5,
};

export const BENCH_SIZE: CatalogueSize = {
  videos: 1_000_000,
  categories: 500,
  models: 20_000,
  channels: 5_000,
  members: 100_000,
  playlists: 20_000,
  albums: 20_000,
  keywords: 20_000,
  commentsPerVideo: 0.5,
};

export interface CatalogueContext {
  seed: number;
  size: CatalogueSize;
  /** The moment the catalogue is generated for; dates are spread before it. */
  now: Date;
}

const DAY_MS = 86_400_000;
const FEMALE_NAMES = FIRST_NAMES.slice(0, FIRST_NAMES.indexOf('Leo'));
const MALE_NAMES = FIRST_NAMES.slice(FIRST_NAMES.indexOf('Leo'));
const GENDER_ONLY: Record<string, Gender> = { Trans: 'she', Twink: 'gay', Bear: 'gay' };

const SALT = {
  category: 1,
  model: 2,
  channel: 3,
  member: 4,
  video: 5,
  comment: 6,
  playlist: 7,
} as const;

/** Columns of a table built row by row. */
export class Columns<Row extends object> {
  private readonly data = new Map<keyof Row, unknown[]>();
  private readonly types: { [K in keyof Row]: string };
  constructor(types: { [K in keyof Row]: string }) {
    this.types = types;
    for (const key of Object.keys(types) as (keyof Row)[]) this.data.set(key, []);
  }
  push(row: Row): void {
    for (const [key, values] of this.data) values.push(row[key]);
  }
  get length(): number {
    return this.data.values().next().value?.length ?? 0;
  }
  toColumns(): Column[] {
    return [...this.data].map(([name, values]) => ({
      name: String(name),
      type: this.types[name],
      values,
    }));
  }
}

// ---------------------------------------------------------------- categories

export interface CategoryRow {
  id: number;
  dir: string;
  title: string;
  description: string;
}

export function categoryAt(id: number): CategoryRow {
  const base = CATEGORY_NAMES.length;
  const index = id - 1;
  const entry = CATEGORY_NAMES[index % base] as (typeof CATEGORY_NAMES)[number];
  const round = Math.floor(index / base);
  const title =
    round === 0
      ? entry.title
      : `${CATEGORY_EXTRA_ADJECTIVES[(round - 1) % CATEGORY_EXTRA_ADJECTIVES.length]} ${entry.title}${
          round > CATEGORY_EXTRA_ADJECTIVES.length ? ` ${round}` : ''
        }`;
  return {
    id,
    dir: slugify(title),
    title,
    description: `${entry.blurb} Browse every ${title.toLowerCase()} video on the site, newest first or sorted by rating, views and length.`,
  };
}

export function categoryColumns(ctx: CatalogueContext): Column[] {
  const cols = new Columns<CategoryRow>({
    id: 'int[]',
    dir: 'text[]',
    title: 'text[]',
    description: 'text[]',
  });
  for (let id = 1; id <= ctx.size.categories; id++) cols.push(categoryAt(id));
  return cols.toColumns();
}

function categoryGender(id: number): Gender | undefined {
  const entry = CATEGORY_NAMES[(id - 1) % CATEGORY_NAMES.length];
  return entry ? GENDER_ONLY[entry.title] : undefined;
}

// ---------------------------------------------------------------- models

export interface ModelRow {
  id: number;
  dir: string;
  title: string;
  gender: Gender;
  country: string;
  race: string;
  age_group: number;
  tits_size: string | null;
  hair_color: number;
  height: number;
  weight: number;
  tattoo: number;
  piercing: number;
  description: string;
}

export function modelGender(seed: number, id: number): Gender {
  const r = rng(seed, SALT.model, id, 1).next();
  return r < 0.75 ? 'str' : r < 0.87 ? 'she' : 'gay';
}

export function modelAt(seed: number, id: number): ModelRow {
  const r = rng(seed, SALT.model, id);
  const gender = modelGender(seed, id);
  const first = r.pick(gender === 'gay' ? MALE_NAMES : FEMALE_NAMES);
  const last = r.pick(LAST_NAMES);
  // Past the plain first × last combinations, a middle initial keeps names distinct.
  const combos = FEMALE_NAMES.length * LAST_NAMES.length;
  const initial = id > combos / 2 ? ` ${String.fromCharCode(65 + (id % 26))}.` : '';
  const title = `${first}${initial} ${last}`;
  const country = r.pick(COUNTRIES);
  return {
    id,
    dir: `${slugify(title)}-${id}`,
    title,
    gender,
    country,
    race: r.pick(RACES),
    age_group: r.int(1, 4),
    tits_size: gender === 'gay' ? null : r.pick(BREAST_SIZES),
    hair_color: r.int(1, 5),
    height: r.int(1, 4),
    weight: r.int(1, 4),
    tattoo: r.chance(0.35) ? 1 : 2,
    piercing: r.chance(0.3) ? 1 : 2,
    description: `${title} is a performer from ${countryName(country, 'en')} known for ${r
      .sample(TAG_WORDS, 2)
      .join(' and ')} scenes.`,
  };
}

export function modelColumns(ctx: CatalogueContext, from: number, to: number): Column[] {
  const cols = new Columns<ModelRow>({
    id: 'int[]',
    dir: 'text[]',
    title: 'text[]',
    gender: 'gender_section[]',
    country: 'text[]',
    race: 'text[]',
    age_group: 'smallint[]',
    tits_size: 'text[]',
    hair_color: 'smallint[]',
    height: 'smallint[]',
    weight: 'smallint[]',
    tattoo: 'smallint[]',
    piercing: 'smallint[]',
    description: 'text[]',
  });
  for (let id = from; id <= to; id++) cols.push(modelAt(ctx.seed, id));
  return cols.toColumns();
}

// ---------------------------------------------------------------- channels

export interface ChannelRow {
  id: number;
  dir: string;
  title: string;
  url: string;
  description: string;
}

export function channelAt(seed: number, id: number): ChannelRow {
  const r = rng(seed, SALT.channel, id);
  const combos = CHANNEL_PREFIXES.length * CHANNEL_SUFFIXES.length;
  const index = id - 1;
  const base = `${CHANNEL_PREFIXES[index % CHANNEL_PREFIXES.length]} ${
    CHANNEL_SUFFIXES[Math.floor(index / CHANNEL_PREFIXES.length) % CHANNEL_SUFFIXES.length]
  }`;
  const title = index < combos ? base : `${base} ${Math.floor(index / combos) + 1}`;
  const dir = slugify(title);
  return {
    id,
    dir,
    title,
    url: `https://${dir.replace(/-/g, '')}.example`,
    description: `${title} publishes ${r.sample(TAG_WORDS, 2).join(' and ')} productions every week.`,
  };
}

export function channelColumns(ctx: CatalogueContext, from: number, to: number): Column[] {
  const cols = new Columns<ChannelRow>({
    id: 'int[]',
    dir: 'text[]',
    title: 'text[]',
    url: 'text[]',
    description: 'text[]',
  });
  for (let id = from; id <= to; id++) cols.push(channelAt(ctx.seed, id));
  return cols.toColumns();
}

// ---------------------------------------------------------------- members

export interface MemberRow {
  id: number;
  username: string;
  display_name: string;
  email: string;
  status: number;
  gender: number;
  country: string;
  city: string;
  about: string;
  orientation: number;
  relationship: number;
  created_at: string;
}

export function memberAt(ctx: CatalogueContext, id: number): MemberRow {
  const r = rng(ctx.seed, SALT.member, id);
  const a = r.pick(MEMBER_WORDS);
  const b = r.pick(MEMBER_WORDS.filter((w) => w !== a));
  const username = `${a}${b[0]?.toUpperCase()}${b.slice(1)}${id}`;
  const created = new Date(ctx.now.getTime() - r.int(1, 1500) * DAY_MS - r.int(0, DAY_MS));
  return {
    id,
    username,
    display_name: `${a[0]?.toUpperCase()}${a.slice(1)} ${b[0]?.toUpperCase()}${b.slice(1)}`,
    email: `${username.toLowerCase()}@members.example`,
    status: 1,
    gender: r.int(1, 3),
    country: r.pick(COUNTRIES),
    city: '',
    about: r.chance(0.5) ? `Here for ${r.sample(TAG_WORDS, 3).join(', ')}.` : '',
    orientation: r.int(1, 5),
    relationship: r.int(1, 3),
    created_at: created.toISOString(),
  };
}

export function memberColumns(ctx: CatalogueContext, from: number, to: number): Column[] {
  const cols = new Columns<MemberRow>({
    id: 'int[]',
    username: 'text[]',
    display_name: 'text[]',
    email: 'text[]',
    status: 'smallint[]',
    gender: 'smallint[]',
    country: 'text[]',
    city: 'text[]',
    about: 'text[]',
    orientation: 'smallint[]',
    relationship: 'smallint[]',
    created_at: 'timestamptz[]',
  });
  for (let id = from; id <= to; id++) cols.push(memberAt(ctx, id));
  return cols.toColumns();
}

// ---------------------------------------------------------------- tags

export function tagColumns(): Column[] {
  return [
    { name: 'id', type: 'int[]', values: TAG_WORDS.map((_, i) => i + 1) },
    { name: 'dir', type: 'text[]', values: TAG_WORDS.map((w) => slugify(w)) },
    { name: 'title', type: 'text[]', values: [...TAG_WORDS] },
  ];
}

// ---------------------------------------------------------------- videos

/** Model ids of each gender section, so videos cast models of their own section. */
export type ModelPools = Record<Gender, number[]>;

export function modelPools(ctx: CatalogueContext): ModelPools {
  const pools: ModelPools = { str: [], she: [], gay: [] };
  for (let id = 1; id <= ctx.size.models; id++) pools[modelGender(ctx.seed, id)].push(id);
  return pools;
}

export interface VideoRow {
  id: number;
  dir: string;
  title: string;
  description: string;
  gender: Gender;
  status_id: number;
  is_private: number;
  is_hd: boolean;
  duration: number;
  country: string;
  user_id: number;
  channel_id: number | null;
  post_date: string;
  views: number;
  views_day: number;
  views_week: number;
  views_month: number;
  likes: number;
  dislikes: number;
  /** Models, categories and tags as words: the B part of the search document. */
  _search_b: string;
}

export interface VideoLinks {
  categoryIds: number[];
  modelIds: number[];
  tagIds: number[];
}

/** Skewed pick: low indexes come up far more often, like popular categories do. */
function skewed(r: Rng, n: number, power = 2): number {
  return Math.min(n - 1, Math.floor(n * r.next() ** power));
}

export function videoAt(
  ctx: CatalogueContext,
  pools: ModelPools,
  id: number,
): { row: VideoRow; links: VideoLinks } {
  const r = rng(ctx.seed, SALT.video, id);
  const roll = r.next();
  const gender: Gender = roll < 0.7 ? 'str' : roll < 0.85 ? 'she' : 'gay';

  const categoryIds = new Set<number>();
  const wanted = r.int(1, 3);
  for (let attempt = 0; categoryIds.size < wanted && attempt < 12; attempt++) {
    const candidate = 1 + skewed(r, ctx.size.categories, 1.6);
    const only = categoryGender(candidate);
    if (!only || only === gender) categoryIds.add(candidate);
  }
  const pool = pools[gender];
  const modelIds = pool.length ? r.sample(pool, r.pick([0, 1, 1, 1, 2, 2, 3])) : [];
  const tagIds = r.sample(
    TAG_WORDS.map((_, i) => i + 1),
    r.int(3, 6),
  );

  const starring = modelIds
    .map((m) => modelAt(ctx.seed, m).title)
    .slice(0, 2)
    .join(' & ');
  const opener = r.pick(TITLE_OPENERS);
  const noun = r.pick(TITLE_NOUNS);
  const firstCategory = categoryAt([...categoryIds][0] ?? 1).title;
  const title = starring
    ? `${opener} ${noun} ${r.pick(TITLE_JOINERS)} ${starring}`
    : `${opener} ${noun}: ${firstCategory.toLowerCase()} ${r.pick(TAG_WORDS)}`;

  // Ids grow with time, as on a real site; recent days are denser. The newest 2% are
  // scheduled up to two weeks ahead and appear as their post date passes.
  const f = id / ctx.size.videos;
  const scheduled = f > 0.98;
  const postMs = scheduled
    ? ctx.now.getTime() + ((f - 0.98) / 0.02) * 14 * DAY_MS
    : ctx.now.getTime() - (1 - f / 0.98) ** 2 * 730 * DAY_MS - r.int(0, 3_600_000);
  const ageDays = Math.max(0, (ctx.now.getTime() - postMs) / DAY_MS);

  const durationClass = r.next();
  const duration =
    durationClass < 0.3
      ? r.int(60, 599)
      : durationClass < 0.85
        ? r.int(600, 2399)
        : r.int(2400, 5400);

  const popularity = r.next() ** 3;
  const views = scheduled
    ? 0
    : Math.floor((40 + popularity * 1_500_000) * Math.min(1, 0.08 + ageDays / 45));
  const month = scheduled ? 0 : Math.floor(views * Math.min(1, 30 / Math.max(ageDays, 1)) * 0.7);
  const week = Math.floor(month * (ageDays < 7 ? 0.9 : 0.28));
  const day = Math.floor(week * (ageDays < 1 ? 0.95 : 0.16) * (0.5 + r.next()));
  const likes = Math.floor(views * (0.002 + r.next() * 0.02));
  const dislikes = Math.floor(likes * (0.03 + r.next() * 0.35));

  const statusRoll = r.next();
  const statusId = statusRoll < 0.015 ? 5 : statusRoll < 0.02 ? 0 : 1;
  const uploader = 1 + skewed(r, ctx.size.members, 2.5);

  return {
    row: {
      id,
      dir: slugify(title),
      title,
      description: `${title}. ${categoryAt([...categoryIds][0] ?? 1).description.split('.')[0]}. Tagged ${tagIds
        .map((t) => TAG_WORDS[t - 1])
        .join(', ')}.`,
      gender,
      status_id: statusId,
      is_private: r.chance(0.04) ? 1 : 0,
      is_hd: r.chance(0.7),
      duration,
      country: r.pick(COUNTRIES),
      user_id: uploader,
      channel_id:
        r.chance(0.6) && ctx.size.channels > 0 ? 1 + skewed(r, ctx.size.channels, 1.8) : null,
      post_date: new Date(postMs).toISOString(),
      views,
      views_day: day,
      views_week: week,
      views_month: month,
      likes,
      dislikes,
      _search_b: [
        ...[...modelIds].sort((a, b) => a - b).map((m) => modelAt(ctx.seed, m).title),
        ...[...categoryIds].sort((a, b) => a - b).map((c) => categoryAt(c).title),
        ...[...tagIds].sort((a, b) => a - b).map((t) => TAG_WORDS[t - 1]),
      ].join(' '),
    },
    links: { categoryIds: [...categoryIds], modelIds, tagIds },
  };
}

export interface VideoChunk {
  videos: Column[];
  videoCategories: Column[];
  videoModels: Column[];
  videoTags: Column[];
  comments: Column[];
}

export function videoChunk(
  ctx: CatalogueContext,
  pools: ModelPools,
  from: number,
  to: number,
): VideoChunk {
  const videos = new Columns<VideoRow>({
    id: 'int[]',
    dir: 'text[]',
    title: 'text[]',
    description: 'text[]',
    gender: 'gender_section[]',
    status_id: 'smallint[]',
    is_private: 'smallint[]',
    is_hd: 'boolean[]',
    duration: 'int[]',
    country: 'text[]',
    user_id: 'int[]',
    channel_id: 'int[]',
    post_date: 'timestamptz[]',
    views: 'int[]',
    views_day: 'int[]',
    views_week: 'int[]',
    views_month: 'int[]',
    likes: 'int[]',
    dislikes: 'int[]',
    _search_b: 'text[]',
  });
  const vc = new Columns<{ video_id: number; category_id: number }>({
    video_id: 'int[]',
    category_id: 'int[]',
  });
  const vm = new Columns<{ video_id: number; model_id: number }>({
    video_id: 'int[]',
    model_id: 'int[]',
  });
  const vt = new Columns<{ video_id: number; tag_id: number }>({
    video_id: 'int[]',
    tag_id: 'int[]',
  });
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

  for (let id = from; id <= to; id++) {
    const { row, links } = videoAt(ctx, pools, id);
    videos.push(row);
    for (const c of links.categoryIds) vc.push({ video_id: id, category_id: c });
    for (const m of links.modelIds) vm.push({ video_id: id, model_id: m });
    for (const t of links.tagIds) vt.push({ video_id: id, tag_id: t });
    const posted = Date.parse(row.post_date);
    if (row.status_id !== 1 || posted > ctx.now.getTime()) continue;
    const cr = rng(ctx.seed, SALT.comment, id);
    const count = Math.floor(cr.next() * 2 * ctx.size.commentsPerVideo + cr.next());
    for (let i = 0; i < count; i++) {
      comments.push({
        section: 'video',
        object_id: id,
        user_id: cr.int(1, ctx.size.members),
        body: cr.pick(COMMENT_LINES),
        created_at: new Date(posted + cr.next() * (ctx.now.getTime() - posted)).toISOString(),
      });
    }
  }
  return {
    videos: videos.toColumns(),
    videoCategories: vc.toColumns(),
    videoModels: vm.toColumns(),
    videoTags: vt.toColumns(),
    comments: comments.toColumns(),
  };
}

// ---------------------------------------------------------------- playlists

export function playlistChunk(
  ctx: CatalogueContext,
  from: number,
  to: number,
): { playlists: Column[]; items: Column[] } {
  const playlists = new Columns<{
    id: number;
    user_id: number;
    title: string;
    description: string;
    is_private: number;
    orientation: Gender;
  }>({
    id: 'int[]',
    user_id: 'int[]',
    title: 'text[]',
    description: 'text[]',
    is_private: 'smallint[]',
    orientation: 'gender_section[]',
  });
  const items = new Columns<{ playlist_id: number; video_id: number; position: number }>({
    playlist_id: 'int[]',
    video_id: 'int[]',
    position: 'int[]',
  });
  for (let id = from; id <= to; id++) {
    const r = rng(ctx.seed, SALT.playlist, id);
    const title = r.pick(PLAYLIST_TITLES);
    playlists.push({
      id,
      user_id: r.int(1, ctx.size.members),
      title,
      description: `${title}: a collection picked by hand.`,
      is_private: r.chance(0.15) ? 1 : 0,
      orientation: r.pick(['str', 'str', 'str', 'she', 'gay'] as const),
    });
    const picked = new Set<number>();
    const wanted = Math.min(r.int(5, 40), ctx.size.videos);
    while (picked.size < wanted) picked.add(r.int(1, ctx.size.videos));
    [...picked].forEach((videoId, position) => {
      items.push({ playlist_id: id, video_id: videoId, position });
    });
  }
  return { playlists: playlists.toColumns(), items: items.toColumns() };
}
