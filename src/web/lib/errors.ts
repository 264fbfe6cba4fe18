import type { ErrorCode } from '../../contracts/errors.ts';
import type { TFunction } from '../i18n/i18n.ts';

/** The visitor's-language text of a failure code (SPEC.md §8), with its info values. */
export function errorText(
  t: TFunction,
  code: ErrorCode | string,
  info: Record<string, string | number> = {},
): string {
  const key = `errors.${code}`;
  return t(key, { ...info, defaultValue: t('errors.general_error') });
}
