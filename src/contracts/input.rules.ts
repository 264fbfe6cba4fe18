import type { FieldError } from './auth.rules.ts';
import { GENDERS, type Gender, PLAYLIST_LIMITS } from './constants.ts';
import { parseId } from './paths.ts';

// `POST /api/input.php` (SPEC.md §7): the member's lists and relations. `act` names the
// list, `section` what to do. Form values arrive as strings; anything else counts as missing. Shared by the
// server (parsing) and the web app (the playlist form's rules before the call).

export const INPUT_ACTS = ['favourite', 'watch_later', 'playlist', 'subscribe', 'friend'] as const;
export type InputAct = (typeof INPUT_ACTS)[number];
export const SUBSCRIPTION_TYPES = ['channel', 'model', 'member'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];

export interface PlaylistFields {
  title: string;
  desc: string;
  visible: 0 | 1;
  orientation: Gender;
  categories: number[];
}

export type InputRequest =
  | { act: 'favourite' | 'watch_later'; section: 'add' | 'rem'; videoId: number }
  | { act: 'playlist'; section: 'new'; fields: PlaylistFields; videoId?: number }
  | { act: 'playlist'; section: 'upd'; playlistId: number; fields: PlaylistFields }
  | { act: 'playlist'; section: 'del'; playlistId: number }
  | { act: 'playlist'; section: 'add' | 'rem'; playlistId: number; videoId: number }
  | { act: 'subscribe'; section: 'add' | 'rem'; type: SubscriptionType; objectId: number }
  /** add: request friendship, or accept the other member's request; rem: end, cancel or decline. */
  | { act: 'friend'; section: 'add' | 'rem'; objectId: number };

/** An id form field: a string holding a positive integer id (paths.ts parseId). */
const idField = (value: unknown) => (typeof value === 'string' ? parseId(value) : undefined);

/** SPEC.md §5 playlist form: title 3-100, description 5-500, at most 3 categories. */
export function checkPlaylist(input: {
  title: string;
  desc: string;
  categories: readonly unknown[];
}): FieldError[] {
  const errors: FieldError[] = [];
  const bound = (field: string, value: string, min: number, max: number) => {
    const text = value.trim();
    if (text === '') errors.push({ field, code: 'required' });
    else if (text.length < min) errors.push({ field, code: 'min_length' });
    else if (text.length > max) errors.push({ field, code: 'max_length' });
  };
  bound('title', input.title, PLAYLIST_LIMITS.titleMin, PLAYLIST_LIMITS.titleMax);
  bound('desc', input.desc, PLAYLIST_LIMITS.descriptionMin, PLAYLIST_LIMITS.descriptionMax);
  if (input.categories.length > PLAYLIST_LIMITS.categoriesMax) {
    errors.push({ field: 'categories', code: 'min_max_cats' });
  }
  return errors;
}

/** The `{length}` (or `{min}`/`{max}`) of a playlist field failure, for its message. */
export function playlistErrorInfo(field: string, code: string): Record<string, number> | undefined {
  if (code === 'min_max_cats') return { min: 0, max: PLAYLIST_LIMITS.categoriesMax };
  const limits: Record<string, [number, number]> = {
    title: [PLAYLIST_LIMITS.titleMin, PLAYLIST_LIMITS.titleMax],
    desc: [PLAYLIST_LIMITS.descriptionMin, PLAYLIST_LIMITS.descriptionMax],
  };
  const pair = limits[field];
  if (!pair) return undefined;
  if (code === 'min_length') return { length: pair[0] };
  if (code === 'max_length') return { length: pair[1] };
  return undefined;
}

export type InputParse = { ok: true; value: InputRequest } | { ok: false; errors: FieldError[] };

function playlistFields(body: Record<string, unknown>): PlaylistFields | FieldError[] {
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
  const rawCategories = text('categories').trim();
  const parts = rawCategories === '' ? [] : rawCategories.split(',').map((p) => p.trim());
  const categories = parts.map(idField);
  const errors = checkPlaylist({ title: text('title'), desc: text('desc'), categories });
  if (categories.some((id) => id === undefined)) {
    errors.push({ field: 'categories', code: 'invalid_params' });
  }
  const visible = text('visible') === '' ? '1' : text('visible');
  if (visible !== '0' && visible !== '1') errors.push({ field: 'visible', code: 'invalid_params' });
  const orientation = text('orientation') === '' ? 'str' : text('orientation');
  if (!(GENDERS as readonly string[]).includes(orientation)) {
    errors.push({ field: 'orientation', code: 'invalid_params' });
  }
  if (errors.length > 0) return errors;
  return {
    title: text('title').trim(),
    desc: text('desc').trim(),
    visible: visible === '1' ? 1 : 0,
    orientation: orientation as Gender,
    categories: [...new Set(categories as number[])],
  };
}

/** Parses an input.php body: the first failing field of act, section, ids, then the form. */
export function parseInput(raw: unknown): InputParse {
  const body = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const fail = (field: string, code: FieldError['code'] = 'invalid_params'): InputParse => ({
    ok: false,
    errors: [{ field, code }],
  });
  const act = body.act;
  const section = body.section;
  if (typeof act !== 'string' || !(INPUT_ACTS as readonly string[]).includes(act)) {
    return fail('act');
  }
  const videoId = idField(body.video_id);
  const objectId = idField(body.object_id);
  switch (act as InputAct) {
    case 'favourite':
    case 'watch_later': {
      if (section !== 'add' && section !== 'rem') return fail('section');
      if (videoId === undefined) return fail('video_id');
      return { ok: true, value: { act: act as 'favourite', section, videoId } };
    }
    case 'subscribe': {
      if (section !== 'add' && section !== 'rem') return fail('section');
      const type = body.type;
      if (typeof type !== 'string' || !(SUBSCRIPTION_TYPES as readonly string[]).includes(type)) {
        return fail('type');
      }
      if (objectId === undefined) return fail('object_id');
      return {
        ok: true,
        value: { act: 'subscribe', section, type: type as SubscriptionType, objectId },
      };
    }
    case 'friend': {
      if (section !== 'add' && section !== 'rem') return fail('section');
      if (objectId === undefined) return fail('object_id');
      return { ok: true, value: { act: 'friend', section, objectId } };
    }
    case 'playlist': {
      if (section === 'new') {
        if (body.video_id !== undefined && body.video_id !== '' && videoId === undefined) {
          return fail('video_id');
        }
        const fields = playlistFields(body);
        if (Array.isArray(fields)) return { ok: false, errors: fields };
        return {
          ok: true,
          value: {
            act: 'playlist',
            section,
            fields,
            ...(videoId === undefined ? {} : { videoId }),
          },
        };
      }
      if (section !== 'upd' && section !== 'del' && section !== 'add' && section !== 'rem') {
        return fail('section');
      }
      if (objectId === undefined) return fail('object_id');
      if (section === 'del')
        return { ok: true, value: { act: 'playlist', section, playlistId: objectId } };
      if (section === 'upd') {
        const fields = playlistFields(body);
        if (Array.isArray(fields)) return { ok: false, errors: fields };
        return { ok: true, value: { act: 'playlist', section, playlistId: objectId, fields } };
      }
      if (videoId === undefined) return fail('video_id');
      return { ok: true, value: { act: 'playlist', section, playlistId: objectId, videoId } };
    }
  }
}
