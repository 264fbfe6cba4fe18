// Deterministic randomness: the same seed and object id always give the same values, so a
// catalogue can be generated in independent chunks (and in parallel) and still be coherent.

/** A 32-bit hash of a few integers (splitmix-style mixing). */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h ^= part | 0;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  int(minInclusive: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** `count` distinct items (fewer when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[];
}

/** mulberry32 seeded from a hash of the parts. */
export function rng(...parts: number[]): Rng {
  let state = hash32(...parts);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
    sample<T>(items: readonly T[], count: number): T[] {
      const picked = new Set<number>();
      const want = Math.min(count, items.length);
      while (picked.size < want) picked.add(Math.floor(next() * items.length));
      return [...picked].map((i) => items[i] as T);
    },
  };
}
