import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RECORD_RULES } from '../../../contracts/records.rules.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { recordErrorText } from './records-form.rules.ts';

const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../i18n/locales/${file}`, import.meta.url), 'utf8'));
const { t } = createI18n('en', { ...read('en.json'), ...read('screens/en.json') });

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
