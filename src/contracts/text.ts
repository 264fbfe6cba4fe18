// Text the site accepts from anyone (decision 0026). PostgreSQL refuses U+0000 in text and
// a query holding it fails as a whole; the other C0 controls and lone UTF-16 surrogates are
// never typed by a person, break sorting, search and display, and a lone surrogate silently
// becomes U+FFFD on its way to the database. Tab, newline and carriage return stay: comments,
// messages and descriptions hold lines. Shared by the server (every input, once) and the web
// app (the search box), so both draw the same line.

/** True when every character of the text may be stored and shown. */
export function isCleanText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return false;
  }
  // Lone surrogates: only well-formed pairs (emoji and other astral characters) pass.
  return text.isWellFormed();
}

/** A name fit to echo back as a failure's `field`: the refused characters dropped. */
export function fieldName(name: string): string {
  let out = '';
  for (const char of name.slice(0, 64)) {
    if (isCleanText(char) && char !== '\uFFFD') out += char;
  }
  return out || 'form';
}

/**
 * One component of a URL query or form body, decoded as browsers encode it (`+` is a space,
 * `%XX` bytes are UTF-8). Undefined when the bytes are not UTF-8 (`%FF`, the overlong
 * `%C0%80`, the surrogate `%ED%A0%80`, a cut `%E2%82`) or an escape is broken (`%zz`):
 * lenient decoders turn these into U+FFFD or keep them raw, and either hides a forgery.
 */
export function decodeComponent(raw: string): string | undefined {
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

export type FormDecoding =
  | { ok: true; fields: [name: string, value: string][] }
  | { ok: false; field: string };

/**
 * An `application/x-www-form-urlencoded` text (a body, or a URL's query) decoded strictly,
 * pair by pair, in order (repeated names are kept: callers choose which wins).
 */
export function decodeForm(text: string): FormDecoding {
  const fields: [string, string][] = [];
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const rawName = equals === -1 ? pair : pair.slice(0, equals);
    const rawValue = equals === -1 ? '' : pair.slice(equals + 1);
    const name = decodeComponent(rawName);
    if (name === undefined) return { ok: false, field: fieldName(rawName) };
    const value = decodeComponent(rawValue);
    if (value === undefined) return { ok: false, field: fieldName(name) };
    fields.push([name, value]);
  }
  return { ok: true, fields };
}
