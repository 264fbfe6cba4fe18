import { describe, expect, it } from 'vitest';
import { testViewer } from '../../../tests/support/factories.ts';
import { AppError } from '../../contracts/errors.ts';
import type { ViewEvent, VoteOutcome } from './stat.repository.ts';
import { createStatService, NotifyError, VIEW_REPEAT_WINDOW_MS } from './stat.service.ts';
import type { Voter } from './voter-identity.ts';

const SECRET = 's'.repeat(32);
const member = testViewer(7, 'anna');

function setup(live = new Set([1, 2])) {
  let now = 0;
  const lookups: number[] = [];
  const votes: { objectId: number; voter: Voter; vote: 0 | 1 }[] = [];
  let outcome: VoteOutcome = { kind: 'voted', likes: 3, dislikes: 1, rating: 3.75 };
  let stored: ViewEvent[] = [];
  let storeFails = false;
  const albumViews: number[] = [];
  const service = createStatService({
    stats: {
      async castVote(_section, objectId, voter, vote) {
        votes.push({ objectId, voter, vote });
        return outcome;
      },
      async isLiveVideo(id) {
        lookups.push(id);
        return live.has(id);
      },
      async recordView(event) {
        if (storeFails) throw new Error('database unavailable');
        stored.push(event);
      },
      async countAlbumView(id) {
        if (storeFails) throw new Error('database unavailable');
        if (!live.has(id)) return false;
        albumViews.push(id);
        return true;
      },
    },
    secret: SECRET,
    now: () => now,
  });
  return {
    service,
    /** The views stored since the last call. */
    stored: () => {
      const taken = stored;
      stored = [];
      return taken;
    },
    failStore: (fails: boolean) => {
      storeFails = fails;
    },
    lookups,
    votes,
    albumViews,
    advance: (ms: number) => {
      now += ms;
    },
    answer: (next: VoteOutcome) => {
      outcome = next;
    },
  };
}

const view = (objectId: number) =>
  ({ act: 'view', section: 'video', object_id: objectId }) as const;
const vote = (v: 0 | 1) => ({ act: 'vote', section: 'video', object_id: 1, vote: v }) as const;

describe('stat service: votes', () => {
  it('answers the new counts as strings', async () => {
    const t = setup();
    await expect(t.service.vote(vote(1), null, '203.0.113.1')).resolves.toEqual({
      success: 1,
      likes: '3',
      dislikes: '1',
      rating: '3.75',
    });
  });

  it('votes a member by id and a visitor by address hash', async () => {
    const t = setup();
    await t.service.vote(vote(1), member, '203.0.113.1');
    await t.service.vote(vote(0), null, '203.0.113.1');
    expect(t.votes[0]).toEqual({ objectId: 1, voter: { userId: 7, voterHash: '' }, vote: 1 });
    expect(t.votes[1]?.voter.userId).toBe(0);
    expect(t.votes[1]?.voter.voterHash).toMatch(/^[0-9a-f]{64}$/);
    expect(t.votes[1]?.vote).toBe(0);
  });

  it('refuses a second vote as a notify code and a missing object as not_found', async () => {
    const t = setup();
    t.answer({ kind: 'already_voted' });
    const again = await t.service.vote(vote(1), null, '203.0.113.1').catch((e: unknown) => e);
    expect(again).toBeInstanceOf(NotifyError);
    expect((again as NotifyError).status).toBe(400);
    expect((again as NotifyError).toJSON()).toEqual({
      error: 'You have already voted',
      code: 'vote_already_voted',
      field: 'notify',
      codes: [{ field: 'notify', code: 'vote_already_voted' }],
    });
    t.answer({ kind: 'not_found' });
    const missing = await t.service.vote(vote(1), null, '203.0.113.1').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AppError);
    expect((missing as AppError).code).toBe('not_found');
  });
});

const visitorView = (videoId: number) => ({ videoId, userId: null, counted: true });

describe('stat service: views', () => {
  it('stores a visitor’s view once per video in 30 minutes', async () => {
    const t = setup();
    await t.service.view(view(1), null, '203.0.113.1');
    await t.service.view(view(1), null, '203.0.113.1');
    await t.service.view(view(2), null, '203.0.113.1');
    await t.service.view(view(1), null, '203.0.113.2');
    expect(t.stored()).toEqual([visitorView(1), visitorView(2), visitorView(1)]);
    t.advance(VIEW_REPEAT_WINDOW_MS - 1);
    await t.service.view(view(1), null, '203.0.113.1');
    expect(t.stored()).toEqual([]);
    t.advance(1);
    await t.service.view(view(1), null, '203.0.113.1');
    expect(t.stored()).toEqual([visitorView(1)]);
  });

  it('counts a member once but stores every view for their history', async () => {
    const t = setup();
    await t.service.view(view(1), member, '203.0.113.1');
    await t.service.view(view(1), member, '203.0.113.9');
    expect(t.stored()).toEqual([
      { videoId: 1, userId: 7, counted: true },
      { videoId: 1, userId: 7, counted: false },
    ]);
    // A visitor on the member's address is someone else.
    await t.service.view(view(1), null, '203.0.113.1');
    expect(t.stored()).toEqual([visitorView(1)]);
  });

  it('looks the country up only for a view it counts, and stores it with that view', async () => {
    const t = setup();
    let asked = 0;
    const country = () => {
      asked += 1;
      return 'fr';
    };
    await t.service.view(view(1), member, '203.0.113.1', country);
    expect(asked).toBe(1);
    // A member's repeat (history only), a visitor's repeat, a missing video: no lookup.
    await t.service.view(view(1), member, '203.0.113.1', country);
    await t.service.view(view(2), null, '203.0.113.4', country);
    await t.service.view(view(2), null, '203.0.113.4', country);
    await expect(t.service.view(view(3), null, '203.0.113.4', country)).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(asked).toBe(2);
    expect(t.stored()).toEqual([
      { videoId: 1, userId: 7, counted: true, country: 'fr' },
      { videoId: 1, userId: 7, counted: false },
      { ...visitorView(2), country: 'fr' },
    ]);
  });

  it('fails a view it could not store, and counts the next try', async () => {
    const t = setup();
    t.failStore(true);
    await expect(t.service.view(view(1), null, '203.0.113.1')).rejects.toThrow(
      'database unavailable',
    );
    t.failStore(false);
    await t.service.view(view(1), null, '203.0.113.1');
    expect(t.stored()).toEqual([visitorView(1)]);
  });

  it('refuses a missing or deleted video and looks a live one up once a minute', async () => {
    const t = setup();
    await expect(t.service.view(view(3), null, '203.0.113.1')).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(t.stored()).toEqual([]);
    await t.service.view(view(1), null, '203.0.113.1');
    await t.service.view(view(1), null, '203.0.113.2');
    expect(t.lookups).toEqual([3, 1]);
    t.advance(60_000);
    await t.service.view(view(1), null, '203.0.113.3');
    expect(t.lookups).toEqual([3, 1, 1]);
  });

  it('counts an album view once per visitor in 30 minutes, and refuses a missing album', async () => {
    const t = setup();
    const albumView = (objectId: number) =>
      ({ act: 'view', section: 'album', object_id: objectId }) as const;
    await t.service.view(albumView(1), null, '203.0.113.5');
    await t.service.view(albumView(1), null, '203.0.113.5');
    await t.service.view(albumView(1), member, '203.0.113.5');
    expect(t.albumViews).toEqual([1, 1]);
    t.advance(VIEW_REPEAT_WINDOW_MS + 1);
    await t.service.view(albumView(1), null, '203.0.113.5');
    expect(t.albumViews).toEqual([1, 1, 1]);
    // Album 1 and video 1 are different objects.
    await t.service.view(view(1), null, '203.0.113.5');
    expect(t.stored()).toHaveLength(1);
    await expect(t.service.view(albumView(9), null, '203.0.113.5')).rejects.toMatchObject({
      code: 'not_found',
    });
    // A failed count is not remembered: the next try counts.
    t.failStore(true);
    await expect(t.service.view(albumView(2), null, '203.0.113.5')).rejects.toThrow();
    t.failStore(false);
    await t.service.view(albumView(2), null, '203.0.113.5');
    expect(t.albumViews).toEqual([1, 1, 1, 2]);
  });
});
