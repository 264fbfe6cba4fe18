import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeCategory, makeUser, makeVideo, testViewer } from '../../../tests/support/factories.ts';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import errors from '../kernel/http/errors.ts';
import formBody from '../kernel/http/form-body.ts';
import { createStatRepository } from './stat.repository.ts';
import { statRoutes } from './stat.routes.ts';
import { createStatService } from './stat.service.ts';

// POST /api/stat.php on a real database. Votes go through the real app. Sessions arrive
// with the members issue, so member calls and views go through a second app on the same
// database that serves only these routes, takes the member from a test header, and folds
// stored views into the counters every 20 ms. Folding itself: stat.repository.int.test.ts;
// a crash: stat-crash.int.test.ts.

let t: TestApp;
let memberApp: FastifyInstance;
let uploader = 0;
let member = 0;

type Fields = Record<string, string>;

function post(app: FastifyInstance, fields: Fields, ip: string, headers: Fields = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/stat.php',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

const voteFields = (id: number, vote: '0' | '1'): Fields => ({
  act: 'vote',
  section: 'video',
  object_id: String(id),
  vote,
});
const viewFields = (id: number): Fields => ({
  act: 'view',
  section: 'video',
  object_id: String(id),
});

interface Counts {
  views: number;
  views_day: number;
  views_week: number;
  views_month: number;
  likes: number;
  dislikes: number;
  rating: number;
  daily: number;
}

async function counts(id: number): Promise<Counts> {
  const [row] = await t.database.query<Counts>(
    `SELECT views, views_day, views_week, views_month, likes, dislikes, rating,
            coalesce((SELECT views FROM video_views_daily
                       WHERE video_id = v.id AND day = current_date), 0) AS daily
       FROM videos v WHERE id = $1`,
    [id],
  );
  if (!row) throw new Error(`no video ${id}`);
  return row;
}

async function voteRows(): Promise<number> {
  const [row] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM votes');
  return row?.n ?? 0;
}

/** Polls (no fixed sleep) until `done` holds for what `read` returns. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > 10_000) throw new Error(`timed out at ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function storedViews(): Promise<{ video_id: number; user_id: number; counted: boolean }[]> {
  return t.database.query('SELECT video_id, user_id, counted FROM view_events ORDER BY id');
}

/** Waits until every view answered so far is folded into the counters. */
async function settle() {
  await until(storedViews, (rows) => rows.length === 0);
}

async function buildMemberApp(
  opts: { viewFoldMs: number } = { viewFoldMs: 20 },
): Promise<FastifyInstance> {
  const app = Fastify();
  // As the real app: schemas document, zod validates, JSON.stringify writes.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(errors);
  await app.register(rateLimit, { global: false });
  await app.register(formBody);
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    const id = request.headers['x-test-member'];
    if (typeof id === 'string') request.viewer = testViewer(Number(id), 'tester');
  });
  const stats = createStatRepository(t.database);
  await app.register(
    statRoutes(
      {
        stats: createStatService({ stats, secret: 'test-secret-'.repeat(3) }),
        foldViews: (limit) => stats.foldViews(limit),
      },
      opts,
    ),
  );
  await app.ready();
  return app;
}

beforeAll(async () => {
  t = await createTestApp();
  uploader = (await makeUser(t.database, { username: 'uploader' })).id;
  member = (await makeUser(t.database, { username: 'voter' })).id;
  memberApp = await buildMemberApp();
});

afterAll(async () => {
  await memberApp?.close();
  await t?.close();
});

describe('POST /api/stat.php act=vote', () => {
  it('counts a like and then a dislike from another address', async () => {
    const category = await makeCategory(t.database, 'Votes');
    const { id } = await makeVideo(t.database, uploader, { categoryIds: [category.id] });

    const like = await post(t.app, voteFields(id, '1'), '203.0.113.10');
    expect(like.statusCode, like.body).toBe(200);
    expect(like.headers['cache-control']).toBe('no-store');
    expect(like.json()).toEqual({ success: 1, likes: '1', dislikes: '0', rating: '5' });

    const dislike = await post(t.app, voteFields(id, '0'), '203.0.113.11');
    expect(dislike.statusCode, dislike.body).toBe(200);
    expect(dislike.json()).toEqual({ success: 1, likes: '1', dislikes: '1', rating: '2.5' });

    expect(await counts(id)).toMatchObject({ likes: 1, dislikes: 1, rating: 2.5 });
    // The category listing copy follows (trigger of migration 0003).
    const [link] = await t.database.query<{ likes: number; rating: number }>(
      'SELECT likes, rating FROM video_categories WHERE video_id = $1',
      [id],
    );
    expect(link).toEqual({ likes: 1, rating: 2.5 });
  });

  it('takes JSON bodies with numbers too', async () => {
    const { id } = await makeVideo(t.database, uploader, { likes: 2, dislikes: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stat.php',
      remoteAddress: '203.0.113.12',
      payload: { act: 'vote', section: 'video', object_id: id, vote: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: 1, likes: '3', dislikes: '1', rating: '3.75' });
  });

  it('refuses a second vote from the same address, whatever its value', async () => {
    const { id } = await makeVideo(t.database, uploader);
    expect((await post(t.app, voteFields(id, '1'), '203.0.113.20')).statusCode).toBe(200);
    const before = await voteRows();

    for (const value of ['1', '0'] as const) {
      const again = await post(t.app, voteFields(id, value), '203.0.113.20');
      expect(again.statusCode).toBe(400);
      expect(again.headers['cache-control']).toBe('no-store');
      expect(again.json()).toEqual({
        error: 'You have already voted',
        code: 'vote_already_voted',
        field: 'notify',
        codes: [{ field: 'notify', code: 'vote_already_voted' }],
      });
    }
    expect(await voteRows()).toBe(before);
    expect(await counts(id)).toMatchObject({ likes: 1, dislikes: 0 });
  });

  it('takes one of several votes sent at once from one address', async () => {
    const { id } = await makeVideo(t.database, uploader);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(t.app, voteFields(id, '1'), '203.0.113.22')),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await counts(id)).toMatchObject({ likes: 1, dislikes: 0 });
  });

  it('is one voter per IPv6 /64, also for an IPv4 address seen as IPv6', async () => {
    const { id } = await makeVideo(t.database, uploader);
    expect((await post(t.app, voteFields(id, '1'), '2001:db8:7:7::1')).statusCode).toBe(200);
    const sameLine = await post(t.app, voteFields(id, '1'), '2001:db8:7:7:abcd::2');
    expect(sameLine.json()).toMatchObject({ code: 'vote_already_voted' });
    expect((await post(t.app, voteFields(id, '1'), '2001:db8:7:8::1')).statusCode).toBe(200);

    expect((await post(t.app, voteFields(id, '0'), '203.0.113.21')).statusCode).toBe(200);
    const mapped = await post(t.app, voteFields(id, '0'), '::ffff:203.0.113.21');
    expect(mapped.json()).toMatchObject({ code: 'vote_already_voted' });
    expect(await counts(id)).toMatchObject({ likes: 2, dislikes: 1 });
  });

  it('votes a member by account, apart from visitors on the same address', async () => {
    const { id } = await makeVideo(t.database, uploader);
    const asMember = { 'x-test-member': String(member) };
    const first = await post(memberApp, voteFields(id, '1'), '203.0.113.30', asMember);
    expect(first.statusCode, first.body).toBe(200);
    // Another address does not make the member someone else.
    const again = await post(memberApp, voteFields(id, '0'), '203.0.113.31', asMember);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'vote_already_voted' });
    // A visitor on the member's address is not the member.
    const visitor = await post(memberApp, voteFields(id, '0'), '203.0.113.30');
    expect(visitor.statusCode, visitor.body).toBe(200);

    const rows = await t.database.query<{ user_id: number; voter_hash: string; vote: number }>(
      `SELECT user_id, voter_hash, vote FROM votes
        WHERE section = 'video' AND object_id = $1 ORDER BY user_id DESC`,
      [id],
    );
    expect(rows).toEqual([
      { user_id: member, voter_hash: '', vote: 1 },
      { user_id: 0, voter_hash: expect.stringMatching(/^[0-9a-f]{64}$/) as string, vote: 0 },
    ]);
    expect(await counts(id)).toMatchObject({ likes: 1, dislikes: 1 });
  });

  it('votes for albums', async () => {
    const [album] = await t.database.query<{ id: number }>(
      `INSERT INTO albums (user_id, dir, title, likes) VALUES ($1, 'pics', 'Pics', 3) RETURNING id`,
      [uploader],
    );
    const res = await post(
      t.app,
      { act: 'vote', section: 'album', object_id: String(album?.id), vote: '0' },
      '203.0.113.40',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: 1, likes: '3', dislikes: '1', rating: '3.75' });
  });

  it('answers not_found for a missing or deleted video and records nothing', async () => {
    const { id } = await makeVideo(t.database, uploader, { statusId: VIDEO_STATUS.deleted });
    const before = await voteRows();
    for (const objectId of [id, 2_000_000_000]) {
      const res = await post(t.app, voteFields(objectId, '1'), '203.0.113.50');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', field: 'object_id' });
    }
    expect(await voteRows()).toBe(before);
    expect(await counts(id)).toMatchObject({ likes: 0, dislikes: 0 });
  });
});

describe('POST /api/stat.php act=view', () => {
  it('answers and counts the view in the counters within a fold', async () => {
    const { id } = await makeVideo(t.database, uploader, { views: 10, viewsDay: 4 });
    const res = await post(memberApp, viewFields(id), '203.0.113.60');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ success: 1 });
    const after = await until(
      () => counts(id),
      (c) => c.views === 11,
    );
    expect(after).toMatchObject({
      views: 11,
      views_day: 5,
      views_week: 5,
      views_month: 5,
      daily: 1,
    });
  });

  it('counts a visitor once per video in 30 minutes', async () => {
    const { id } = await makeVideo(t.database, uploader);
    for (const ip of ['203.0.113.61', '203.0.113.61', '203.0.113.62', '203.0.113.61']) {
      const res = await post(memberApp, viewFields(id), ip);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: 1 });
    }
    await settle();
    expect(await counts(id)).toMatchObject({ views: 2, daily: 2 });
  });

  it('writes a member’s history and counts the member once', async () => {
    const { id } = await makeVideo(t.database, uploader);
    const asMember = { 'x-test-member': String(member) };
    const started = Date.now();
    for (const ip of ['203.0.113.70', '203.0.113.71']) {
      expect((await post(memberApp, viewFields(id), ip, asMember)).statusCode).toBe(200);
    }
    await settle();
    const rows = await t.database.query<{ viewed_at: Date }>(
      'SELECT viewed_at FROM history WHERE user_id = $1 AND video_id = $2',
      [member, id],
    );
    expect(rows).toHaveLength(1);
    expect(new Date(rows[0]?.viewed_at ?? 0).getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(await counts(id)).toMatchObject({ views: 1 });
  });

  it('answers not_found for a missing or deleted video', async () => {
    const { id } = await makeVideo(t.database, uploader, { statusId: VIDEO_STATUS.deleted });
    for (const objectId of [id, 2_000_000_000]) {
      const res = await post(t.app, viewFields(objectId), '203.0.113.80');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', field: 'object_id' });
    }
    expect(await counts(id)).toMatchObject({ views: 0 });
  });

  it('has counted every view it answered once the app is closed', async () => {
    const app = await buildMemberApp({ viewFoldMs: 3_600_000 });
    const { id } = await makeVideo(t.database, uploader);
    const asMember = { 'x-test-member': String(member) };
    expect((await post(app, viewFields(id), '203.0.113.90')).statusCode).toBe(200);
    expect((await post(app, viewFields(id), '203.0.113.90', asMember)).statusCode).toBe(200);
    await app.close();
    expect(await counts(id)).toMatchObject({ views: 2, daily: 2 });
    const history = await t.database.query(
      'SELECT 1 FROM history WHERE user_id = $1 AND video_id = $2',
      [member, id],
    );
    expect(history).toHaveLength(1);
  });
});

describe('POST /api/stat.php: bad input', () => {
  const cases: [string, Fields, string][] = [
    ['no fields', {}, 'act'],
    ['an unknown act', { act: 'like', section: 'video', object_id: '1', vote: '1' }, 'act'],
    [
      'a comment on an unknown section',
      { act: 'comm', section: 'planet', object_id: '1', msg: 'hello there' },
      'section',
    ],
    ['no section', { act: 'vote', object_id: '1', vote: '1' }, 'section'],
    [
      'a section without votes',
      { act: 'vote', section: 'model', object_id: '1', vote: '1' },
      'section',
    ],
    ['a view of a playlist', { act: 'view', section: 'playlist', object_id: '1' }, 'section'],
    ['no object_id', { act: 'vote', section: 'video', vote: '1' }, 'object_id'],
    ['object_id 0', { act: 'vote', section: 'video', object_id: '0', vote: '1' }, 'object_id'],
    ['a text object_id', { act: 'view', section: 'video', object_id: 'abc' }, 'object_id'],
    ['a huge object_id', { act: 'view', section: 'video', object_id: '99999999999' }, 'object_id'],
    ['no vote', { act: 'vote', section: 'video', object_id: '1' }, 'vote'],
    ['vote 2', { act: 'vote', section: 'video', object_id: '1', vote: '2' }, 'vote'],
    ['vote like', { act: 'vote', section: 'video', object_id: '1', vote: 'like' }, 'vote'],
  ];

  it.each(cases)(
    '%s answers 400 invalid_params and changes nothing',
    async (_name, fields, field) => {
      const { id } = await makeVideo(t.database, uploader);
      const body = { ...fields };
      if (body.object_id === '1') body.object_id = String(id);
      const before = await voteRows();
      const res = await post(t.app, body, '203.0.113.100');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ error: 'Invalid parameters', code: 'invalid_params', field });
      expect(await voteRows()).toBe(before);
      expect(await counts(id)).toMatchObject({ likes: 0, dislikes: 0, views: 0 });
    },
  );

  it('refuses bodies that are not objects or not forms', async () => {
    const array = await t.app.inject({
      method: 'POST',
      url: '/api/stat.php',
      remoteAddress: '203.0.113.101',
      payload: [{ act: 'vote' }],
    });
    expect(array.statusCode).toBe(400);
    expect(array.json()).toMatchObject({ code: 'invalid_params', field: 'act' });

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/stat.php',
      remoteAddress: '203.0.113.101',
      headers: { 'content-type': 'text/plain' },
      payload: 'act=vote&section=video&object_id=1&vote=1',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'invalid_params', field: 'act' });

    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/stat.php',
      remoteAddress: '203.0.113.101',
      headers: { 'content-type': 'application/xml' },
      payload: '<act>vote</act>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ code: 'bad_request' });

    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/stat.php',
      remoteAddress: '203.0.113.101',
      headers: { 'content-type': 'application/json' },
      payload: '{"act":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'bad_request' });
  });

  it('limits votes to 60 a minute per address, apart from views', async () => {
    const ip = '203.0.113.110';
    const badVote = { act: 'vote', section: 'video', object_id: '1', vote: 'x' };
    for (let i = 0; i < 60; i++) {
      expect((await post(t.app, badVote, ip)).statusCode).toBe(400);
    }
    const limited = await post(t.app, badVote, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    const { id } = await makeVideo(t.database, uploader);
    const view = await post(t.app, viewFields(id), ip);
    expect(view.statusCode, view.body).toBe(200);
  });
});
