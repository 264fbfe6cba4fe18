import { z } from './zod.ts';

// Pieces every paginated private answer shares (the console's lists, the member's uploads and
// decisions): a time, and a page of rows with its count.

export const isoTimeSchema = z.string().describe('ISO 8601 date and time');

/** One page of `item`s, with the rows the list has (matching its filters) and its pages. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().describe('Rows of the list, matching its filters'),
    page: z.number().int(),
    pages: z.number().int(),
  });
