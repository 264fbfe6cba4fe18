import type { ReactNode } from 'react';
import type { FieldError } from '../../../contracts/auth.rules.ts';
import {
  type PerformerFile,
  performerField,
  RECORD_EXEMPTIONS,
  RECORD_RULES,
} from '../../../contracts/records.rules.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './records-fields.module.css';
import {
  chooseRecordKind,
  emptyPerformer,
  type PerformerValues,
  type RecordChange,
  type RecordValues,
  recordErrorText,
  removePerformer,
} from './records-form.rules.ts';
import upload from './upload.module.css';

// The upload form's part of issue 17 (decision 0055): the forbidden content of SPEC.md §5,
// confirmed by a required box, and the 2257 declaration: the performers (legal name, date of
// birth, aliases, an ID document and a signed release each) with the date of production, or
// the ground on which the video is exempt. The rules are the server's (records.rules.ts);
// the values and their changes are records-form.rules.ts.

const FORBIDDEN = ['minors', 'animals', 'rape', 'incest', 'violence', 'gore', 'similar'] as const;
const ACCEPT = RECORD_RULES.fileTypes.join(',');
const MB = RECORD_RULES.fileMaxBytes / 1024 / 1024;

/** Where the declaration's fields find their ids and errors. */
interface FieldsContext {
  idPrefix: string;
  errors: Map<string, FieldError>;
}

const idOf = (ctx: FieldsContext, field: string) => `${ctx.idPrefix}-${field}`;
const errorIdOf = (ctx: FieldsContext, field: string) => `${idOf(ctx, field)}-error`;

/** A field's failure, under it, the id its control's `aria-describedby` names. */
function ErrorText({ ctx, field }: { ctx: FieldsContext; field: string }) {
  const { t } = useTranslation();
  const error = ctx.errors.get(field);
  if (!error) return null;
  return (
    <span id={errorIdOf(ctx, field)} className={upload.error}>
      {recordErrorText(t, field, error.code)}
    </span>
  );
}

/** What a field's control carries: its id and name, `aria-invalid`, what describes it. */
interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The control props of a field not laid out by RecordField (a box, a group). */
function controlProps(ctx: FieldsContext, field: string, hintId?: string): ControlProps {
  const invalid = ctx.errors.has(field);
  const describedBy = [hintId ?? '', invalid ? errorIdOf(ctx, field) : '']
    .filter(Boolean)
    .join(' ');
  return {
    id: idOf(ctx, field),
    name: field,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
}

/** One labelled field: its hint and its error describe the control. */
function RecordField({
  ctx,
  field,
  label,
  hint,
  children,
}: {
  ctx: FieldsContext;
  field: string;
  label: string;
  hint?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const hintId = hint ? `${idOf(ctx, field)}-hint` : undefined;
  return (
    <div className={upload.field}>
      <label htmlFor={idOf(ctx, field)}>{label}</label>
      {children(controlProps(ctx, field, hintId))}
      {hint ? (
        <span id={hintId} className={upload.hint}>
          {hint}
        </span>
      ) : null}
      <ErrorText ctx={ctx} field={field} />
    </div>
  );
}

function Performer({
  ctx,
  performer,
  n,
  removable,
  onChange,
  onRemove,
}: {
  ctx: FieldsContext;
  performer: PerformerValues;
  /** Its number in the form, from 1. */
  n: number;
  removable: boolean;
  onChange: (change: Partial<PerformerValues>, field: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const f = (name: string) => performerField(n, name);
  const fileField = (kind: PerformerFile) => (
    <RecordField
      ctx={ctx}
      field={f(kind)}
      label={t(kind === 'id_document' ? 'upload.records.idDocument' : 'upload.records.release')}
      hint={t(
        kind === 'id_document' ? 'upload.records.idDocumentHint' : 'upload.records.releaseHint',
        { mb: MB },
      )}
    >
      {(props) => (
        <input
          {...props}
          type="file"
          className={styles.file}
          accept={ACCEPT}
          onChange={(event) => onChange({ [kind]: event.target.files?.[0] ?? null }, kind)}
        />
      )}
    </RecordField>
  );
  return (
    <section
      className={styles.performer}
      aria-label={t('upload.records.performer', { n })}
      data-testid="performer"
    >
      <div className={styles.performerHead}>
        <h3 className={styles.performerTitle}>{t('upload.records.performer', { n })}</h3>
        {removable ? (
          <button type="button" className={upload.secondary} onClick={onRemove}>
            {t('upload.records.removePerformer', { n })}
          </button>
        ) : null}
      </div>
      <div className={styles.grid}>
        <RecordField
          ctx={ctx}
          field={f('name')}
          label={t('upload.records.legalName')}
          hint={t('upload.records.legalNameHint')}
        >
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="off"
              maxLength={RECORD_RULES.nameMax}
              value={performer.name}
              onChange={(event) => onChange({ name: event.target.value }, 'name')}
            />
          )}
        </RecordField>
        <RecordField ctx={ctx} field={f('birth_date')} label={t('upload.records.birthDate')}>
          {(props) => (
            <input
              {...props}
              type="date"
              className={styles.date}
              value={performer.birthDate}
              onChange={(event) => onChange({ birthDate: event.target.value }, 'birth_date')}
            />
          )}
        </RecordField>
      </div>
      <RecordField
        ctx={ctx}
        field={f('aliases')}
        label={t('upload.records.aliases')}
        hint={t('upload.records.aliasesHint')}
      >
        {(props) => (
          <input
            {...props}
            type="text"
            autoComplete="off"
            maxLength={RECORD_RULES.aliasesMax}
            value={performer.aliases}
            onChange={(event) => onChange({ aliases: event.target.value }, 'aliases')}
          />
        )}
      </RecordField>
      <div className={styles.grid}>
        {fileField('id_document')}
        {fileField('release')}
      </div>
    </section>
  );
}

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
  const ctx: FieldsContext = { idPrefix, errors };
  const apply = ({ next, touched }: RecordChange) => onChange(next, touched);
  const confirm = controlProps(ctx, 'rules_confirmed');
  const kind = controlProps(ctx, 'record');

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
            {...confirm}
            type="checkbox"
            checked={values.rulesConfirmed}
            onChange={(event) =>
              onChange({ ...values, rulesConfirmed: event.target.checked }, ['rules_confirmed'])
            }
            required
          />
          {t('upload.records.confirm')}
        </label>
        <ErrorText ctx={ctx} field="rules_confirmed" />
      </fieldset>

      <fieldset className={upload.group} data-testid="records-2257">
        <legend>{t('upload.records.title')}</legend>
        <p className={styles.text}>{t('upload.records.intro')}</p>
        <div
          className={styles.kinds}
          role="radiogroup"
          aria-label={t('upload.records.title')}
          aria-invalid={kind['aria-invalid']}
          aria-describedby={kind['aria-describedby']}
        >
          {(['performers', 'exempt'] as const).map((choice) => (
            <label key={choice} className={styles.kind}>
              <input
                type="radio"
                name="record"
                value={choice}
                checked={values.record === choice}
                onChange={() => apply(chooseRecordKind(values, choice))}
              />
              {t(
                choice === 'performers'
                  ? 'upload.records.kindPerformers'
                  : 'upload.records.kindExempt',
              )}
            </label>
          ))}
        </div>
        <ErrorText ctx={ctx} field="record" />

        {values.record === 'exempt' ? (
          <RecordField ctx={ctx} field="exemption" label={t('upload.records.exemptionLabel')}>
            {(props) => (
              <select
                {...props}
                value={values.exemption}
                onChange={(event) =>
                  onChange({ ...values, exemption: event.target.value }, ['exemption'])
                }
              >
                <option value="">{t('upload.records.exemptionChoose')}</option>
                {RECORD_EXEMPTIONS.map((ground) => (
                  <option key={ground} value={ground}>
                    {t(`upload.records.exemption.${ground}`)}
                  </option>
                ))}
              </select>
            )}
          </RecordField>
        ) : null}

        {values.record === 'performers' ? (
          <>
            <RecordField
              ctx={ctx}
              field="production_date"
              label={t('upload.records.productionDate')}
              hint={t('upload.records.productionDateHint')}
            >
              {(props) => (
                <input
                  {...props}
                  type="date"
                  className={styles.date}
                  value={values.productionDate}
                  onChange={(event) =>
                    onChange({ ...values, productionDate: event.target.value }, ['production_date'])
                  }
                />
              )}
            </RecordField>
            {values.performers.map((performer, index) => (
              <Performer
                key={performer.key}
                ctx={ctx}
                performer={performer}
                n={index + 1}
                removable={values.performers.length > 1}
                onChange={(change, field) =>
                  onChange(
                    {
                      ...values,
                      performers: values.performers.map((p, i) =>
                        i === index ? { ...p, ...change } : p,
                      ),
                    },
                    [performerField(index + 1, field)],
                  )
                }
                onRemove={() => apply(removePerformer(values, index))}
              />
            ))}
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
