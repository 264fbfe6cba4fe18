/** What a route tells the server and the layout about itself (its `handle`). */
export interface RouteHandle {
  /** HTTP status the server answers with when this route renders. */
  status?: number;
  /** SPEC.md §2: the main area takes the full width, without the sidebar. */
  fullWidth?: boolean;
  /**
   * The carousel and tag strip above the content are left out: on the video page they would
   * push the player down (issue 14). A function decides from the route's loader data, for
   * routes that serve more than one screen.
   */
  noStrips?: boolean | ((data: unknown) => boolean);
  /**
   * Build-manifest ids of lazily loaded modules the screen renders with, given its loader
   * data: the server links their CSS in <head>, so the first paint is already laid out.
   */
  chunks?: (data: unknown) => string[];
}

/** The lazily loaded modules a matched route renders with (see RouteHandle.chunks). */
export function handleChunks(handle: unknown, data: unknown): string[] {
  return (handle as RouteHandle | undefined)?.chunks?.(data) ?? [];
}

/** Whether a matched route asks the layout to leave out the strips above the content. */
export function hidesStrips(match: { handle: unknown; loaderData: unknown }): boolean {
  const flag = (match.handle as RouteHandle | undefined)?.noStrips;
  return typeof flag === 'function' ? flag(match.loaderData) : flag === true;
}

/** The loader data of `/videos/{id}/{dir}/`, which shares its route with the listings. */
export function isVideoPageData(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'kind' in data && data.kind === 'video';
}

/** `/videos/{id}/…` shares its shape with `/videos/{sort}/{page}/`: a number is a video. */
export const isVideoId = (segment: string | undefined): boolean =>
  segment !== undefined && /^\d+$/.test(segment);
