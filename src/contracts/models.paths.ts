import { GENDERS, type Gender } from './constants.ts';
import { type ParseResult, parseCount, parseLifetime } from './paths.ts';

// Path grammar of the model calls (SPEC.md §3 model filter keys, §7, API-CONTRACT.md).

/** The ten filter slots of `filt…`, in their order in the path. */
export const MODEL_FILTER_KEYS = [
  'alphabet',
  'race',
  'age',
  'country',
  'tits_size',
  'hair_color',
  'height',
  'weight',
  'tattoo',
  'piercing',
] as const;
export type ModelFilterKey = (typeof MODEL_FILTER_KEYS)[number];
export type ModelFilters = Partial<Record<ModelFilterKey, string>>;

const SLOT_VALUES: Record<ModelFilterKey, RegExp> = {
  alphabet: /^([a-z]|0-9)$/,
  race: /^(asian|caucasian|ebony|latin)$/,
  age: /^[1-4]$/,
  country: /^[a-z]{2}$/,
  tits_size: /^(small|medium|big|huge)$/,
  hair_color: /^[1-5]$/,
  height: /^[1-4]$/,
  weight: /^[1-4]$/,
  tattoo: /^[12]$/,
  piercing: /^[12]$/,
};

/** True when `value` is one the model filter `key` accepts. */
export function isModelFilterValue(key: ModelFilterKey, value: string): boolean {
  return SLOT_VALUES[key].test(value);
}

export const MODEL_SORTS = [
  'most-popular',
  'most-videos',
  'most-subscribed',
  'alphabetical',
  'latest',
] as const;
export type ModelSort = (typeof MODEL_SORTS)[number];

export interface ModelsParams {
  lifetime: number;
  gender: Gender;
  filters: ModelFilters;
  sort: ModelSort;
  count: number;
  page: number;
}

export function modelsPath(p: ModelsParams): string {
  const slots = MODEL_FILTER_KEYS.map((key) => `.${p.filters[key] ?? ''}`).join('');
  return `/api/json/models/${p.lifetime}/${p.gender}/filt${slots}/${p.sort}/${p.count}/${p.page}.json`;
}

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/** Parses `filt.a.b…` (ten slots, each `.value`, empty = no filter). */
export function parseModelFilters(raw: string): ModelFilters | undefined {
  if (!raw.startsWith('filt')) return undefined;
  const slots = raw.slice(4).split('.');
  // "filt.a.b" splits to ['', 'a', 'b']: one empty head, then exactly ten slots.
  if (slots.length !== MODEL_FILTER_KEYS.length + 1 || slots[0] !== '') return undefined;
  const filters: ModelFilters = {};
  for (const [index, key] of MODEL_FILTER_KEYS.entries()) {
    const value = slots[index + 1] ?? '';
    if (value === '') continue;
    if (!SLOT_VALUES[key].test(value)) return undefined;
    filters[key] = value;
  }
  return filters;
}

export function parseModels(
  segments: {
    lifetime: string;
    gender: string;
    filt: string;
    sort: string;
    count: string;
    file: string;
  },
  maxCount: number,
): ParseResult<ModelsParams> {
  const lifetime = parseLifetime(segments.lifetime);
  if (lifetime === undefined) return { ok: false, code: 'invalid_params', field: 'lifetime' };
  if (!isOneOf(GENDERS, segments.gender)) {
    return { ok: false, code: 'invalid_params', field: 'gender' };
  }
  const filters = parseModelFilters(segments.filt);
  if (!filters) return { ok: false, code: 'invalid_params', field: 'filt' };
  if (!isOneOf(MODEL_SORTS, segments.sort)) {
    return { ok: false, code: 'invalid_sort', field: 'sort' };
  }
  const count = parseCount(segments.count, maxCount);
  if (count === undefined) return { ok: false, code: 'invalid_params', field: 'count' };
  const page = /^(\d{1,9})\.json$/.exec(segments.file);
  if (!page || Number(page[1]) < 1) return { ok: false, code: 'invalid_params', field: 'page' };
  return {
    ok: true,
    value: {
      lifetime,
      gender: segments.gender,
      filters,
      sort: segments.sort,
      count,
      page: Number(page[1]),
    },
  };
}

/** `/api/json/model/{lifetime}/{first two letters}/{dir}.json` */
export function modelPath(lifetime: number, dir: string): string {
  return `/api/json/model/${lifetime}/${dir.slice(0, 2)}/${dir}.json`;
}

const DIR_FILE = /^([a-z0-9][a-z0-9-]{0,119})\.json$/;

/** The dir of `{dir}.json` under its prefix segment of `letters` characters. */
export function parseDirFile(prefix: string, file: string, letters: number): string | undefined {
  const match = DIR_FILE.exec(file);
  if (!match) return undefined;
  const dir = match[1] ?? '';
  return prefix === dir.slice(0, letters) ? dir : undefined;
}
