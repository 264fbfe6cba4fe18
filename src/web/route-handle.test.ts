import { describe, expect, it } from 'vitest';
import { handleChunks, hidesStrips, isVideoPageData, type RouteHandle } from './route-handle.ts';

describe('route handles', () => {
  const videos: RouteHandle = { noStrips: isVideoPageData };

  it('leaves the strips out on the video page only, not on the listings of its route', () => {
    expect(hidesStrips({ handle: videos, loaderData: { kind: 'video', id: 1 } })).toBe(true);
    expect(hidesStrips({ handle: videos, loaderData: { kind: 'listing' } })).toBe(false);
    // A failed loader leaves no data: the error page keeps the layout as it is.
    expect(hidesStrips({ handle: videos, loaderData: undefined })).toBe(false);
  });

  it('reads a plain flag, and no handle as no flag', () => {
    expect(hidesStrips({ handle: { noStrips: true }, loaderData: undefined })).toBe(true);
    expect(hidesStrips({ handle: { fullWidth: true }, loaderData: undefined })).toBe(false);
    expect(hidesStrips({ handle: undefined, loaderData: undefined })).toBe(false);
  });

  it('names the lazily loaded chunks a screen renders with, for the first paint', () => {
    const handle: RouteHandle = { chunks: (data) => (isVideoPageData(data) ? ['video.tsx'] : []) };
    expect(handleChunks(handle, { kind: 'video' })).toEqual(['video.tsx']);
    expect(handleChunks(handle, { kind: 'listing' })).toEqual([]);
    expect(handleChunks({ fullWidth: true }, undefined)).toEqual([]);
    expect(handleChunks(undefined, undefined)).toEqual([]);
  });
});
