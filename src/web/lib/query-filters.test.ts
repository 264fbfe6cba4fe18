import { describe, expect, it } from 'vitest';
import { filtersQuery, readFilters } from './query-filters.ts';

const KEYS = ['race', 'age'] as const;
const accepts = (key: (typeof KEYS)[number], value: string) =>
  key === 'race' ? ['asian', 'latin'].includes(value) : /^[1-4]$/.test(value);

describe('query filters', () => {
  it('keeps only values the API accepts', () => {
    const search = new URLSearchParams('age=9&race=latin&other=x');
    expect(readFilters(search, KEYS, accepts)).toEqual({ race: 'latin' });
  });

  it('writes the filters in a fixed order, nothing when empty', () => {
    expect(filtersQuery({ age: '2', race: 'asian' }, KEYS)).toBe('?race=asian&age=2');
    expect(filtersQuery({}, KEYS)).toBe('');
  });
});
