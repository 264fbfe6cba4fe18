import { PAGE_SIZE } from '../../../contracts/constants.ts';

/**
 * Related videos come 3 pages at a time (SPEC.md §4) and are shown a page at a time: the video
 * page's loader asks for the first batch, the related videos' own code for the next.
 */
export const RELATED_FETCH = PAGE_SIZE.relatedPerPage * 3;
