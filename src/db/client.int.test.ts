import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database.ts';

// queryMany: the same rows as query, whichever way the engine sends them (on PGlite one JSON
// text, decision 0059), in the statement's order.

let test: TestDatabase;

beforeAll(async () => {
  test = await createTestDatabase();
});

afterAll(async () => {
  await test?.drop();
});

describe('queryMany', () => {
  it('returns the rows query returns, in the statement’s order', async () => {
    const sql = `SELECT n AS id, 'name ' || n AS title, n % 2 = 0 AS even,
                        jsonb_build_array(n, 'thumb') AS top, NULL::text AS description
                   FROM generate_series(1, 1200) n ORDER BY n % 7, n DESC`;
    const many = await test.database.queryMany<{ id: number; top: unknown[] }>(sql);
    expect(many).toHaveLength(1200);
    expect(many.slice(0, 2)).toEqual([
      { id: 1197, title: 'name 1197', even: false, top: [1197, 'thumb'], description: null },
      { id: 1190, title: 'name 1190', even: true, top: [1190, 'thumb'], description: null },
    ]);
    expect(many).toEqual(await test.database.query(sql));
  });

  it('takes parameters, and answers an empty list when nothing matches', async () => {
    const sql = 'SELECT n AS id FROM generate_series(1, 10) n WHERE n > $1 ORDER BY n';
    expect(await test.database.queryMany(sql, [8])).toEqual([{ id: 9 }, { id: 10 }]);
    expect(await test.database.queryMany(sql, [10])).toEqual([]);
  });
});
