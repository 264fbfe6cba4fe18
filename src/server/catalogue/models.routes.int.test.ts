import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeChannel, makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { type ChannelsParams, channelPath, channelsPath } from '../../contracts/channels.paths.ts';
import { type ModelsParams, modelPath, modelsPath } from '../../contracts/models.paths.ts';
import {
  channelResponseSchema,
  channelsResponseSchema,
  modelResponseSchema,
  modelsResponseSchema,
} from '../../contracts/models.schema.ts';
import { refreshCounters } from '../../db/counters.ts';

let t: TestApp;
let member = 0;
let velvetId = 0;

async function get(url: string) {
  return t.app.inject({ method: 'GET', url });
}

async function modelTitles(overrides: Partial<ModelsParams>) {
  const res = await get(
    modelsPath({
      lifetime: 0,
      gender: 'str',
      filters: {},
      sort: 'alphabetical',
      count: 60,
      page: 1,
      ...overrides,
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return modelsResponseSchema.parse(res.json()).models.map((m) => m.title);
}

function channels(overrides: Partial<ChannelsParams>) {
  return channelsPath({
    lifetime: 0,
    gender: 'str',
    sort: 'most-popular',
    count: 24,
    section: '',
    objectId: undefined,
    page: 1,
    ...overrides,
  });
}

async function channelTitles(overrides: Partial<ChannelsParams>) {
  const res = await get(channels(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return channelsResponseSchema.parse(res.json()).channels.map((c) => c.title);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database;
  const user = await makeUser(db);
  member = (await makeUser(db)).id;
  const models: [string, string, string, string, number, number][] = [
    // title, gender, race, country, age group, tattoo
    ['Ava Stone', 'str', 'caucasian', 'us', 2, 1],
    ['Bella Moon', 'str', 'latin', 'br', 3, 2],
    ['Cleo Park', 'str', 'asian', 'jp', 1, 2],
    ['2Fast Tina', 'str', 'ebony', 'us', 2, 2],
    ['Dean Cole', 'gay', 'caucasian', 'gb', 4, 1],
    ['Idle Ivy', 'str', 'latin', 'us', 2, 2],
  ];
  for (const [title, gender, race, country, age, tattoo] of models) {
    const dir = title.toLowerCase().replace(/\s+/g, '-');
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO models (dir, title, gender, race, country, age_group, tattoo, tits_size, hair_color)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'medium', 2) RETURNING id`,
      [dir, title, gender, race, country, age, tattoo],
    );
    if (title === 'Idle Ivy') continue; // no videos: never listed
    const videos = title === 'Bella Moon' ? 3 : 1;
    for (let i = 0; i < videos; i++) {
      const video = await makeVideo(db, user.id, {
        gender: gender as 'str' | 'gay',
        views: title === 'Cleo Park' ? 900 : 10,
        mediaVersion: 1,
      });
      await db.query('INSERT INTO video_models (video_id, model_id) VALUES ($1, $2)', [
        video.id,
        row?.id,
      ]);
    }
  }
  const velvet = await makeChannel(db, { title: 'Velvet' });
  velvetId = velvet.id;
  const amber = await makeChannel(db, { title: 'Amber' });
  await makeChannel(db, { title: 'Empty' });
  await makeVideo(db, user.id, { channelId: velvet.id, views: 5000, mediaVersion: 1 });
  await makeVideo(db, user.id, { channelId: velvet.id, views: 10, gender: 'gay' });
  await makeVideo(db, user.id, { channelId: amber.id, views: 100 });
  await db.query(`UPDATE channels SET banners = '{"cf3": "/b/3.jpg"}'::jsonb WHERE id = $1`, [
    velvet.id,
  ]);
  await db.query(
    `INSERT INTO subscriptions (user_id, target, target_id) VALUES ($1, 'channel', $2)`,
    [member, amber.id],
  );
  await refreshCounters(db);
});

afterAll(async () => {
  await t?.close();
});

describe('models', () => {
  it('lists the models of a section that have videos', async () => {
    expect(await modelTitles({})).toEqual(['2Fast Tina', 'Ava Stone', 'Bella Moon', 'Cleo Park']);
    expect(await modelTitles({ gender: 'gay' })).toEqual(['Dean Cole']);
  });

  it('filters by every kind of slot', async () => {
    expect(await modelTitles({ filters: { alphabet: 'b' } })).toEqual(['Bella Moon']);
    expect(await modelTitles({ filters: { alphabet: '0-9' } })).toEqual(['2Fast Tina']);
    expect(await modelTitles({ filters: { race: 'latin' } })).toEqual(['Bella Moon']);
    expect(await modelTitles({ filters: { country: 'us', age: '2' } })).toEqual([
      '2Fast Tina',
      'Ava Stone',
    ]);
    expect(await modelTitles({ filters: { tattoo: '1' } })).toEqual(['Ava Stone']);
    expect(await modelTitles({ filters: { hair_color: '3' } })).toEqual([]);
  });

  it('sorts and pages', async () => {
    expect((await modelTitles({ sort: 'most-videos' }))[0]).toBe('Bella Moon');
    expect((await modelTitles({ sort: 'most-popular' }))[0]).toBe('Cleo Park');
    const page = modelsResponseSchema.parse(
      (
        await get(
          modelsPath({
            lifetime: 0,
            gender: 'str',
            filters: {},
            sort: 'alphabetical',
            count: 3,
            page: 2,
          }),
        )
      ).json(),
    );
    expect(page.models.map((m) => m.title)).toEqual(['Cleo Park']);
    expect(page).toMatchObject({ total_count: '4', pages: 2 });
  });

  it('answers one model by dir with its attributes', async () => {
    const res = await get(modelPath(3600, 'bella-moon'));
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const { model } = modelResponseSchema.parse(res.json());
    expect(model).toMatchObject({
      title: 'Bella Moon',
      race: 'latin',
      age: '3',
      total_videos: '3',
      statistics: { videos: '3' },
    });
    expect((await get(modelPath(0, 'nobody-here'))).statusCode).toBe(404);
  });

  it.each([
    ['/api/json/models/0/str/filt........./alphabetical/60/1.json', 'invalid_params'],
    ['/api/json/models/0/str/filt.........../alphabetical/60/1.json', 'invalid_params'],
    ['/api/json/models/0/str/filt..martian......../alphabetical/60/1.json', 'invalid_params'],
    ['/api/json/models/0/str/filt...../alphabetical/60/1.json', 'invalid_params'],
    ['/api/json/models/0/str/filt.........../random/60/1.json', 'invalid_params'],
    ['/api/json/models/0/str/filt........../random/60/1.json', 'invalid_sort'],
    ['/api/json/models/0/str/filt........../alphabetical/60/0.json', 'invalid_params'],
    ['/api/json/models/0/zzz/filt........../alphabetical/60/1.json', 'invalid_params'],
    ['/api/json/model/0/xx/bella-moon.json', 'invalid_params'],
    [`/api/json/model/0/be/${encodeURIComponent("bella'--")}.json`, 'invalid_params'],
  ])('%s is a clean 400 %s', async (url, code) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
  });
});

describe('channels', () => {
  it('lists channels with videos, with top thumbs of the section', async () => {
    const res = await get(channels({ lifetime: 600 }));
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    const body = channelsResponseSchema.parse(res.json());
    expect(body.channels.map((c) => c.title)).toEqual(['Velvet', 'Amber']);
    expect(body.channels[0]?.toptn).toHaveLength(1);
    expect(body.channels[0]?.scr).toMatch(/preview\.jpg/);
  });

  it('sorts and pages', async () => {
    expect(await channelTitles({ sort: 'alphabetical' })).toEqual(['Amber', 'Velvet']);
    expect(await channelTitles({ sort: 'most-videos' })).toEqual(['Velvet', 'Amber']);
    expect(await channelTitles({ count: 1, page: 2 })).toEqual(['Amber']);
    expect(await channelTitles({ page: 7 })).toEqual([]);
  });

  it('lists the channels a member subscribes to', async () => {
    expect(await channelTitles({ section: 'subscribed', objectId: member })).toEqual(['Amber']);
    expect((await get(channels({ section: 'subscribed', objectId: 999_999 }))).statusCode).toBe(
      404,
    );
  });

  it('answers one channel with its banners', async () => {
    const { channel } = channelResponseSchema.parse((await get(channelPath(0, 'velvet'))).json());
    expect(channel).toMatchObject({ channel_id: String(velvetId), cf3: '/b/3.jpg', cf4: '' });
    expect((await get(channelPath(0, 'nobody'))).statusCode).toBe(404);
  });

  it.each([
    ['/api/json/channels/0/str/most-popular/24/..1.json', 'invalid_params'],
    ['/api/json/channels/0/str/weirdest-toptn/24/..1.json', 'invalid_sort'],
    ['/api/json/channels/0/str/most-popular-toptn/24/subscribed..1.json', 'invalid_params'],
    ['/api/json/channels/0/str/most-popular-toptn/24/.5.1.json', 'invalid_params'],
    ['/api/json/channels/0/str/most-popular-toptn/24/other..1.json', 'invalid_params'],
    ['/api/json/channels/0/str/most-popular-toptn/0/..1.json', 'invalid_params'],
    ['/api/json/channel/0/x/velvet.json', 'invalid_params'],
  ])('%s is a clean 400 %s', async (url, code) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code });
  });
});
