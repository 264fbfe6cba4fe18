import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app.ts';
import { makeVideo } from '../../../../tests/support/factories.ts';
import { requests } from '../../../../tests/support/requests.ts';
import { signInAs, type TestSession } from '../../../../tests/support/session.ts';
import { signInAsStaff } from '../../../../tests/support/staff.ts';
import { videoPath } from '../../../contracts/paths.ts';

// Two processes of one site (decision 0050): each app holds its own response cache and
// session lookups, and they share the database. What one process forgets, the other forgets
// at once: a takedown made on `a` is not served from `b`'s warm cache, and a member whose
// sessions `a` ended is signed out on `b` too, not 30 seconds later.

let a: TestApp;
let b: TestApp;
let member: TestSession;
let moderator: TestSession;

const onA = requests(() => a.app);
const onB = requests(() => b.app);

const BUS = { CACHE_BUS: 'on', APP_SECRET: 'forget-bus-test-secret-0123456789abcdef' };

beforeAll(async () => {
  a = await createTestApp({ env: BUS });
  b = await createTestApp({ env: BUS, database: a.database });
  member = await signInAs(a.app, a.database, 'busmember');
  moderator = await signInAsStaff(a.app, a.database, 'moderator', 'busmoderator');
}, 60_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** Waits until `read` answers `want` (the notification travels through the database). */
async function until<T>(read: () => Promise<T>, want: T): Promise<void> {
  await expect.poll(read, { timeout: 5000, interval: 20 }).toEqual(want);
}

describe('the forget bus', () => {
  it('a takedown on one process empties the other process’s warm cache', async () => {
    const { id } = await makeVideo(a.database, member.userId, { title: 'Shared clip' });
    const status = async () =>
      (await onB.get(videoPath(300, id))).json<{ video: { status_id: string } }>().video.status_id;
    expect(await status()).toBe('1');
    // Served from b's cache now: the database change alone would not show.
    await b.database.query('UPDATE videos SET title = $2 WHERE id = $1', [id, 'Renamed']);
    const title = async () =>
      (await onB.get(videoPath(300, id))).json<{ video: { title: string } }>().video.title;
    expect(await title()).toBe('Shared clip');

    const res = await onA.post(
      '/api/admin/takedowns',
      { object_type: 'video', object_id: String(id), reason: 'copyright' },
      moderator,
    );
    expect(res.statusCode).toBe(200);
    await until(status, '5');
  });

  it('sessions ended on one process are signed out on the other at once', async () => {
    const me = async () => (await onB.get('/api/admin/me', member)).json<{ code?: string }>().code;
    // A member is refused the console, but signed in: `no_permission`, not `need_auth`.
    expect(await me()).toBe('no_permission');
    expect(await me()).toBe('no_permission');
    await a.database.query('DELETE FROM sessions WHERE user_id = $1', [member.userId]);
    // b still holds the lookup for up to 30 s; a forgetting the member tells b.
    expect(await me()).toBe('no_permission');
    a.app.sessions.forget(member.userId);
    await until(me, 'need_auth');
  });
});
