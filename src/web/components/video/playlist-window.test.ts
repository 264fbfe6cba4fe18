import { describe, expect, it } from 'vitest';
import {
  lastStart,
  nextInPlaylist,
  pageOf,
  pagesForWindow,
  stepWindow,
  windowStartFor,
} from './playlist-window.ts';

const items = ['5', '9', '2', '7'].map((video_id) => ({ video_id, dir: `v${video_id}` }));

describe('nextInPlaylist', () => {
  it('gives the item after the current one', () => {
    expect(nextInPlaylist(items, 5)).toEqual({ video_id: '9', dir: 'v9' });
    expect(nextInPlaylist(items, '2')).toEqual({ video_id: '7', dir: 'v7' });
  });

  it('gives nothing after the last item, for an unknown id or an empty list', () => {
    expect(nextInPlaylist(items, 7)).toBeUndefined();
    expect(nextInPlaylist(items, 1)).toBeUndefined();
    expect(nextInPlaylist([], 5)).toBeUndefined();
  });
});

describe('window positions (8 visible)', () => {
  it('puts the current item in the block of 8 it belongs to', () => {
    expect(windowStartFor(0, 8, 100)).toBe(0);
    expect(windowStartFor(7, 8, 100)).toBe(0);
    expect(windowStartFor(8, 8, 100)).toBe(8);
    expect(windowStartFor(61, 8, 100)).toBe(56);
  });

  it('keeps the window full at the end of the playlist', () => {
    expect(windowStartFor(98, 8, 100)).toBe(92);
    expect(windowStartFor(3, 8, 5)).toBe(0);
    expect(lastStart(5, 8)).toBe(0);
  });

  it('steps by 8 and stops at both ends', () => {
    expect(stepWindow(0, 1, 8, 100)).toBe(8);
    expect(stepWindow(8, -1, 8, 100)).toBe(0);
    expect(stepWindow(0, -1, 8, 100)).toBe(0);
    expect(stepWindow(88, 1, 8, 100)).toBe(92);
    expect(stepWindow(92, 1, 8, 100)).toBe(92);
    expect(stepWindow(3, -1, 8, 100)).toBe(0);
  });
});

describe('pages of 60', () => {
  it('maps positions to pages', () => {
    expect(pageOf(0, 60)).toBe(1);
    expect(pageOf(59, 60)).toBe(1);
    expect(pageOf(60, 60)).toBe(2);
  });

  it('loads only the first page inside it', () => {
    expect(pagesForWindow(0, 8, 60, 200)).toEqual([1]);
    expect(pagesForWindow(40, 8, 60, 200)).toEqual([1]);
  });

  it('loads the next page once the window reaches the end of the loaded one', () => {
    // Window 48-55; one step on is 56-63, on page 2.
    expect(pagesForWindow(48, 8, 60, 200)).toEqual([1, 2]);
    expect(pagesForWindow(56, 8, 60, 200)).toEqual([1, 2]);
  });

  it('loads the previous page once the window reaches the start of the loaded one', () => {
    expect(pagesForWindow(64, 8, 60, 200)).toEqual([1, 2]);
    expect(pagesForWindow(72, 8, 60, 200)).toEqual([2]);
  });

  it('asks for nothing past the end', () => {
    expect(pagesForWindow(48, 8, 60, 60)).toEqual([1]);
    expect(pagesForWindow(0, 8, 60, 0)).toEqual([]);
  });
});
