import { PAGINATION } from '../../contracts/constants.ts';

// SPEC.md §2, §9: prev, next, up to 5 numbered pages, 2 neighbours on each side of the
// current page (shifted at the edges so five numbers show whenever there are five pages).

export interface PaginationModel {
  prev: number | undefined;
  next: number | undefined;
  pages: number[];
}

export function paginate(current: number, total: number): PaginationModel {
  if (total <= 1 || current < 1) return { prev: undefined, next: undefined, pages: [] };
  const page = Math.min(current, total);
  const width = Math.min(PAGINATION.maxNumbers, total);
  const first = Math.max(1, Math.min(page - PAGINATION.neighbours, total - width + 1));
  return {
    prev: page > 1 ? page - 1 : undefined,
    next: page < total ? page + 1 : undefined,
    pages: Array.from({ length: width }, (_, i) => first + i),
  };
}
