import { GENDERS, type Gender } from './constants.ts';
import { MODEL_SORTS, type ModelSort } from './models.paths.ts';
import { type ParseResult, parseCount, parseId, parseLifetime } from './paths.ts';

// Path grammar of the channel calls (SPEC.md §7, API-CONTRACT.md).

/** Channel sorts are the model sorts: popularity, videos, subscribers, title, newest. */
export const CHANNEL_SORTS = MODEL_SORTS;
export type ChannelSort = ModelSort;

/**
 * Sections: `` every channel with videos; `ch` the home strip (SPEC.md §7 type_channels,
 * the same list); `subscribed` the channels a member (object_id) subscribes to.
 */
export const CHANNEL_SECTIONS = ['', 'ch', 'subscribed'] as const;
export type ChannelSection = (typeof CHANNEL_SECTIONS)[number];

export interface ChannelsParams {
  lifetime: number;
  gender: Gender;
  sort: ChannelSort;
  count: number;
  section: ChannelSection;
  objectId: number | undefined;
  page: number;
}

export function channelsPath(p: ChannelsParams): string {
  return `/api/json/channels/${p.lifetime}/${p.gender}/${p.sort}-toptn/${p.count}/${p.section}.${p.objectId ?? ''}.${p.page}.json`;
}

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

export function parseChannels(
  segments: { lifetime: string; gender: string; sort: string; count: string; file: string },
  maxCount: number,
): ParseResult<ChannelsParams> {
  const lifetime = parseLifetime(segments.lifetime);
  if (lifetime === undefined) return { ok: false, code: 'invalid_params', field: 'lifetime' };
  if (!isOneOf(GENDERS, segments.gender)) {
    return { ok: false, code: 'invalid_params', field: 'gender' };
  }
  const sortMatch = /^([a-z-]{1,30})-toptn$/.exec(segments.sort);
  if (!sortMatch) return { ok: false, code: 'invalid_params', field: 'sort' };
  const sort = sortMatch[1] ?? '';
  if (!isOneOf(CHANNEL_SORTS, sort)) return { ok: false, code: 'invalid_sort', field: 'sort' };
  const count = parseCount(segments.count, maxCount);
  if (count === undefined) return { ok: false, code: 'invalid_params', field: 'count' };
  const file = /^([a-z]{0,12})\.(\d{0,10})\.(\d{1,9})\.json$/.exec(segments.file);
  if (!file) return { ok: false, code: 'invalid_params', field: 'params' };
  const [, section = '', objectRaw = '', pageRaw = ''] = file;
  if (!isOneOf(CHANNEL_SECTIONS, section)) {
    return { ok: false, code: 'invalid_params', field: 'section' };
  }
  const objectId = objectRaw === '' ? undefined : parseId(objectRaw);
  if (
    (section === 'subscribed') !== (objectId !== undefined) ||
    (objectRaw !== '' && objectId === undefined)
  ) {
    return { ok: false, code: 'invalid_params', field: 'object_id' };
  }
  const page = Number(pageRaw);
  if (page < 1) return { ok: false, code: 'invalid_params', field: 'page' };
  return {
    ok: true,
    value: { lifetime, gender: segments.gender, sort, count, section, objectId, page },
  };
}

/** `/api/json/channel/{lifetime}/{first letter}/{dir}.json` */
export function channelPath(lifetime: number, dir: string): string {
  return `/api/json/channel/${lifetime}/${dir.slice(0, 1)}/${dir}.json`;
}
