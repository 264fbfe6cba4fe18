import { describe, expect, it } from 'vitest';
import {
  checkPlaylistForm,
  emptyPlaylist,
  type PlaylistFormValues,
  playlistFields,
  playlistValuesOf,
  toggleCategory,
} from './playlist-form.rules.ts';

const valid: PlaylistFormValues = {
  title: 'Best of',
  desc: 'Five!',
  visible: '1',
  orientation: 'str',
  categories: [],
};

const codes = (values: PlaylistFormValues) =>
  checkPlaylistForm(values).map(({ field, code }) => `${field}:${code}`);

describe('checkPlaylistForm (SPEC.md §5: title 3-100, description 5-500, up to 3 categories)', () => {
  it('accepts the bounds', () => {
    expect(codes(valid)).toEqual([]);
    expect(codes({ ...valid, title: 'a'.repeat(100), desc: 'b'.repeat(500) })).toEqual([]);
  });

  it('asks for both texts', () => {
    expect(codes({ ...valid, title: '  ', desc: '' })).toEqual(['title:required', 'desc:required']);
  });

  it('refuses texts too short or too long, spaces around not counted', () => {
    expect(codes({ ...valid, title: ' ab ', desc: 'abcd ' })).toEqual([
      'title:min_length',
      'desc:min_length',
    ]);
    expect(codes({ ...valid, title: 'a'.repeat(101), desc: 'b'.repeat(501) })).toEqual([
      'title:max_length',
      'desc:max_length',
    ]);
  });

  it('refuses a fourth category', () => {
    const four = ['1', '2', '3', '4'].map((id) => ({ id, title: id }));
    expect(codes({ ...valid, categories: four })).toEqual(['categories:min_max_cats']);
  });
});

describe('playlistFields', () => {
  it('sends trimmed texts, visibility, orientation and comma-separated category ids', () => {
    expect(
      playlistFields({
        title: ' Mine ',
        desc: ' All the best\n',
        visible: '0',
        orientation: 'gay',
        categories: [
          { id: '4', title: 'Four' },
          { id: '12', title: 'Twelve' },
        ],
      }),
    ).toEqual({
      title: 'Mine',
      desc: 'All the best',
      visible: '0',
      orientation: 'gay',
      categories: '4,12',
    });
  });

  it('sends no categories as an empty value', () => {
    expect(playlistFields(valid).categories).toBe('');
  });
});

describe('form values', () => {
  it('start public and straight unless told', () => {
    expect(emptyPlaylist()).toEqual({
      title: '',
      desc: '',
      visible: '1',
      orientation: 'str',
      categories: [],
    });
    expect(emptyPlaylist('she').orientation).toBe('she');
  });

  it('of a private playlist are not visible, with its categories', () => {
    expect(
      playlistValuesOf({
        title: 'T',
        description: 'D',
        private: '1',
        orientation: 'she',
        categories: [{ id: '3', dir: 'three', title: 'Three' }],
      }),
    ).toEqual({
      title: 'T',
      desc: 'D',
      visible: '0',
      orientation: 'she',
      categories: [{ id: '3', title: 'Three' }],
    });
  });
});

describe('toggleCategory', () => {
  const a = { id: '1', title: 'A' };
  const b = { id: '2', title: 'B' };
  const c = { id: '3', title: 'C' };
  const d = { id: '4', title: 'D' };

  it('adds and removes', () => {
    expect(toggleCategory([], a)).toEqual([a]);
    expect(toggleCategory([a, b], a)).toEqual([b]);
  });

  it('adds no fourth, but still removes when full', () => {
    expect(toggleCategory([a, b, c], d)).toEqual([a, b, c]);
    expect(toggleCategory([a, b, c], b)).toEqual([a, c]);
  });
});
