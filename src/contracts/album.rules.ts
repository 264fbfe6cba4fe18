import type { FieldError } from './auth.rules.ts';
import { slugify } from './format.ts';
import { parseId } from './paths.ts';
import { PROFILE_IMAGES } from './profile.rules.ts';

// `POST /api/album_edit.php` (SPEC.md §7): a member's own photo albums. `section` says what
// to do, as input.php's do: `new` makes an album, `add` uploads photos into one, `upd`
// changes it (the fields given; cover and photo order too), `rem` takes one photo out, `del`
// deletes the album. Shared by the server (parsing) and the album screens (checking before
// the call). Form values arrive as strings; anything else counts as missing.

/**
 * Photo albums' limits. Ours, not SPEC.md's: kept here rather than in constants.ts, which
 * ships with every page's first paint, as profile.rules.ts keeps the profile's. The
 * title's bounds are the playlist's; the description may be empty. A page of 100 photos is
 * what an album page shows at once; 10 files a call, each read as it arrives.
 */
export const ALBUM_LIMITS = {
  titleMin: 3,
  titleMax: 100,
  descriptionMax: 500,
  photosMax: 100,
  filesPerRequest: 10,
} as const;

export const ALBUM_EDIT_SECTIONS = ['new', 'add', 'upd', 'rem', 'del'] as const;
export type AlbumEditSection = (typeof ALBUM_EDIT_SECTIONS)[number];

/**
 * The photos an album takes: the avatar's byte and pixel bounds (docs/decisions/0017), but
 * only the three formats every browser shows, told by their bytes, never by the name.
 */
export const ALBUM_PHOTOS = {
  maxBytes: PROFILE_IMAGES.maxBytes,
  min: PROFILE_IMAGES.avatarMin,
  accept: 'image/jpeg,image/png,image/webp',
} as const;

export interface AlbumFields {
  title: string;
  desc: string;
  private: 0 | 1;
}

export type AlbumEditRequest =
  | { section: 'new'; fields: AlbumFields }
  | { section: 'add'; albumId: number }
  | {
      section: 'upd';
      albumId: number;
      /** Only the fields the call gives change. */
      fields: Partial<AlbumFields>;
      coverPhotoId?: number;
      /** Every photo of the album, in the new order. */
      order?: number[];
    }
  | { section: 'rem'; albumId: number; photoId: number }
  | { section: 'del'; albumId: number };

export type AlbumEditParse =
  | { ok: true; value: AlbumEditRequest }
  | { ok: false; errors: FieldError[] };

/** Title 3-100 (as a playlist's), one line; description up to 500, may be empty. */
export function checkAlbumFields(input: { title?: string; desc?: string }): FieldError[] {
  const errors: FieldError[] = [];
  if (input.title !== undefined) {
    const title = cleanTitle(input.title);
    if (title === '') errors.push({ field: 'title', code: 'required' });
    else if (title.length < ALBUM_LIMITS.titleMin)
      errors.push({ field: 'title', code: 'min_length' });
    else if (title.length > ALBUM_LIMITS.titleMax)
      errors.push({ field: 'title', code: 'max_length' });
  }
  if (input.desc !== undefined && input.desc.trim().length > ALBUM_LIMITS.descriptionMax) {
    errors.push({ field: 'desc', code: 'max_length' });
  }
  return errors;
}

/** The `{length}` of a title or description failure, for its message. */
export function albumErrorInfo(field: string, code: string): Record<string, number> | undefined {
  if (field === 'title' && code === 'min_length') return { length: ALBUM_LIMITS.titleMin };
  if (field === 'title' && code === 'max_length') return { length: ALBUM_LIMITS.titleMax };
  if (field === 'desc' && code === 'max_length') return { length: ALBUM_LIMITS.descriptionMax };
  return undefined;
}

/** A title as stored: trimmed, on one line. */
export const cleanTitle = (title: string) => title.replace(/\s+/g, ' ').trim();

/** The album's address segment from its title (`/albums/{id}/{dir}/`). */
export function albumDirOf(title: string): string {
  const slug = slugify(title);
  // slugify falls back to 'video' for a title of no latin letters or digits.
  return slug === 'video' && !/video/i.test(title) ? 'album' : slug;
}

const idField = (value: unknown) => (typeof value === 'string' ? parseId(value) : undefined);

/** Parses an album_edit.php form: the first failing of section and ids, then the fields. */
export function parseAlbumEdit(raw: unknown): AlbumEditParse {
  const body = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const fail = (field: string, code: FieldError['code'] = 'invalid_params'): AlbumEditParse => ({
    ok: false,
    errors: [{ field, code }],
  });
  const text = (name: string): string | undefined =>
    typeof body[name] === 'string' ? (body[name] as string) : undefined;
  const section = text('section');
  if (!section || !(ALBUM_EDIT_SECTIONS as readonly string[]).includes(section)) {
    return fail('section');
  }
  if (section === 'new') {
    const fields = { title: text('title') ?? '', desc: text('desc') ?? '' };
    const errors = checkAlbumFields(fields);
    const visibility = privateOf(text('private'), 0);
    if (visibility === undefined) errors.push({ field: 'private', code: 'invalid_params' });
    if (errors.length > 0) return { ok: false, errors };
    return {
      ok: true,
      value: {
        section,
        fields: {
          title: cleanTitle(fields.title),
          desc: fields.desc.trim(),
          private: visibility as 0 | 1,
        },
      },
    };
  }
  const albumId = idField(body.album_id);
  if (albumId === undefined) return fail('album_id', body.album_id ? 'invalid_params' : 'required');
  switch (section as Exclude<AlbumEditSection, 'new'>) {
    case 'add':
      return { ok: true, value: { section: 'add', albumId } };
    case 'del':
      return { ok: true, value: { section: 'del', albumId } };
    case 'rem': {
      const photoId = idField(body.photo_id);
      if (photoId === undefined) return fail('photo_id');
      return { ok: true, value: { section: 'rem', albumId, photoId } };
    }
    case 'upd':
      return parseUpdate(albumId, text);
  }
}

/** `private`: '1' or '0'; `fallback` when left out or empty. */
function privateOf(value: string | undefined, fallback: 0 | 1 | undefined): 0 | 1 | undefined {
  if (value === undefined || value === '') return fallback;
  return value === '1' ? 1 : value === '0' ? 0 : undefined;
}

function parseUpdate(albumId: number, text: (name: string) => string | undefined): AlbumEditParse {
  const title = text('title');
  const desc = text('desc');
  const errors = checkAlbumFields({ title, desc });
  const fields: Partial<AlbumFields> = {};
  if (title !== undefined) fields.title = cleanTitle(title);
  if (desc !== undefined) fields.desc = desc.trim();
  const visibility = text('private');
  if (visibility !== undefined) {
    const value = privateOf(visibility, undefined);
    if (value === undefined) errors.push({ field: 'private', code: 'invalid_params' });
    else fields.private = value;
  }
  let coverPhotoId: number | undefined;
  const cover = text('cover_photo_id');
  if (cover !== undefined) {
    coverPhotoId = parseId(cover);
    if (coverPhotoId === undefined)
      errors.push({ field: 'cover_photo_id', code: 'invalid_params' });
  }
  let order: number[] | undefined;
  const orderText = text('order');
  if (orderText !== undefined) {
    const parts = orderText.split(',').map((part) => parseId(part.trim()));
    const ids = parts.filter((id): id is number => id !== undefined);
    if (
      ids.length !== parts.length ||
      ids.length === 0 ||
      ids.length > ALBUM_LIMITS.photosMax ||
      new Set(ids).size !== ids.length
    ) {
      errors.push({ field: 'order', code: 'invalid_params' });
    } else {
      order = ids;
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      section: 'upd',
      albumId,
      fields,
      ...(coverPhotoId !== undefined ? { coverPhotoId } : {}),
      ...(order !== undefined ? { order } : {}),
    },
  };
}
