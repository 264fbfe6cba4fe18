import type { FieldError } from './auth.rules.ts';

// The 2257 declaration an uploader makes with every upload (issue 17, decision 0055): the
// performers (legal name, date of birth, aliases, an ID document and a signed model release
// each) and the date of production, or the ground on which the video is exempt. Shared by the
// server (it decides) and the upload form (it says so before anything is sent); the files'
// contents are sniffed on the server only.

/** The grounds a video may be exempt on, as the form offers them. */
export const RECORD_EXEMPTIONS = [
  /** Nobody in it performs actual sexually explicit conduct (28 C.F.R. 75.1). */
  'no_explicit_conduct',
  /** Made before 1 November 1990, before the record-keeping requirement. */
  'produced_before_1990',
  /** Animation or computer-generated imagery only: no real person is depicted. */
  'no_real_people',
] as const;
export type RecordExemption = (typeof RECORD_EXEMPTIONS)[number];

export const RECORD_RULES = {
  /** Performers one declaration names; a larger cast files its records with support. */
  performersMax: 10,
  nameMin: 2,
  nameMax: 200,
  aliasesMax: 500,
  /** One ID document or release: a scan or a photo is well under this. */
  fileMaxBytes: 8 * 1024 * 1024,
  /** The types a document may be, by their magic bytes on the server. */
  fileTypes: ['image/jpeg', 'image/png', 'application/pdf'] as const,
  adultAge: 18,
  /** Dates before this are typing mistakes. */
  earliestDate: '1900-01-01',
} as const;

export type RecordFileType = (typeof RECORD_RULES.fileTypes)[number];

/** The two documents of each performer, by their form field suffix. */
export const PERFORMER_FILES = ['id_document', 'release'] as const;
export type PerformerFile = (typeof PERFORMER_FILES)[number];

/** The form field of a performer's value: `performer_2_name`, `performer_1_release`, … */
export const performerField = (n: number, name: string) => `performer_${n}_${name}`;

/** Every file field a declaration may carry. */
export const RECORD_FILE_FIELDS: readonly string[] = Array.from(
  { length: RECORD_RULES.performersMax },
  (_, i) => PERFORMER_FILES.map((f) => performerField(i + 1, f)),
).flat();

/**
 * The `{length}` of a length failure of a declaration field, for its message: a performer's
 * legal name (`min_length`, `max_length`) and aliases (`max_length`).
 */
export function recordErrorInfo(field: string, code: string): Record<string, number> | undefined {
  const suffix = /^performer_\d+_(name|aliases)$/.exec(field)?.[1];
  if (suffix === 'name' && code === 'min_length') return { length: RECORD_RULES.nameMin };
  if (suffix === 'name' && code === 'max_length') return { length: RECORD_RULES.nameMax };
  if (suffix === 'aliases' && code === 'max_length') return { length: RECORD_RULES.aliasesMax };
  return undefined;
}

export interface DeclaredPerformer {
  legalName: string;
  birthDate: string;
  aliases: string[];
}

export type Declaration =
  | { kind: 'exempt'; exemption: RecordExemption }
  | { kind: 'performers'; productionDate: string; performers: DeclaredPerformer[] };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (not 2001-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Whether someone born on `birthDate` was 18 or older on `onDate` (both YYYY-MM-DD): the
 * 18th birthday counts; one born on 29 February comes of age on 1 March in other years.
 */
export function wasAdultOn(birthDate: string, onDate: string): boolean {
  const coming = `${String(Number(birthDate.slice(0, 4)) + RECORD_RULES.adultAge).padStart(4, '0')}${birthDate.slice(4)}`;
  return coming <= onDate;
}

/** Today's date (UTC) as YYYY-MM-DD, a day ahead: a member east of UTC may be on tomorrow. */
export function latestDate(now: Date = new Date()): string {
  return new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
}

/** The performers' numbers the form sent something for (a name, a date, an alias or a file). */
export function performerNumbers(
  fields: Record<string, unknown>,
  files: ReadonlySet<string>,
): number[] {
  const numbers: number[] = [];
  for (let n = 1; n <= RECORD_RULES.performersMax; n++) {
    const sent =
      ['name', 'birth_date', 'aliases'].some((f) => {
        const value = fields[performerField(n, f)];
        return typeof value === 'string' && value.trim() !== '';
      }) || PERFORMER_FILES.some((f) => files.has(performerField(n, f)));
    if (sent) numbers.push(n);
  }
  return numbers;
}

export function splitAliases(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(/[,;\n]/)
        .map((a) => a.trim().replace(/\s+/g, ' '))
        .filter((a) => a !== ''),
    ),
  ];
}

export type DeclarationParse =
  | { ok: true; value: Declaration; performerNumbers: number[] }
  | { ok: false; errors: FieldError[] };

/**
 * The confirmation of the forbidden content and the 2257 declaration of an upload form.
 * `files` names the document fields that carry a file (their type is the server's to check).
 */
export function parseDeclaration(
  raw: Record<string, unknown>,
  files: ReadonlySet<string>,
  today: string = latestDate(),
): DeclarationParse {
  const text = (name: string) => (typeof raw[name] === 'string' ? (raw[name] as string) : '');
  const errors: FieldError[] = [];
  if (text('rules_confirmed') !== '1') errors.push({ field: 'rules_confirmed', code: 'required' });
  const kind = text('record');
  if (kind === 'exempt') {
    const exemption = text('exemption');
    if (exemption === '') errors.push({ field: 'exemption', code: 'required' });
    else if (!(RECORD_EXEMPTIONS as readonly string[]).includes(exemption)) {
      errors.push({ field: 'exemption', code: 'invalid_params' });
    }
    if (errors.length > 0) return { ok: false, errors };
    return {
      ok: true,
      value: { kind: 'exempt', exemption: exemption as RecordExemption },
      performerNumbers: [],
    };
  }
  if (kind !== 'performers') {
    errors.push({ field: 'record', code: kind === '' ? 'required' : 'invalid_params' });
    return { ok: false, errors };
  }
  const productionDate = text('production_date').trim();
  const dateKnown = checkDate(productionDate, 'production_date', today, errors);
  const numbers = performerNumbers(raw, files);
  // Nothing sent for anyone: the first performer's fields are what is missing.
  const asked = numbers.length > 0 ? numbers : [1];
  const performers: DeclaredPerformer[] = [];
  for (const n of asked) {
    const field = (name: string) => performerField(n, name);
    const legalName = text(field('name')).trim().replace(/\s+/g, ' ');
    if (legalName === '') errors.push({ field: field('name'), code: 'required' });
    else if (legalName.length < RECORD_RULES.nameMin) {
      errors.push({ field: field('name'), code: 'min_length' });
    } else if (legalName.length > RECORD_RULES.nameMax) {
      errors.push({ field: field('name'), code: 'max_length' });
    }
    const birthDate = text(field('birth_date')).trim();
    if (checkDate(birthDate, field('birth_date'), today, errors) && dateKnown) {
      if (!wasAdultOn(birthDate, productionDate)) {
        errors.push({ field: field('birth_date'), code: 'performer_under_age' });
      }
    }
    const aliases = text(field('aliases'));
    if (aliases.length > RECORD_RULES.aliasesMax) {
      errors.push({ field: field('aliases'), code: 'max_length' });
    }
    for (const document of PERFORMER_FILES) {
      if (!files.has(field(document))) errors.push({ field: field(document), code: 'required' });
    }
    performers.push({ legalName, birthDate, aliases: splitAliases(aliases) });
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: { kind: 'performers', productionDate, performers },
    performerNumbers: asked,
  };
}

/** A required date between 1900 and today; false (with its error) when it is not one. */
function checkDate(value: string, field: string, today: string, errors: FieldError[]): boolean {
  if (value === '') {
    errors.push({ field, code: 'required' });
    return false;
  }
  if (!isCalendarDate(value) || value < RECORD_RULES.earliestDate || value > today) {
    errors.push({ field, code: 'invalid_params' });
    return false;
  }
  return true;
}

/** What a document's first bytes say it is; undefined for anything but JPEG, PNG and PDF. */
export function sniffRecordFile(head: Uint8Array): RecordFileType | undefined {
  const starts = (bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return undefined;
}
