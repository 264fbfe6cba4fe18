import { describe, expect, it } from 'vitest';
import {
  checkUploadFile,
  minDurationMinutes,
  parseUploadUrl,
  parseVideoForm,
  splitTags,
  UPLOAD_RULES,
  uploadOwner,
  videoFormErrorInfo,
} from './upload.rules.ts';

describe('upload file rules (SPEC.md §5)', () => {
  const code = (name: string, size = 1000) => checkUploadFile({ name, size })[0]?.code;

  it('takes latin letters and digits before an accepted extension, in any case', () => {
    for (const name of ['clip.mp4', 'MyVideo2024.MOV', 'a.webm', 'x1.m2t', '9.3gp']) {
      expect(code(name), name).toBeUndefined();
    }
  });

  it('refuses any other character in the name', () => {
    for (const name of [
      'my video.mp4',
      'my_video.mp4',
      'my-video.mp4',
      'a.b.mp4',
      'клип.mp4',
      '.mp4',
    ]) {
      expect(code(name), name).toBe('video_bad_filename');
    }
    expect(code(`${'a'.repeat(101)}.mp4`)).toBe('video_bad_filename');
  });

  it('refuses other types and names without an extension', () => {
    for (const name of ['clip.txt', 'clip.mp3', 'clip', 'clip.']) {
      expect(code(name), name).toBe('file_invalid_type');
    }
  });

  it('refuses empty files and files over 10 GB', () => {
    expect(code('clip.mp4', 0)).toBe('video_corrupted_file');
    expect(code('clip.mp4', UPLOAD_RULES.maxBytes)).toBeUndefined();
    expect(code('clip.mp4', UPLOAD_RULES.maxBytes + 1)).toBe('video_size_limit');
    expect(code('clip.mp4', -1)).toBe('video_size_limit');
  });

  it('names the minimum length by the exclusive flag', () => {
    expect(minDurationMinutes(true)).toBe(6);
    expect(minDurationMinutes(false)).toBe(10);
  });
});

describe('upload form', () => {
  const valid = {
    title: '  Sunset   walk ',
    description: ' At dusk ',
    categories: '4,2,4',
    tags: 'dusk, Pier walk ,dusk',
    exclusive: '1',
    screenshot: '2',
  };

  it('parses a valid form', () => {
    expect(parseVideoForm(valid, false)).toEqual({
      ok: true,
      value: {
        title: 'Sunset walk',
        description: 'At dusk',
        orientation: 'str',
        categories: [4, 2],
        tags: ['dusk', 'Pier walk'],
        exclusive: true,
        isPrivate: false,
        screenshot: 2,
      },
    });
  });

  it('takes an own image instead of a frame', () => {
    const parsed = parseVideoForm({ ...valid, screenshot: '' }, true);
    expect(parsed.ok && parsed.value.screenshot).toBeUndefined();
    expect(parsed.ok).toBe(true);
  });

  it('answers every failing field', () => {
    const parsed = parseVideoForm(
      {
        title: '',
        description: 'x'.repeat(2001),
        categories: '1,2,3,4',
        tags: 'a',
        orientation: 'cats',
        exclusive: 'yes',
        screenshot: '7',
      },
      false,
    );
    expect(parsed.ok ? [] : parsed.errors).toEqual([
      { field: 'title', code: 'required' },
      { field: 'description', code: 'max_length' },
      { field: 'categories', code: 'min_max_cats' },
      { field: 'tags', code: 'min_length' },
      { field: 'screenshot', code: 'need_select_screenshot' },
      { field: 'orientation', code: 'invalid_params' },
      { field: 'exclusive', code: 'invalid_params' },
    ]);
  });

  it('refuses tags that are too many, too long or not latin', () => {
    const tags = (value: string) => {
      const parsed = parseVideoForm({ ...valid, tags: value }, false);
      return parsed.ok ? undefined : parsed.errors[0]?.code;
    };
    expect(tags(Array.from({ length: 11 }, (_, i) => `tag${i}`).join(','))).toBe('invalid_params');
    expect(tags('x'.repeat(31))).toBe('max_length');
    expect(tags('кошки')).toBe('invalid_params');
    expect(tags('')).toBeUndefined();
  });

  it('gives the messages their numbers', () => {
    expect(videoFormErrorInfo('categories', 'min_max_cats')).toEqual({ min: 1, max: 3 });
    expect(videoFormErrorInfo('title', 'min_length')).toEqual({ length: 3 });
    expect(videoFormErrorInfo('title', 'max_length')).toEqual({ length: 100 });
    expect(videoFormErrorInfo('tags', 'invalid_params')).toEqual({ max: 10 });
  });

  it('splits tags without blanks or repeats', () => {
    expect(splitTags(' a b ,, A  B, c ')).toEqual(['a b', 'c']);
  });
});

describe('upload ids', () => {
  it('name their member and nothing else passes', () => {
    expect(uploadOwner(`u42-${'0a'.repeat(16)}`)).toBe(42);
    for (const id of [`u0-${'0'.repeat(32)}`, 'u42-XYZ', `u42-${'0'.repeat(32)}/x`, '../u1', '']) {
      expect(uploadOwner(id), id).toBeUndefined();
    }
  });
});

describe('upload URLs', () => {
  const id = `u42-${'0a'.repeat(16)}`;
  const other = `u43-${'0b'.repeat(16)}`;

  it('name the upload of the path, or none for the endpoint', () => {
    expect(parseUploadUrl(`/api/upload/${id}`)).toEqual({ ok: true, id });
    expect(parseUploadUrl('/api/upload/')).toEqual({ ok: true, id: undefined });
  });

  it('refuse any query, even an empty one', () => {
    for (const url of [
      `/api/upload/${id}?x=/${other}`,
      `/api/upload/${id}?/${other}`,
      `/api/upload/${id}?`,
      `/api/upload/?x=/${other}`,
      `/api/upload/${id}#/${other}`,
    ]) {
      expect(parseUploadUrl(url), url).toEqual({ ok: false, code: 'bad_request' });
    }
  });

  it('find nothing behind encoded, doubled or extra segments', () => {
    for (const url of [
      `/api/upload/${id}%3Fx=%2F${other}`,
      `/api/upload/${id}%2F${other}`,
      `/api/upload//${other}`,
      `/api/upload/${id}/${other}`,
      `/api/upload/${id}/`,
      `/api/upload/x/../${other}`,
      `//api/upload/${other}`,
      `http://example.test/api/upload/${other}`,
      '/api/upload',
    ]) {
      expect(parseUploadUrl(url), url).toEqual({ ok: false, code: 'not_found' });
    }
  });
});
