import { describe, expect, it } from 'vitest';
import {
  parseDeclaration,
  RECORD_RULES,
  recordErrorInfo,
  sniffRecordFile,
  wasAdultOn,
} from './records.rules.ts';

const TODAY = '2025-06-01';
const files = (...names: string[]) => new Set(names);
const BOTH = files('performer_1_id_document', 'performer_1_release');

describe('the 2257 declaration of an upload', () => {
  it('needs the forbidden content confirmed and a kind of record', () => {
    const parsed = parseDeclaration({}, files(), TODAY);
    expect(parsed).toEqual({
      ok: false,
      errors: [
        { field: 'rules_confirmed', code: 'required' },
        { field: 'record', code: 'required' },
      ],
    });
  });

  it('takes an exemption from the list only', () => {
    const ok = parseDeclaration(
      { rules_confirmed: '1', record: 'exempt', exemption: 'no_real_people' },
      files(),
      TODAY,
    );
    expect(ok).toMatchObject({ ok: true, value: { kind: 'exempt', exemption: 'no_real_people' } });
    const bad = parseDeclaration(
      { rules_confirmed: '1', record: 'exempt', exemption: 'because' },
      files(),
      TODAY,
    );
    expect(bad).toEqual({ ok: false, errors: [{ field: 'exemption', code: 'invalid_params' }] });
  });

  it('asks the first performer’s name, birth date and both documents when none is given', () => {
    const parsed = parseDeclaration({ rules_confirmed: '1', record: 'performers' }, files(), TODAY);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.errors.map((e) => `${e.field} ${e.code}`)).toEqual([
      'production_date required',
      'performer_1_name required',
      'performer_1_birth_date required',
      'performer_1_id_document required',
      'performer_1_release required',
    ]);
  });

  it('refuses a performer under 18 on the date of production, the day before the birthday too', () => {
    const form = (birth: string) => ({
      rules_confirmed: '1',
      record: 'performers',
      production_date: '2020-05-10',
      performer_1_name: 'Jane Example',
      performer_1_birth_date: birth,
    });
    expect(parseDeclaration(form('2002-05-10'), BOTH, TODAY).ok).toBe(true);
    expect(parseDeclaration(form('2002-05-11'), BOTH, TODAY)).toEqual({
      ok: false,
      errors: [{ field: 'performer_1_birth_date', code: 'performer_under_age' }],
    });
  });

  it('reads every performer sent, with aliases, and refuses impossible dates', () => {
    const parsed = parseDeclaration(
      {
        rules_confirmed: '1',
        record: 'performers',
        production_date: '2024-01-15',
        performer_1_name: '  Jane   Example ',
        performer_1_birth_date: '1990-02-28',
        performer_1_aliases: 'JJ, Janie; JJ',
        performer_2_name: 'John Example',
        performer_2_birth_date: '1990-02-30',
      },
      files(...BOTH, 'performer_2_id_document', 'performer_2_release'),
      TODAY,
    );
    expect(parsed).toEqual({
      ok: false,
      errors: [{ field: 'performer_2_birth_date', code: 'invalid_params' }],
    });
    const future = parseDeclaration(
      {
        rules_confirmed: '1',
        record: 'performers',
        production_date: '2031-01-01',
        performer_1_name: 'Jane Example',
        performer_1_birth_date: '1990-02-28',
      },
      BOTH,
      TODAY,
    );
    expect(future).toEqual({
      ok: false,
      errors: [{ field: 'production_date', code: 'invalid_params' }],
    });
  });

  it('counts 29 February birthdays on 1 March', () => {
    expect(wasAdultOn('2004-02-29', '2022-02-28')).toBe(false);
    expect(wasAdultOn('2004-02-29', '2022-03-01')).toBe(true);
  });
});

describe('the numbers of a length failure', () => {
  it('names the bound the declaration was held to', () => {
    const form = (name: string, aliases = '') => ({
      rules_confirmed: '1',
      record: 'performers',
      production_date: '2020-05-10',
      performer_2_name: name,
      performer_2_birth_date: '1990-01-01',
      performer_2_aliases: aliases,
    });
    const both = files('performer_2_id_document', 'performer_2_release');
    const failures = [
      parseDeclaration(form('J'), both, TODAY),
      parseDeclaration(form('J'.repeat(RECORD_RULES.nameMax + 1)), both, TODAY),
      parseDeclaration(form('Jane', 'a'.repeat(RECORD_RULES.aliasesMax + 1)), both, TODAY),
    ].flatMap((parsed) => (parsed.ok ? [] : parsed.errors));
    expect(failures.map((e) => [e.field, e.code, recordErrorInfo(e.field, e.code)])).toEqual([
      ['performer_2_name', 'min_length', { length: RECORD_RULES.nameMin }],
      ['performer_2_name', 'max_length', { length: RECORD_RULES.nameMax }],
      ['performer_2_aliases', 'max_length', { length: RECORD_RULES.aliasesMax }],
    ]);
    expect(recordErrorInfo('performer_1_name', 'required')).toBeUndefined();
    expect(recordErrorInfo('production_date', 'max_length')).toBeUndefined();
  });
});

describe('sniffing a document', () => {
  it('knows JPEG, PNG and PDF by their first bytes, and nothing else', () => {
    expect(sniffRecordFile(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffRecordFile(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'))).toBe('image/png');
    expect(sniffRecordFile(Buffer.from('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffRecordFile(Buffer.from('GIF89a'))).toBeUndefined();
    expect(sniffRecordFile(Buffer.from('<html>'))).toBeUndefined();
  });
});
