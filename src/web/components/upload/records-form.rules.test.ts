import { describe, expect, it } from 'vitest';
import { allMessages } from '../../../../tests/support/messages.ts';
import type { FieldError } from '../../../contracts/auth.rules.ts';
import { RECORD_RULES } from '../../../contracts/records.rules.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { splitErrors } from '../../lib/form-errors.ts';
import {
  checkRecord,
  chooseRecordKind,
  EMPTY_RECORD,
  emptyPerformer,
  type RecordChange,
  type RecordValues,
  recordErrorText,
  recordFieldNames,
  recordFiles,
  removePerformer,
} from './records-form.rules.ts';

// The upload screen's words: all of them (it loads the account part, which brings the rest).
const { t } = createI18n('en', allMessages('en'));

describe('the words of a declaration failure', () => {
  it('names the length a performer’s name and aliases are held to', () => {
    expect(recordErrorText(t, 'performer_1_name', 'max_length')).toBe(
      `The length should be no more than ${RECORD_RULES.nameMax} characters`,
    );
    expect(recordErrorText(t, 'performer_3_name', 'min_length')).toBe(
      `Must be at least ${RECORD_RULES.nameMin} characters long`,
    );
    expect(recordErrorText(t, 'performer_2_aliases', 'max_length')).toBe(
      `The length should be no more than ${RECORD_RULES.aliasesMax} characters`,
    );
  });

  it('says the document rules and the confirmation in words of their own', () => {
    expect(recordErrorText(t, 'performer_1_release', 'file_too_large')).toBe(
      `The file is larger than ${RECORD_RULES.fileMaxBytes / 1024 / 1024} MB.`,
    );
    expect(recordErrorText(t, 'rules_confirmed', 'required')).toBe(
      'Confirm this to publish the video.',
    );
    expect(recordErrorText(t, 'performer_1_name', 'required')).not.toMatch(/\{\{/);
  });
});

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const performer = (name: string) => ({
  ...emptyPerformer(),
  name,
  birthDate: '1990-01-01',
  id_document: pdf(`${name}-id.pdf`),
  release: pdf(`${name}-release.pdf`),
});
const declared: RecordValues = {
  ...EMPTY_RECORD,
  rulesConfirmed: true,
  record: 'performers',
  productionDate: '2020-05-10',
  performers: [performer('Ann'), performer('Bea'), performer('Cy')],
};

/** What the form shows after a change: errors of touched fields go, as the forms do it. */
function shownAfter({ next, touched }: RecordChange, errors: FieldError[]) {
  const kept = errors.filter((e) => !touched.includes(e.field));
  const { byField, form } = splitErrors(kept, recordFieldNames(next));
  return { fields: [...byField.keys()], form };
}

describe('changes of the declaration', () => {
  it('drops every performer’s error when one is removed: none moves or falls to the form', () => {
    const errors: FieldError[] = [
      { field: 'performer_2_name', code: 'min_length' },
      { field: 'performer_3_birth_date', code: 'performer_under_age' },
    ];
    const removed = removePerformer(declared, 1);
    expect(removed.next.performers.map((p) => p.name)).toEqual(['Ann', 'Cy']);
    expect(shownAfter(removed, errors)).toEqual({ fields: [], form: undefined });
    expect(
      shownAfter(removed, [...errors, { field: 'production_date', code: 'required' }]).fields,
    ).toEqual(['production_date']);
  });

  it('forgets the documents when the exemption is chosen, as the file inputs do', () => {
    const exempt = chooseRecordKind(declared, 'exempt');
    expect(exempt.touched).toEqual(
      expect.arrayContaining(['record', 'performer_1_id_document', 'performer_3_release']),
    );
    const back = chooseRecordKind(exempt.next, 'performers');
    expect(back.next.performers.map((p) => p.name)).toEqual(['Ann', 'Bea', 'Cy']);
    expect(recordFiles(back.next)).toEqual({});
    expect(checkRecord(back.next).map((e) => `${e.field} ${e.code}`)).toContain(
      'performer_1_id_document required',
    );
  });

  it('starts the performers with one empty performer', () => {
    const { next, touched } = chooseRecordKind(EMPTY_RECORD, 'performers');
    expect(next.performers).toHaveLength(1);
    expect(touched).toEqual(['record']);
  });
});
