import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeCategory, makeVideo } from '../../../tests/support/factories.ts';
import { requests } from '../../../tests/support/requests.ts';
import { signInAs, type TestSession } from '../../../tests/support/session.ts';
import { signInAsStaff } from '../../../tests/support/staff.ts';
import { videoPath } from '../../contracts/paths.ts';

// A moderator fixes an upload's metadata (issue 16: "edit fixes metadata"): the page shows
// it at once (even a cached one), the counters follow the categories and tags, the old and
// new values are on record, and bad input changes nothing.

let t: TestApp;
let member: TestSession;
let moderator: TestSession;
const { get, post } = requests(() => t.app);

interface Detail {
  video: {
    title: string;
    dir: string;
    description: string;
    categories: Record<string, { title: string }>;
    tags: Record<string, { title: string }>;
  };
}

beforeAll(async () => {
  t = await createTestApp();
  member = await signInAs(t.app, t.database, 'metaowner');
  moderator = await signInAsStaff(t.app, t.database, 'moderator', 'metamoderator');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const categoryCount = async (id: number) =>
  Number(
    (
      await t.database.query<{ n: number }>(
        'SELECT videos_str AS n FROM categories WHERE id = $1',
        [id],
      )
    )[0]?.n,
  );

describe('fixing a video’s metadata', () => {
  it('replaces title, description, categories and tags, moving the counters, on record', async () => {
    const wrong = await makeCategory(t.database, 'Wrong Category');
    const right = await makeCategory(t.database, 'Right Category');
    const { id } = await makeVideo(t.database, member.userId, {
      title: 'Clikc here for free stuff',
      categoryIds: [wrong.id],
    });
    await t.database.query('UPDATE categories SET videos_str = 1 WHERE id = $1', [wrong.id]);
    const page = async () => (await get(videoPath(300, id))).json<Detail>().video;
    expect((await page()).title).toBe('Clikc here for free stuff');
    expect((await page()).title).toBe('Clikc here for free stuff');

    const res = await post(
      `/api/admin/videos/${id}`,
      {
        title: '  Sunset   beach walk ',
        description: 'A walk along the beach.',
        categories: `${right.id}`,
        tags: 'beach, sunset, Beach',
      },
      moderator,
    );
    expect(res.json()).toEqual({ success: 1 });

    const fixed = await page();
    expect(fixed).toMatchObject({
      title: 'Sunset beach walk',
      dir: 'sunset-beach-walk',
      description: 'A walk along the beach.',
    });
    expect(Object.values(fixed.categories).map((c) => c.title)).toEqual(['Right Category']);
    expect(
      Object.values(fixed.tags)
        .map((c) => c.title)
        .sort(),
    ).toEqual(['beach', 'sunset']);
    expect(await categoryCount(wrong.id)).toBe(0);
    expect(await categoryCount(right.id)).toBe(1);

    const [entry] = await t.database.query<{
      actor_name: string;
      before: { title: string; categoryIds: number[] };
      after: { title: string; categoryIds: number[]; tags: string[] };
    }>(
      `SELECT actor_name, before, after FROM audit_log
        WHERE action = 'video.edit' AND object_id = $1`,
      [id],
    );
    expect(entry).toMatchObject({
      actor_name: 'metamoderator',
      before: { title: 'Clikc here for free stuff', categoryIds: [wrong.id] },
      after: { title: 'Sunset beach walk', categoryIds: [right.id], tags: ['beach', 'sunset'] },
    });
  });

  it('keeps every cached answer when the video fixed is waiting for review', async () => {
    const category = await makeCategory(t.database, 'Queue Category');
    const shown = await makeVideo(t.database, member.userId, { title: 'Shown clip' });
    const waiting = await makeVideo(t.database, member.userId, {
      title: 'Waiting clip',
      statusId: 6,
      categoryIds: [category.id],
    });
    const title = async () => (await get(videoPath(300, shown.id))).json<Detail>().video.title;
    expect(await title()).toBe('Shown clip');
    await t.database.query('UPDATE videos SET title = $2 WHERE id = $1', [shown.id, 'Changed']);
    const res = await post(
      `/api/admin/videos/${waiting.id}`,
      { title: 'Waiting clip fixed', categories: `${category.id}` },
      moderator,
    );
    expect(res.json()).toEqual({ success: 1 });
    // Still the cached answer: no public answer showed the waiting video.
    expect(await title()).toBe('Shown clip');
  });

  it('refuses bad input, members and missing videos, changing nothing', async () => {
    const category = await makeCategory(t.database, 'Kept Category');
    const { id } = await makeVideo(t.database, member.userId, {
      title: 'Kept title',
      categoryIds: [category.id],
    });
    const bad = await post(
      `/api/admin/videos/${id}`,
      { title: '', categories: '1,2,3,4', tags: 'ok, b@d' },
      moderator,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().codes).toEqual([
      { field: 'title', code: 'required' },
      { field: 'categories', code: 'min_max_cats' },
      { field: 'tags', code: 'invalid_params' },
    ]);
    const unknown = await post(
      `/api/admin/videos/${id}`,
      { title: 'Another title', categories: '999999' },
      moderator,
    );
    expect(unknown.json().codes).toEqual([{ field: 'categories', code: 'invalid_params' }]);
    const refused = await post(
      `/api/admin/videos/${id}`,
      { title: 'Owner renames', categories: `${category.id}` },
      member,
    );
    expect(refused.json().code).toBe('no_permission');
    const missing = await post(
      '/api/admin/videos/999999',
      { title: 'Nothing here', categories: `${category.id}` },
      moderator,
    );
    expect(missing.statusCode).toBe(404);

    const [row] = await t.database.query<{ title: string }>(
      'SELECT title FROM videos WHERE id = $1',
      [id],
    );
    expect(row?.title).toBe('Kept title');
    const entries = await t.database.query(
      `SELECT 1 FROM audit_log WHERE action = 'video.edit' AND object_id = $1`,
      [id],
    );
    expect(entries).toHaveLength(0);
  });
});
