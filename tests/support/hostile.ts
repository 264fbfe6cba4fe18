// Text no input may carry (decision 0026; src/contracts/text.ts): NUL, which PostgreSQL
// refuses in text, and its neighbours. Every suite that attacks inputs takes them from here.

/** As strings, for JSON bodies and multipart fields (well-formed ones only there). */
export const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  'ends with nul\u0000',
  '\u0001',
  'colour \u001b[31m',
  '\u000b',
  'lone \ud800 high',
  'lone \udc00 low',
] as const;

/** Sendable in a multipart body: lone surrogates cannot be put into bytes. */
export const HOSTILE_WELL_FORMED = HOSTILE_TEXT.filter((text) => text.isWellFormed());

/**
 * As sent in a URL or a form body, percent-encoded: NUL and a control, then bytes that are
 * not UTF-8 (a lone byte, the overlong NUL, an encoded surrogate, a cut sequence) and broken
 * escapes.
 */
export const HOSTILE_ESCAPES = [
  '%00',
  'a%00b',
  '%01',
  '%1B',
  '%FF',
  'a%C0%80',
  '%ED%A0%80',
  '%E2%82',
  '%',
  'a%zz',
] as const;
