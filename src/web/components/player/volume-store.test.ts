import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VOLUME,
  loadVolume,
  parseVolume,
  saveVolume,
  serializeVolume,
  VOLUME_KEY,
} from './volume-store.ts';

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      data.set(key, value);
    },
  };
}

describe('parseVolume', () => {
  it('reads a stored state', () => {
    expect(parseVolume('{"volume":0.35,"muted":true}')).toEqual({ volume: 0.35, muted: true });
    expect(parseVolume('{"volume":0,"muted":false}')).toEqual({ volume: 0, muted: false });
  });

  it('gives the defaults (full volume, sound on) when nothing is stored', () => {
    expect(DEFAULT_VOLUME).toEqual({ volume: 1, muted: false });
    expect(parseVolume(null)).toEqual(DEFAULT_VOLUME);
    expect(parseVolume(undefined)).toEqual(DEFAULT_VOLUME);
    expect(parseVolume('')).toEqual(DEFAULT_VOLUME);
  });

  it('gives the defaults for garbage', () => {
    for (const raw of ['not json', '{', '42', '"loud"', 'null', '[0.5,true]', 'true']) {
      expect(parseVolume(raw), raw).toEqual(DEFAULT_VOLUME);
    }
  });

  it('replaces each invalid field by its default and keeps the valid one', () => {
    expect(parseVolume('{"volume":1.5,"muted":true}')).toEqual({ volume: 1, muted: true });
    expect(parseVolume('{"volume":-0.1,"muted":true}')).toEqual({ volume: 1, muted: true });
    expect(parseVolume('{"volume":"0.5","muted":true}')).toEqual({ volume: 1, muted: true });
    expect(parseVolume('{"volume":0.4,"muted":"yes"}')).toEqual({ volume: 0.4, muted: false });
    expect(parseVolume('{"volume":0.4}')).toEqual({ volume: 0.4, muted: false });
  });

  it('does not share the defaults object with callers', () => {
    const state = parseVolume(null);
    state.volume = 0;
    expect(parseVolume(null).volume).toBe(1);
  });
});

describe('serializeVolume', () => {
  it('writes JSON that parses back to the same state', () => {
    const text = serializeVolume({ volume: 0.55, muted: true });
    expect(JSON.parse(text)).toEqual({ volume: 0.55, muted: true });
    expect(parseVolume(text)).toEqual({ volume: 0.55, muted: true });
  });

  it('rounds float noise and clamps to 0..1', () => {
    expect(JSON.parse(serializeVolume({ volume: 0.1 + 0.2, muted: false })).volume).toBe(0.3);
    expect(JSON.parse(serializeVolume({ volume: 3, muted: false })).volume).toBe(1);
    expect(JSON.parse(serializeVolume({ volume: -1, muted: false })).volume).toBe(0);
    expect(JSON.parse(serializeVolume({ volume: Number.NaN, muted: false })).volume).toBe(1);
  });
});

describe('loadVolume and saveVolume', () => {
  it(`keep the state under ${VOLUME_KEY}`, () => {
    const store = memoryStore();
    saveVolume({ volume: 0.25, muted: true }, store);
    expect(store.data.get('player_volume')).toBe('{"volume":0.25,"muted":true}');
    expect(loadVolume(store)).toEqual({ volume: 0.25, muted: true });
  });

  it('fall back to the defaults without storage or when it throws', () => {
    expect(loadVolume(undefined)).toEqual(DEFAULT_VOLUME);
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(loadVolume(broken)).toEqual(DEFAULT_VOLUME);
    expect(() => saveVolume({ volume: 0.5, muted: false }, broken)).not.toThrow();
  });

  it('read garbage in storage as the defaults', () => {
    expect(loadVolume(memoryStore({ player_volume: '{"volume":"max"}' }))).toEqual(DEFAULT_VOLUME);
  });
});
