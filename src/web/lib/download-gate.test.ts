import { describe, expect, it } from 'vitest';
import {
  defaultFile,
  downloadHref,
  type GateState,
  gateReducer,
  initialGate,
  telegramUrl,
} from './download-gate.ts';

const T0 = 1_000_000;

describe('gateReducer', () => {
  const counting = gateReducer(initialGate, { type: 'subscribe', now: T0 });

  it('starts a 10 s wait on subscribe', () => {
    expect(initialGate).toEqual({ phase: 'idle' });
    expect(counting).toEqual({ phase: 'counting', until: T0 + 10_000, remaining: 10 });
  });

  it('does not restart the wait on a second subscribe', () => {
    const later = gateReducer(counting, { type: 'tick', now: T0 + 4_000 });
    expect(gateReducer(later, { type: 'subscribe', now: T0 + 4_000 })).toBe(later);
    const ready: GateState = { phase: 'ready' };
    expect(gateReducer(ready, { type: 'subscribe', now: T0 })).toBe(ready);
  });

  it('counts whole seconds down to the deadline', () => {
    expect(gateReducer(counting, { type: 'tick', now: T0 + 1 })).toBe(counting);
    expect(gateReducer(counting, { type: 'tick', now: T0 + 1_000 })).toMatchObject({
      remaining: 9,
    });
    expect(gateReducer(counting, { type: 'tick', now: T0 + 9_001 })).toMatchObject({
      remaining: 1,
    });
  });

  it('becomes ready at 10 s, however late the tick comes', () => {
    expect(gateReducer(counting, { type: 'tick', now: T0 + 9_999 })).toMatchObject({
      phase: 'counting',
    });
    expect(gateReducer(counting, { type: 'tick', now: T0 + 10_000 })).toEqual({ phase: 'ready' });
    expect(gateReducer(counting, { type: 'tick', now: T0 + 60_000 })).toEqual({ phase: 'ready' });
  });

  it('ignores ticks before subscribing', () => {
    expect(gateReducer(initialGate, { type: 'tick', now: T0 + 60_000 })).toBe(initialGate);
  });
});

describe('telegramUrl', () => {
  it('uses the configured channel when there is one', () => {
    expect(telegramUrl({ name: 'Afterglow', telegramUrl: 'https://t.me/glow_news' })).toBe(
      'https://t.me/glow_news',
    );
  });

  it('falls back to the site name, lowercased, for anything else', () => {
    expect(telegramUrl({ name: 'Afterglow' })).toBe('https://t.me/afterglow');
    expect(telegramUrl({ name: 'After Glow!', telegramUrl: 42 })).toBe('https://t.me/afterglow');
    expect(telegramUrl({ name: 'Afterglow', telegramUrl: 'javascript:alert(1)' })).toBe(
      'https://t.me/afterglow',
    );
  });
});

describe('downloadHref', () => {
  it('adds the download flag to the file path', () => {
    expect(downloadHref('/get_file/abc/0/42/42/42_hq.mp4/')).toBe(
      '/get_file/abc/0/42/42/42_hq.mp4/?download=1',
    );
    expect(downloadHref('/get_file/x/?t=1')).toBe('/get_file/x/?t=1&download=1');
  });

  it('refuses anything but a path on this host', () => {
    expect(downloadHref(undefined)).toBeUndefined();
    expect(downloadHref('')).toBeUndefined();
    expect(downloadHref('https://elsewhere.test/file.mp4')).toBeUndefined();
    expect(downloadHref('//elsewhere.test/file.mp4')).toBeUndefined();
    expect(downloadHref('/\\elsewhere.test/file.mp4')).toBeUndefined();
  });
});

describe('defaultFile', () => {
  it('takes the entry marked default, wherever it stands, never the trailer first in line', () => {
    const list = [
      { format: '_tr.mp4', is_default: 0 },
      { format: '_lq.mp4', is_default: 0 },
      { format: '_hq.mp4', is_default: 1 },
    ];
    expect(defaultFile(list)?.format).toBe('_hq.mp4');
    expect(defaultFile([...list].reverse())?.format).toBe('_hq.mp4');
  });

  it('takes nothing when no entry is the default', () => {
    expect(defaultFile([{ format: '_tr.mp4', is_default: 0 }])).toBeUndefined();
    expect(defaultFile([])).toBeUndefined();
  });
});
