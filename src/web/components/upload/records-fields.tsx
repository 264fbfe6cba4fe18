import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../contracts/auth.rules.ts';
import {
  PERFORMER_FILES,
  type PerformerFile,
  parseDeclaration,
  performerField,
  RECORD_EXEMPTIONS,
  RECORD_RULES,
} from '../../../contracts/records.rules.ts';
import styles from './records-fields.module.css';
import { recordErrorText } from './records-form.rules.ts';
import upload from './upload.module.css';

// The upload form's part of issue 17 (decision 0055): the forbidden content of SPEC.md §5,
// confirmed by a required box, and the 2257 declaration: the performers (legal name, date of
// birth, aliases, an ID document and a signed release each) with the date of production, or
// the ground on which the video is exempt. The rules are the server's (records.rules.ts).

export interface PerformerValues {
  /** A stable React key: performers come and go. */
  key: number;
  name: string;
  birthDate: string;
  aliases: string;
  id_document: File | null;
  release: File | null;
}

export interface RecordValues {
  rulesConfirmed: boolean;
  record: '' | 'performers' | 'exempt';
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

/** Every field of the declaration that has a place of its own in the form. */
export function recordFieldNames(values: RecordValues): string[] {
  return [
    'rules_confirmed',
    'record',
    'exemption',
    'production_date',
    ...values.performers.flatMap((_, i) =>
      ['name', 'birth_date', 'aliases', ...PERFORMER_FILES].map((f) => performerField(i + 1, f)),
    ),
  ];
}

const FORBIDDEN = ['minors', 'animals', 'rape', 'incest', 'violence', 'gore', 'similar'] as const;

export function RecordsFields({
  values,
  onChange,
  errors,
  idPrefix,
}: {
  values: RecordValues;
  onChange: (next: RecordValues, touched: string[]) => void;
  errors: Map<string, FieldError>;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const id = (name: string) => `${idPrefix}-${name}`;
  const errorId = (name: string) => `${idPrefix}-${name}-error`;
  const invalid = (name: string) => (errors.has(name) ? true : undefined);
  const describedBy = (name: string, hint?: string) =>
    [hint ?? '', errors.has(name) ? errorId(name) : ''].filter(Boolean).join(' ') || undefined;
  const message = (name: string): ReactNode => {
    const error = errors.get(name);
    if (!error) return null;
    return (
      <span id={errorId(name)} className={upload.error}>
        {recordErrorText(t, name, error.code)}
      </span>
    );
  };
  const setPerformer = (index: number, change: Partial<PerformerValues>, field: string) =>
    onChange(
      {
        ...values,
        performers: values.performers.map((p, i) => (i === index ? { ...p, ...change } : p)),
      },
      [performerField(index + 1, field)],
    );

  return (
    <>
      <fieldset className={`${upload.group} ${styles.forbidden}`} data-testid="forbidden-content">
        <legend>{t('upload.records.forbiddenTitle')}</legend>
        <p className={styles.text}>{t('upload.records.forbiddenIntro')}</p>
        <ul className={styles.forbiddenList}>
          {FORBIDDEN.map((item) => (
            <li key={item}>{t(`upload.records.forbidden.${item}`)}</li>
          ))}
        </ul>
        <label className={upload.check}>
          <input
            id={id('rules_confirmed')}
            type="checkbox"
            name="rules_confirmed"
            checked={values.rulesConfirmed}
            onChange={(event) =>
              onChange({ ...values, rulesConfirmed: event.target.checked }, ['rules_confirmed'])
            }
            required
            aria-invalid={invalid('rules_confirmed')}
            aria-describedby={describedBy('rules_confirmed')}
          />
          {t('upload.records.confirm')}
        </label>
        {message('rules_confirmed')}
      </fieldset>

      <fieldset className={upload.group} data-testid="records-2257">
        <legend>{t('upload.records.title')}</legend>
        <p className={styles.text}>{t('upload.records.intro')}</p>
        <div
          className={styles.kinds}
          role="radiogroup"
          aria-label={t('upload.records.title')}
          aria-invalid={invalid('record')}
          aria-describedby={describedBy('record')}
        >
          {(['performers', 'exempt'] as const).map((kind) => (
            <label key={kind} className={styles.kind}>
              <input
                type="radio"
                name="record"
                value={kind}
                checked={values.record === kind}
                onChange={() =>
                  onChange(
                    {
                      ...values,
                      record: kind,
                      performers:
                        kind === 'performers' && values.performers.length === 0
                          ? [emptyPerformer()]
                          : values.performers,
                    },
                    ['record'],
                  )
                }
              />
              {t(
                kind === 'performers'
                  ? 'upload.records.kindPerformers'
                  : 'upload.records.kindExempt',
              )}
            </label>
          ))}
        </div>
        {message('record')}

        {values.record === 'exempt' ? (
          <div className={upload.field}>
            <label htmlFor={id('exemption')}>{t('upload.records.exemptionLabel')}</label>
            <select
              id={id('exemption')}
              name="exemption"
              value={values.exemption}
              onChange={(event) =>
                onChange({ ...values, exemption: event.target.value }, ['exemption'])
              }
              aria-invalid={invalid('exemption')}
              aria-describedby={describedBy('exemption')}
            >
              <option value="">{t('upload.records.exemptionChoose')}</option>
              {RECORD_EXEMPTIONS.map((ground) => (
                <option key={ground} value={ground}>
                  {t(`upload.records.exemption.${ground}`)}
                </option>
              ))}
            </select>
            {message('exemption')}
          </div>
        ) : null}

        {values.record === 'performers' ? (
          <>
            <div className={upload.field}>
              <label htmlFor={id('production_date')}>{t('upload.records.productionDate')}</label>
              <input
                id={id('production_date')}
                name="production_date"
                type="date"
                className={styles.date}
                value={values.productionDate}
                onChange={(event) =>
                  onChange({ ...values, productionDate: event.target.value }, ['production_date'])
                }
                aria-invalid={invalid('production_date')}
                aria-describedby={describedBy('production_date', `${id('production_date')}-hint`)}
              />
              <span id={`${id('production_date')}-hint`} className={upload.hint}>
                {t('upload.records.productionDateHint')}
              </span>
              {message('production_date')}
            </div>
            {values.performers.map((performer, index) => {
              const n = index + 1;
              const f = (name: string) => performerField(n, name);
              const fileInput = (kind: PerformerFile) => (
                <div className={upload.field}>
                  <label htmlFor={id(f(kind))}>
                    {t(
                      kind === 'id_document'
                        ? 'upload.records.idDocument'
                        : 'upload.records.release',
                    )}
                  </label>
                  <input
                    id={id(f(kind))}
                    name={f(kind)}
                    type="file"
                    className={styles.file}
                    accept={TYPES.join(',')}
                    onChange={(event) =>
                      setPerformer(index, { [kind]: event.target.files?.[0] ?? null }, kind)
                    }
                    aria-invalid={invalid(f(kind))}
                    aria-describedby={describedBy(f(kind), `${id(f(kind))}-hint`)}
                  />
                  <span id={`${id(f(kind))}-hint`} className={upload.hint}>
                    {t(
                      kind === 'id_document'
                        ? 'upload.records.idDocumentHint'
                        : 'upload.records.releaseHint',
                      { mb: RECORD_RULES.fileMaxBytes / 1024 / 1024 },
                    )}
                  </span>
                  {message(f(kind))}
                </div>
              );
              return (
                <section
                  key={performer.key}
                  className={styles.performer}
                  aria-label={t('upload.records.performer', { n })}
                  data-testid="performer"
                >
                  <div className={styles.performerHead}>
                    <h3 className={styles.performerTitle}>
                      {t('upload.records.performer', { n })}
                    </h3>
                    {values.performers.length > 1 ? (
                      <button
                        type="button"
                        className={upload.secondary}
                        onClick={() =>
                          onChange(
                            {
                              ...values,
                              performers: values.performers.filter((_, i) => i !== index),
                            },
                            [],
                          )
                        }
                      >
                        {t('upload.records.removePerformer', { n })}
                      </button>
                    ) : null}
                  </div>
                  <div className={styles.grid}>
                    <div className={upload.field}>
                      <label htmlFor={id(f('name'))}>{t('upload.records.legalName')}</label>
                      <input
                        id={id(f('name'))}
                        name={f('name')}
                        type="text"
                        autoComplete="off"
                        maxLength={RECORD_RULES.nameMax}
                        value={performer.name}
                        onChange={(event) =>
                          setPerformer(index, { name: event.target.value }, 'name')
                        }
                        aria-invalid={invalid(f('name'))}
                        aria-describedby={describedBy(f('name'), `${id(f('name'))}-hint`)}
                      />
                      <span id={`${id(f('name'))}-hint`} className={upload.hint}>
                        {t('upload.records.legalNameHint')}
                      </span>
                      {message(f('name'))}
                    </div>
                    <div className={upload.field}>
                      <label htmlFor={id(f('birth_date'))}>{t('upload.records.birthDate')}</label>
                      <input
                        id={id(f('birth_date'))}
                        name={f('birth_date')}
                        type="date"
                        className={styles.date}
                        value={performer.birthDate}
                        onChange={(event) =>
                          setPerformer(index, { birthDate: event.target.value }, 'birth_date')
                        }
                        aria-invalid={invalid(f('birth_date'))}
                        aria-describedby={describedBy(f('birth_date'))}
                      />
                      {message(f('birth_date'))}
                    </div>
                  </div>
                  <div className={upload.field}>
                    <label htmlFor={id(f('aliases'))}>{t('upload.records.aliases')}</label>
                    <input
                      id={id(f('aliases'))}
                      name={f('aliases')}
                      type="text"
                      autoComplete="off"
                      maxLength={RECORD_RULES.aliasesMax}
                      value={performer.aliases}
                      onChange={(event) =>
                        setPerformer(index, { aliases: event.target.value }, 'aliases')
                      }
                      aria-invalid={invalid(f('aliases'))}
                      aria-describedby={describedBy(f('aliases'), `${id(f('aliases'))}-hint`)}
                    />
                    <span id={`${id(f('aliases'))}-hint`} className={upload.hint}>
                      {t('upload.records.aliasesHint')}
                    </span>
                    {message(f('aliases'))}
                  </div>
                  <div className={styles.grid}>
                    {fileInput('id_document')}
                    {fileInput('release')}
                  </div>
                </section>
              );
            })}
            {values.performers.length < RECORD_RULES.performersMax ? (
              <div>
                <button
                  type="button"
                  className={upload.secondary}
                  onClick={() =>
                    onChange(
                      { ...values, performers: [...values.performers, emptyPerformer()] },
                      [],
                    )
                  }
                >
                  {t('upload.records.addPerformer')}
                </button>
              </div>
            ) : null}
          </>
        ) : null}
      </fieldset>
    </>
  );
}
