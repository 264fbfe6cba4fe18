// The network's encoding of download URLs (API-CONTRACT.md "video_url encoding"): base64 of
// the path, then some latin letters swapped for look-alike Cyrillic ones and three symbols
// for others. Clients decode it; the table must stay exactly as it is. Web APIs only (atob,
// TextDecoder), no Buffer: the download page decodes in the browser.

const TABLE: ReadonlyArray<readonly [string, string]> = [
  ['S', '\u0405'],
  ['I', '\u0406'],
  ['J', '\u0408'],
  ['A', '\u0410'],
  ['B', '\u0412'],
  ['E', '\u0415'],
  ['K', '\u041A'],
  ['M', '\u041C'],
  ['H', '\u041D'],
  ['O', '\u041E'],
  ['P', '\u0420'],
  ['C', '\u0421'],
  ['X', '\u0425'],
  ['/', ','],
  ['+', '.'],
  ['=', '~'],
];

const ENCODE = new Map(TABLE);
const DECODE = new Map(TABLE.map(([plain, coded]) => [coded, plain]));

export function encodeVideoUrl(path: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(path)) binary += String.fromCharCode(byte);
  const base64 = btoa(binary);
  let out = '';
  for (const char of base64) out += ENCODE.get(char) ?? char;
  return out;
}

/** Reverses encodeVideoUrl; undefined when the text is not a valid encoding. */
export function decodeVideoUrl(encoded: string): string | undefined {
  let base64 = '';
  for (const char of encoded) base64 += DECODE.get(char) ?? char;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) return undefined;
  return new TextDecoder().decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
}
