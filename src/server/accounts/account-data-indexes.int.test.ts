import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { MEMBER_VOTES_SQL } from './account-data.repository.ts';
import {
  dropFromListSql,
  MEMBER_VIDEO_LISTS,
  PURGE_MEMBER_VOTES_SQL,
} from './account-deletion.repository.ts';

// The export and the purge of a member's data (decision 0057) read votes by member and the
// member lists by video. Migration 0020 gave each an index; these plans, on a database with
// far more of other people's rows than the member's, must use them instead of reading the
// whole table (at a million videos votes and history hold tens of millions of rows).

let t: TestDatabase;
let member = 0;
let videoIds: number[] = [];

async function plan(sql: string, params: unknown[]): Promise<string> {
  const rows = await t.database.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

beforeAll(async () => {
  t = await createTestDatabase();
  const uploader = await makeUser(t.database);
  member = (await makeUser(t.database)).id;
  videoIds = [];
  for (let i = 0; i < 40; i++) {
    videoIds.push((await makeVideo(t.database, uploader.id, { title: `Clip ${i}` })).id);
  }
  // Visitors' votes (user_id 0, by address hash) are most of the table; the member's are few.
  await t.database.query(
    `INSERT INTO votes (section, object_id, user_id, voter_hash, vote)
     SELECT 'video', 1 + g % 5000, 0, md5(g::text), (g % 2)::smallint
       FROM generate_series(1, 20000) g`,
  );
  await t.database.query(
    `INSERT INTO votes (section, object_id, user_id, voter_hash, vote)
     SELECT 'video', g, 1000 + g % 500, '', 1 FROM generate_series(1, 5000) g`,
  );
  await t.database.query(
    `INSERT INTO votes (section, object_id, user_id, voter_hash, vote) VALUES ('video', $1, $2, '', 1)`,
    [videoIds[0], member],
  );
  // Other members' lists: many members, every video.
  await t.database.query(
    `INSERT INTO users (username, email, status)
     SELECT 'lister' || g, 'lister' || g || '@test.example', 1 FROM generate_series(1, 150) g`,
  );
  for (const table of MEMBER_VIDEO_LISTS) {
    await t.database.query(
      `INSERT INTO ${table} (user_id, video_id)
       SELECT u.id, v FROM users u, unnest($1::int[]) v WHERE u.username LIKE 'lister%'`,
      [videoIds],
    );
  }
  await t.database.exec('ANALYZE');
}, 120_000);

afterAll(async () => {
  await t?.drop();
});

describe('the member-data queries and their indexes', () => {
  it("reads a member's votes for the export through votes_user_idx", async () => {
    const text = await plan(MEMBER_VOTES_SQL, [member]);
    expect(text).toContain('votes_user_idx');
    expect(text).not.toMatch(/Seq Scan on votes/);
    // And it answers the member's vote only.
    const rows = await t.database.query<{ object_id: number }>(MEMBER_VOTES_SQL, [member]);
    expect(rows.map((row) => row.object_id)).toEqual([videoIds[0]]);
  });

  it("deletes a purged member's votes through votes_user_idx", async () => {
    const text = await plan(PURGE_MEMBER_VOTES_SQL, [member]);
    expect(text).toContain('votes_user_idx');
    expect(text).not.toMatch(/Seq Scan on votes/);
  });

  it("drops a purged member's videos from other members' lists by the lists' video index", async () => {
    for (const table of MEMBER_VIDEO_LISTS) {
      const text = await plan(dropFromListSql(table), [videoIds.slice(0, 2)]);
      expect(text).toContain(`${table}_video_idx`);
      expect(text).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
    }
  });
});
