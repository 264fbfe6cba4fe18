import { describe, expect, it } from 'vitest';
import { paginate } from './pagination.ts';

describe('paginate', () => {
  it('shows two neighbours on each side of the current page', () => {
    expect(paginate(10, 40)).toEqual({ prev: 9, next: 11, pages: [8, 9, 10, 11, 12] });
  });

  it('keeps five numbers at the edges', () => {
    expect(paginate(1, 40)).toEqual({ prev: undefined, next: 2, pages: [1, 2, 3, 4, 5] });
    expect(paginate(2, 40).pages).toEqual([1, 2, 3, 4, 5]);
    expect(paginate(40, 40)).toEqual({ prev: 39, next: undefined, pages: [36, 37, 38, 39, 40] });
  });

  it('shows fewer numbers when there are fewer pages, none for a single page', () => {
    expect(paginate(2, 3)).toEqual({ prev: 1, next: 3, pages: [1, 2, 3] });
    expect(paginate(1, 1).pages).toEqual([]);
    expect(paginate(1, 0).pages).toEqual([]);
  });

  it('treats a page past the end as the last page', () => {
    expect(paginate(99, 4)).toEqual({ prev: 3, next: undefined, pages: [1, 2, 3, 4] });
  });
});
