import { describe, expect, it } from 'vitest';
import { AD_EVENTS_PER_REPORT, parseAdEvents } from './ads.paths.ts';

// The ad-event report (decision 0035): a JSON array of [kind, slot, ad], all or nothing.

describe('parseAdEvents', () => {
  it('reads impressions and clicks of known slots', () => {
    const events = [
      ['i', 'promo', 'promo-desktop'],
      ['c', 'links', 'cams'],
      ['i', 'under-player', 'offer-3'],
    ];
    expect(parseAdEvents(JSON.stringify(events))).toEqual({ ok: true, value: events });
  });

  it('refuses anything else as a whole', () => {
    const refused: unknown[] = [
      undefined,
      42,
      '',
      'not json',
      '{}',
      '[]',
      JSON.stringify([['x', 'promo', 'a']]),
      JSON.stringify([['i', 'popunder', 'a']]),
      JSON.stringify([['i', 'promo', 'Upper Case']]),
      JSON.stringify([
        ['i', 'promo', 'a'],
        ['i', 'promo'],
      ]),
      JSON.stringify([['i', 'promo', 'a', 'extra']]),
      JSON.stringify(Array.from({ length: AD_EVENTS_PER_REPORT + 1 }, () => ['i', 'promo', 'a'])),
      'x'.repeat(9000),
    ];
    for (const raw of refused) {
      expect(parseAdEvents(raw), String(raw).slice(0, 40)).toEqual({
        ok: false,
        code: 'invalid_params',
        field: 'events',
      });
    }
  });
});
