import type { FieldError } from './auth.rules.ts';
import { CATEGORY_SELECTION_MAX, GENDERS, type Gender, UPLOAD_MAX_BYTES } from './constants.ts';
import { parseId } from './paths.ts';

// Member uploads (SPEC.md §5 "Upload", §9): which files are taken and what the form asks.
// Shared by the server (it decides) and the upload screen (it says so before any byte is
// sent). docs/decisions/0015-uploads.md tells the whole flow.

/** SPEC.md §5: the accepted file types, by extension. */
export const UPLOAD_EXTENSIONS = [
  '3gp',
  'mp4',
  'mov',
  'asf',
  'flv',
  'mpg',
  'avi',
  'mpeg',
  'wmv',
  'rm',
  'dat',
  'mkv',
  'vob',
  'm2v',
  'm2t',
  'm4v',
  'f4v',
  'mts',
  'webm',
] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

export const UPLOAD_RULES = {
  /** SPEC.md §9: 10 GB. */
  maxBytes: UPLOAD_MAX_BYTES,
  /** Longest base name (without the extension) taken. */
  nameMax: 100,
  /** SPEC.md §5, §9: 6 minutes for a video exclusive to the site, 10 otherwise. */
  minDurationS: { exclusive: 6 * 60, regular: 10 * 60 },
  titleMin: 3,
  titleMax: 100,
  descriptionMax: 2000,
  /** SPEC.md §5 "category count between a minimum and maximum"; the site's maximum is 3. */
  categoriesMin: 1,
  categoriesMax: CATEGORY_SELECTION_MAX,
  tagsMax: 10,
  tagMin: 2,
  tagMax: 30,
  /** Frames offered as the preview once the file is in. */
  screenshots: 6,
  /** An own preview image: at most this large, at least this size. */
  previewMaxBytes: 10 * 1024 * 1024,
  previewMin: { width: 320, height: 180 },
} as const;

/** The minimum length of a video, in minutes, for the message of `video_too_short`. */
export function minDurationMinutes(exclusive: boolean): number {
  return (exclusive ? UPLOAD_RULES.minDurationS.exclusive : UPLOAD_RULES.minDurationS.regular) / 60;
}

/** A file's base name and lower-cased extension (`''` when it has none). */
export function splitFileName(name: string): { base: string; ext: string } {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return { base: name, ext: '' };
  return { base: name.slice(0, dot), ext: name.slice(dot + 1).toLowerCase() };
}

export function isUploadExtension(ext: string): ext is UploadExtension {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(ext);
}

const BASE_NAME = /^[A-Za-z0-9]+$/;

/**
 * SPEC.md §5 "file name only latin letters and digits", read literally: the name before the
 * extension is made of A-Z, a-z and 0-9 only (no spaces, dots, dashes, underscores or other
 * scripts), 1 to 100 of them; the extension is one of UPLOAD_EXTENSIONS, in any case.
 * An empty file is no video. The size is checked first: it is what the member cannot fix
 * by renaming.
 */
export function checkUploadFile(file: { name: string; size: number }): FieldError[] {
  if (!(Number.isSafeInteger(file.size) && file.size >= 0) || file.size > UPLOAD_RULES.maxBytes) {
    return [{ field: 'file', code: 'video_size_limit' }];
  }
  if (file.size === 0) return [{ field: 'file', code: 'video_corrupted_file' }];
  const { base, ext } = splitFileName(file.name);
  if (!isUploadExtension(ext)) return [{ field: 'file', code: 'file_invalid_type' }];
  if (!BASE_NAME.test(base) || base.length > UPLOAD_RULES.nameMax) {
    return [{ field: 'file', code: 'video_bad_filename' }];
  }
  return [];
}

/** The form of a finished upload (`POST /api/video_edit.php`, section `add`). */
export interface VideoFormValues {
  title: string;
  description: string;
  orientation: Gender;
  /** Category ids. */
  categories: number[];
  /** Tag titles as typed, trimmed, without duplicates. */
  tags: string[];
  exclusive: boolean;
  isPrivate: boolean;
  /** The chosen frame (1-based); undefined when the member sends an own image instead. */
  screenshot: number | undefined;
}

/** The fields a form failure can name; anything else belongs to the whole form. */
export const VIDEO_FORM_FIELDS = [
  'file',
  'title',
  'description',
  'orientation',
  'categories',
  'tags',
  'exclusive',
  'is_private',
  'screenshot',
  'preview',
] as const;

const TAG = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/** A comma-separated tag field as tags: trimmed, inner spaces collapsed, duplicates dropped. */
export function splitTags(raw: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of raw.split(',')) {
    const tag = part.trim().replace(/\s+/g, ' ');
    if (tag === '' || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** The comma-separated category ids of a form; `undefined` for a part that is no id. */
function categoryIds(raw: string): (number | undefined)[] {
  const trimmed = raw.trim();
  return (trimmed === '' ? [] : trimmed.split(',')).map((part) => parseId(part.trim()));
}

/** A part that is no id is `invalid_params`, unless the count already failed. */
function checkCategoryIds(categories: (number | undefined)[], errors: FieldError[]): void {
  if (categories.some((id) => id === undefined) && !errors.some((e) => e.field === 'categories')) {
    errors.push({ field: 'categories', code: 'invalid_params' });
  }
}

/**
 * The rules of the form's text and choices, before any file is looked at. `hasPreview`:
 * the member chose a frame or sent an image (SPEC.md §5 "preview required").
 */
export function checkVideoForm(
  input: {
    title: string;
    description: string;
    categories: readonly unknown[];
    tags: readonly string[];
  },
  hasPreview: boolean,
): FieldError[] {
  const errors: FieldError[] = [];
  const title = input.title.trim();
  if (title === '') errors.push({ field: 'title', code: 'required' });
  else if (title.length < UPLOAD_RULES.titleMin)
    errors.push({ field: 'title', code: 'min_length' });
  else if (title.length > UPLOAD_RULES.titleMax)
    errors.push({ field: 'title', code: 'max_length' });
  if (input.description.trim().length > UPLOAD_RULES.descriptionMax) {
    errors.push({ field: 'description', code: 'max_length' });
  }
  const count = input.categories.length;
  if (count < UPLOAD_RULES.categoriesMin || count > UPLOAD_RULES.categoriesMax) {
    errors.push({ field: 'categories', code: 'min_max_cats' });
  }
  const tagError = checkTags(input.tags);
  if (tagError) errors.push(tagError);
  if (!hasPreview) errors.push({ field: 'screenshot', code: 'need_select_screenshot' });
  return errors;
}

function checkTags(tags: readonly string[]): FieldError | undefined {
  if (tags.length > UPLOAD_RULES.tagsMax) return { field: 'tags', code: 'invalid_params' };
  for (const tag of tags) {
    if (tag.length < UPLOAD_RULES.tagMin) return { field: 'tags', code: 'min_length' };
    if (tag.length > UPLOAD_RULES.tagMax) return { field: 'tags', code: 'max_length' };
    // Tags are keywords of the whole catalogue with latin URL slugs (`/tags/{dir}`).
    if (!TAG.test(tag)) return { field: 'tags', code: 'invalid_params' };
  }
  return undefined;
}

/** The values of a failure's message (`{length}`, `{min}`/`{max}`) by field and code. */
export function videoFormErrorInfo(
  field: string,
  code: string,
): Record<string, number | string> | undefined {
  if (code === 'min_max_cats') {
    return { min: UPLOAD_RULES.categoriesMin, max: UPLOAD_RULES.categoriesMax };
  }
  const limits: Record<string, [number, number]> = {
    title: [UPLOAD_RULES.titleMin, UPLOAD_RULES.titleMax],
    description: [0, UPLOAD_RULES.descriptionMax],
    tags: [UPLOAD_RULES.tagMin, UPLOAD_RULES.tagMax],
  };
  const pair = limits[field];
  if (pair && code === 'min_length') return { length: pair[0] };
  if (pair && code === 'max_length') return { length: pair[1] };
  if (field === 'tags' && code === 'invalid_params') return { max: UPLOAD_RULES.tagsMax };
  return undefined;
}

export type VideoFormParse =
  | { ok: true; value: VideoFormValues }
  | { ok: false; errors: FieldError[] };

/**
 * Parses the form fields of section `add` (strings, as a form posts them): every failing
 * field at once. `hasImage`: an own preview image came with the form.
 */
export function parseVideoForm(raw: Record<string, unknown>, hasImage: boolean): VideoFormParse {
  const text = (name: string) => (typeof raw[name] === 'string' ? (raw[name] as string) : '');
  const categories = categoryIds(text('categories'));
  const tags = splitTags(text('tags'));
  const screenshotText = text('screenshot').trim();
  const screenshot = screenshotText === '' ? undefined : parseId(screenshotText);
  const choseFrame =
    screenshot !== undefined && screenshot >= 1 && screenshot <= UPLOAD_RULES.screenshots;
  const errors = checkVideoForm(
    { title: text('title'), description: text('description'), categories, tags },
    choseFrame || hasImage,
  );
  checkCategoryIds(categories, errors);
  const orientation = text('orientation') === '' ? 'str' : text('orientation');
  if (!(GENDERS as readonly string[]).includes(orientation)) {
    errors.push({ field: 'orientation', code: 'invalid_params' });
  }
  const flag = (name: string) => {
    const value = text(name);
    if (value !== '' && value !== '0' && value !== '1') {
      errors.push({ field: name, code: 'invalid_params' });
    }
    return value === '1';
  };
  const exclusive = flag('exclusive');
  const isPrivate = flag('is_private');
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      title: text('title').trim().replace(/\s+/g, ' '),
      description: text('description').trim(),
      orientation: orientation as Gender,
      categories: [...new Set(categories as number[])],
      tags,
      exclusive,
      isPrivate,
      screenshot: choseFrame ? screenshot : undefined,
    },
  };
}

/** A video's metadata as a moderator fixes it (issue 16): the text and choices of the form. */
export interface MetadataValues {
  title: string;
  description: string;
  categories: number[];
  tags: string[];
}

/**
 * Parses the console's metadata form (title, description, categories as comma-separated
 * ids, tags as typed): the upload form's rules, every failing field at once.
 */
export function parseMetadataForm(
  raw: Record<string, unknown>,
): { ok: true; value: MetadataValues } | { ok: false; errors: FieldError[] } {
  const text = (name: string) => (typeof raw[name] === 'string' ? (raw[name] as string) : '');
  const categories = categoryIds(text('categories'));
  const tags = splitTags(text('tags'));
  const errors = checkVideoForm(
    { title: text('title'), description: text('description'), categories, tags },
    true,
  );
  checkCategoryIds(categories, errors);
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      title: text('title').trim().replace(/\s+/g, ' '),
      description: text('description').trim(),
      categories: [...new Set(categories as number[])],
      tags,
    },
  };
}

/** Upload ids name their member: `u{user id}-{32 hex}` (made by the server, never chosen). */
export const UPLOAD_ID = /^u([1-9]\d{0,9})-[0-9a-f]{32}$/;

/** The member an upload id belongs to; undefined for anything that is not an upload id. */
export function uploadOwner(id: string): number | undefined {
  const match = UPLOAD_ID.exec(id);
  if (!match?.[1]) return undefined;
  const owner = Number(match[1]);
  return Number.isSafeInteger(owner) ? owner : undefined;
}

/** The tus endpoint (creation); an upload's URL is this plus its id. */
export const UPLOAD_ENDPOINT = '/api/upload/';

export type UploadUrl =
  | { ok: true /** undefined for the endpoint itself (creation) */; id: string | undefined }
  | { ok: false; code: 'bad_request' | 'not_found' };

/**
 * The upload a tus request URL names, read from the raw path alone: `/api/upload/` (creation)
 * or `/api/upload/{id}`, exactly. The ownership check and tus both take this one answer, so
 * no query, encoded character or extra segment can make them name different uploads. A query
 * has no meaning in tus and is refused outright; anything else that is not an upload URL is
 * simply not found.
 */
export function parseUploadUrl(url: string): UploadUrl {
  if (url.includes('?') || url.includes('#')) return { ok: false, code: 'bad_request' };
  if (!url.startsWith(UPLOAD_ENDPOINT)) return { ok: false, code: 'not_found' };
  const rest = url.slice(UPLOAD_ENDPOINT.length);
  if (rest === '') return { ok: true, id: undefined };
  return UPLOAD_ID.test(rest) ? { ok: true, id: rest } : { ok: false, code: 'not_found' };
}
