import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { demoPlan } from './demo.ts';

// What a start does about the demo (src/server/main.ts): an empty database gets it, one with
// videos goes on making the clips, and one where accounts were made before the first start
// (the staff command) is left without it rather than failing on the demo members' ids.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('the demo at start-up', () => {
  it('loads into an empty database, not beside earlier accounts, resumes with videos', async () => {
    expect(await demoPlan(t.database)).toBe('seed');
    const owner = await makeUser(t.database);
    expect(await demoPlan(t.database)).toBe('accounts-exist');
    await makeVideo(t.database, owner.id);
    expect(await demoPlan(t.database)).toBe('resume');
  });
});
