import type { FieldError } from '../../../contracts/auth.rules.ts';
import {
  PERFORMER_FILES,
  parseDeclaration,
  performerField,
  RECORD_RULES,
  recordErrorInfo,
} from '../../../contracts/records.rules.ts';
import type { TFunction } from '../../i18n/i18n.ts';
import { errorText } from '../../lib/errors.ts';

// The upload form's 2257 declaration (decision 0055) as the browser holds it, apart from how
// it looks: its values, the fields and files it sends, the server's rules before the call,
// the words of its failures, and the changes that move or drop fields (each says which
// fields' errors no longer describe what is on screen).

export interface PerformerValues {
  /** A stable React key: performers come and go. */
  key: number;
  name: string;
  birthDate: string;
  aliases: string;
  id_document: File | null;
  release: File | null;
}

export type RecordKind = 'performers' | 'exempt';

export interface RecordValues {
  rulesConfirmed: boolean;
  record: '' | RecordKind;
  exemption: string;
  productionDate: string;
  performers: PerformerValues[];
}

let nextKey = 1;
export const emptyPerformer = (): PerformerValues => ({
  key: nextKey++,
  name: '',
  birthDate: '',
  aliases: '',
  id_document: null,
  release: null,
});

export const EMPTY_RECORD: RecordValues = {
  rulesConfirmed: false,
  record: '',
  exemption: '',
  productionDate: '',
  performers: [],
};

/** The fields of one performer, by their suffix. */
export const PERFORMER_FIELDS = ['name', 'birth_date', 'aliases', ...PERFORMER_FILES] as const;

/** The form fields the declaration sends (text), as the server reads them. */
export function recordFields(values: RecordValues): Record<string, string> {
  const fields: Record<string, string> = {
    rules_confirmed: values.rulesConfirmed ? '1' : '',
    record: values.record,
  };
  if (values.record === 'exempt') fields.exemption = values.exemption;
  if (values.record === 'performers') {
    fields.production_date = values.productionDate;
    values.performers.forEach((p, i) => {
      fields[performerField(i + 1, 'name')] = p.name;
      fields[performerField(i + 1, 'birth_date')] = p.birthDate;
      fields[performerField(i + 1, 'aliases')] = p.aliases;
    });
  }
  return fields;
}

/** The documents the declaration sends, by their form field. */
export function recordFiles(values: RecordValues): Record<string, File> {
  const files: Record<string, File> = {};
  if (values.record !== 'performers') return files;
  values.performers.forEach((p, i) => {
    for (const kind of PERFORMER_FILES) {
      const file = p[kind];
      if (file) files[performerField(i + 1, kind)] = file;
    }
  });
  return files;
}

const TYPES: readonly string[] = RECORD_RULES.fileTypes;

/** The server's rules before the call, the documents' type and size as the browser tells. */
export function checkRecord(values: RecordValues): FieldError[] {
  const files = recordFiles(values);
  const parsed = parseDeclaration(recordFields(values), new Set(Object.keys(files)));
  const errors = parsed.ok ? [] : [...parsed.errors];
  for (const [field, file] of Object.entries(files)) {
    if (!TYPES.includes(file.type)) errors.push({ field, code: 'file_invalid_type' });
    else if (file.size > RECORD_RULES.fileMaxBytes) errors.push({ field, code: 'file_too_large' });
  }
  return errors;
}

/** Every field of the performers, numbered as the form numbers them now. */
const performersFields = (values: RecordValues): string[] =>
  values.performers.flatMap((_, i) => PERFORMER_FIELDS.map((f) => performerField(i + 1, f)));

/** Every field of the declaration that has a place of its own in the form. */
export function recordFieldNames(values: RecordValues): string[] {
  return ['rules_confirmed', 'record', 'exemption', 'production_date', ...performersFields(values)];
}

/** A change of the declaration and the fields whose errors it makes stale. */
export interface RecordChange {
  next: RecordValues;
  touched: string[];
}

/**
 * Drops a performer. Those after it move up a number, so every performer's error goes: kept,
 * it would sit under the performer now holding that number, or fall to the form's message.
 */
export function removePerformer(values: RecordValues, index: number): RecordChange {
  return {
    next: { ...values, performers: values.performers.filter((_, i) => i !== index) },
    touched: performersFields(values),
  };
}

/**
 * Chooses performers or an exemption. Leaving the performers drops their documents: the file
 * inputs are gone, and coming back shows them empty, so a kept File would be sent unseen.
 * The typed values stay, as their inputs show them again.
 */
export function chooseRecordKind(values: RecordValues, kind: RecordKind): RecordChange {
  if (kind === 'exempt') {
    return {
      next: {
        ...values,
        record: kind,
        performers: values.performers.map((p) => ({ ...p, id_document: null, release: null })),
      },
      touched: [
        'record',
        ...values.performers.flatMap((_, i) =>
          PERFORMER_FILES.map((f) => performerField(i + 1, f)),
        ),
      ],
    };
  }
  return {
    next: {
      ...values,
      record: kind,
      performers: values.performers.length === 0 ? [emptyPerformer()] : values.performers,
    },
    touched: ['record'],
  };
}

/** The words of a declaration field's failure, with the numbers it names. */
export function recordErrorText(t: TFunction, field: string, code: string): string {
  if (field === 'rules_confirmed') return t('upload.records.confirmRequired');
  if (code === 'file_invalid_type') return t('upload.records.fileType');
  if (code === 'file_too_large') {
    return t('upload.records.fileSize', { mb: RECORD_RULES.fileMaxBytes / 1024 / 1024 });
  }
  return errorText(t, code, recordErrorInfo(field, code));
}
