import type { TFunction } from 'i18next';
import { RECORD_RULES, recordErrorInfo } from '../../../contracts/records.rules.ts';
import { errorText } from '../../lib/errors.ts';

// The upload form's 2257 declaration (decision 0055) as the browser holds it, apart from how
// it looks: the words of its failures.

/** The words of a declaration field's failure, with the numbers it names. */
export function recordErrorText(t: TFunction, field: string, code: string): string {
  if (field === 'rules_confirmed') return t('upload.records.confirmRequired');
  if (code === 'file_invalid_type') return t('upload.records.fileType');
  if (code === 'file_too_large') {
    return t('upload.records.fileSize', { mb: RECORD_RULES.fileMaxBytes / 1024 / 1024 });
  }
  return errorText(t, code, recordErrorInfo(field, code));
}
