import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeChannel, makeUser, makeVideo } from '../../../tests/support/factories.ts';
import {
  commentsPath,
  type MembersParams,
  memberPath,
  membersPath,
  subscriptionsPath,
} from '../../contracts/members.paths.ts';
import {
  commentsResponseSchema,
  memberResponseSchema,
  membersResponseSchema,
  subscriptionsResponseSchema,
} from '../../contracts/members.schema.ts';
import { refreshCounters } from '../../db/counters.ts';

let t: TestApp;
const users: Record<string, number> = {};
let videoId = 0;
let deletedVideoId = 0;

async function get(url: string) {
  return t.app.inject({ method: 'GET', url });
}

async function names(overrides: Partial<MembersParams>) {
  const res = await get(
    membersPath({
      lifetime: 0,
      section: 'all',
      filters: {},
      sort: 'alphabetical',
      count: 96,
      page: 1,
      query: undefined,
      ...overrides,
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return membersResponseSchema.parse(res.json()).members.map((m) => m.username);
}

function yearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - 10);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database;
  const profiles: [string, string, number, number, string, number][] = [
    // username, country, gender, relationship, birth date, avatar version
    ['anna', 'de', 2, 1, yearsAgo(20), 1],
    ['boris', 'us', 1, 2, yearsAgo(25), 0],
    ['carla', 'us', 2, 3, yearsAgo(35), 1],
    ['dmitri', 'fr', 1, 1, yearsAgo(45), 0],
  ];
  for (const [username, country, gender, relationship, birth, avatar] of profiles) {
    users[username] = (await makeUser(db, { username })).id;
    await db.query(
      `UPDATE users SET country = $2, gender = $3, relationship = $4, birth_date = $5,
              avatar_version = $6, email = $1 || '@secret.example', password_hash = 'hash',
              about = 'Hello from ' || $1
        WHERE id = $7`,
      [username, country, gender, relationship, birth, avatar, users[username]],
    );
  }
  users.banned = (await makeUser(db, { username: 'banned' })).id;
  await db.query('UPDATE users SET status = 2 WHERE id = $1', [users.banned]);
  await db.query(
    `INSERT INTO friends (user_id, friend_id, status) VALUES ($1, $2, 1), ($2, $1, 1), ($1, $3, 0)`,
    [users.anna, users.boris, users.carla],
  );
  const channel = await makeChannel(db, { title: 'Night Owl' });
  await db.query(
    `INSERT INTO subscriptions (user_id, target, target_id) VALUES
       ($1, 'member', $2), ($3, 'member', $2), ($1, 'channel', $4)`,
    [users.boris, users.anna, users.carla, channel.id],
  );
  await db.query(
    `INSERT INTO wall_posts (owner_id, author_id, body) VALUES ($1, $2, 'Nice profile!'), ($1, $3, 'hidden')`,
    [users.anna, users.boris, users.banned],
  );
  videoId = (await makeVideo(db, users.anna as number)).id;
  await refreshCounters(db);
  deletedVideoId = (await makeVideo(db, users.anna as number, { statusId: 5 })).id;
  for (const [minutes, author, body] of [
    [3, users.boris, 'first comment'],
    [1, users.carla, 'newest comment'],
  ] as const) {
    await db.query(
      `INSERT INTO comments (section, object_id, user_id, body, created_at)
       VALUES ('video', $1, $2, $3, now() - make_interval(mins => $4))`,
      [videoId, author, body, minutes],
    );
  }
});

afterAll(async () => {
  await t?.close();
});

describe('members', () => {
  it('lists active members only', async () => {
    expect(await names({})).toEqual(['anna', 'boris', 'carla', 'dmitri']);
  });

  it('filters by every slot', async () => {
    expect(await names({ filters: { country: 'us' } })).toEqual(['boris', 'carla']);
    expect(await names({ filters: { gender: '2' } })).toEqual(['anna', 'carla']);
    expect(await names({ filters: { relationship: '1' } })).toEqual(['anna', 'dmitri']);
    expect(await names({ filters: { avatar: '1' } })).toEqual(['anna', 'carla']);
    expect(await names({ filters: { avatar: '2' } })).toEqual(['boris', 'dmitri']);
    expect(await names({ filters: { age: '1' } })).toEqual(['anna']);
    expect(await names({ filters: { age: '2' } })).toEqual(['boris']);
    expect(await names({ filters: { age: '4' } })).toEqual(['dmitri']);
  });

  it('lists friends, subscribers and subscriptions of a member', async () => {
    const anna = String(users.anna);
    expect(await names({ section: 'friends', filters: { object_id: anna } })).toEqual(['boris']);
    expect(await names({ section: 'subscribers', filters: { object_id: anna } })).toEqual([
      'boris',
      'carla',
    ]);
    expect(
      await names({ section: 'subscriptions', filters: { object_id: String(users.boris) } }),
    ).toEqual(['anna']);
  });

  it('searches names, treating wildcards as text', async () => {
    expect(await names({ query: 'ann' })).toEqual(['anna']);
    expect(await names({ query: '%%%' })).toEqual([]);
  });

  it('sorts and pages', async () => {
    expect((await names({ sort: 'most-popular' }))[0]).toBe('anna');
    const page = membersResponseSchema.parse(
      (
        await get(
          membersPath({
            lifetime: 0,
            section: 'all',
            filters: {},
            sort: 'alphabetical',
            count: 3,
            page: 2,
            query: undefined,
          }),
        )
      ).json(),
    );
    expect(page.members.map((m) => m.username)).toEqual(['dmitri']);
    expect(page).toMatchObject({ total_count: '4', pages: 2 });
  });

  it('sorts by recent, the community’s default (SPEC.md §2): newest members first', async () => {
    expect(await names({ sort: 'recent' })).toEqual(['dmitri', 'carla', 'boris', 'anna']);
    // Its name before SPEC.md's: still answered, as the same list.
    const old = await get('/api/json/members/0/all/filt......./latest/96/1.json');
    expect(old.statusCode).toBe(200);
    expect(membersResponseSchema.parse(old.json()).members.map((m) => m.username)).toEqual([
      'dmitri',
      'carla',
      'boris',
      'anna',
    ]);
  });

  it.each([
    ['/api/json/members/0/all/filt....../alphabetical/96/1.json', 'invalid_params'],
    ['/api/json/members/0/all/filt......../alphabetical/96/1.json', 'invalid_params'],
    ['/api/json/members/0/all/filt.usa....../alphabetical/96/1.json', 'invalid_params'],
    ['/api/json/members/0/all/filt......./oldest/96/1.json', 'invalid_sort'],
    ['/api/json/members/0/friends/filt......./latest/96/1.json', 'invalid_params'],
    ['/api/json/members/0/everyone/filt......./latest/96/1.json', 'invalid_params'],
    ['/api/json/members/0/all/filt......./latest/96/1.json?q=ab', 'invalid_params'],
    [`/api/json/members/0/all/filt......./latest/96/1.json?q=${'x'.repeat(70)}`, 'invalid_params'],
    ['/api/json/members/0/all/filt......./latest/96/1.json?q=a&q=b', 'invalid_params'],
  ])('%s is a clean 400 %s', async (url, code) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
  });
});

describe('member profile', () => {
  it('shows the public profile and never private fields', async () => {
    const res = await get(memberPath(7200, 'profile', users.anna as number));
    expect(res.headers['cache-control']).toBe('public, max-age=7200');
    const body = memberResponseSchema.parse(res.json());
    expect(body.member).toMatchObject({
      username: 'anna',
      age: '20',
      about: 'Hello from anna',
      statistics: { friends: '1', subscribers: '2', videos: expect.any(String) },
    });
    expect(body.wall).toBeUndefined();
    expect(res.body).not.toContain('secret.example');
    expect(res.body).not.toContain('hash');
    expect(res.body).not.toContain('birth');
  });

  it('shows the wall without posts of disabled members', async () => {
    const body = memberResponseSchema.parse(
      (await get(memberPath(0, 'wall', users.anna as number))).json(),
    );
    expect(body.wall?.map((p) => p.message)).toEqual(['Nice profile!']);
  });

  it('answers not_found for unknown and disabled members', async () => {
    expect((await get(memberPath(0, 'profile', 999_999))).statusCode).toBe(404);
    expect((await get(memberPath(0, 'profile', users.banned as number))).statusCode).toBe(404);
    expect((await get('/api/json/member/0/secrets/0/0/1.json')).statusCode).toBe(400);
    expect((await get('/api/json/member/0/profile/0/1000/1.json')).statusCode).toBe(400);
  });
});

describe('comments', () => {
  it('lists the comments of an object, newest first', async () => {
    const res = await get(commentsPath(3600, 'video', videoId));
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const body = commentsResponseSchema.parse(res.json());
    expect(body.comments.map((c) => c.comment)).toEqual(['newest comment', 'first comment']);
    expect(body.total_count).toBe('2');
    expect(body.comments[0]?.added_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('answers not_found for an unknown or deleted object, 400 for a bad section', async () => {
    expect((await get(commentsPath(0, 'video', 999_999))).statusCode).toBe(404);
    expect((await get(commentsPath(0, 'video', deletedVideoId))).statusCode).toBe(404);
    expect((await get(commentsPath(0, 'album', 5))).statusCode).toBe(404);
    const bad = await get('/api/json/comments/0/photos/0/0/1.json');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_params', field: 'section' });
  });
});

describe('subscriptions', () => {
  it('lists what a member subscribes to', async () => {
    const body = subscriptionsResponseSchema.parse(
      (await get(subscriptionsPath(0, users.boris as number))).json(),
    );
    expect(body.subscriptions.members.map((m) => m.username)).toEqual(['anna']);
    expect(body.subscriptions.channels.map((c) => c.title)).toEqual(['Night Owl']);
    expect(body.total_count).toBe('2');
    expect((await get(subscriptionsPath(0, 999_999))).statusCode).toBe(404);
  });
});
