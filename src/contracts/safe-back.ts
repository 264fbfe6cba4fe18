// Where the language picker and a sign-in return to: the `back` value when it is a path on
// this site, else the main page. Never another host: browsers drop tabs and newlines from
// URLs, so `/\t/evil.example` would become the protocol-relative `//evil.example`.

const PROBE_ORIGIN = 'https://site.invalid';

export function safeBack(back: unknown): string {
  if (typeof back !== 'string' || !back.startsWith('/') || back.startsWith('//')) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (back.includes('\\') || /[\u0000-\u001f\u007f]/.test(back)) return '/';
  try {
    if (new URL(back, PROBE_ORIGIN).origin !== PROBE_ORIGIN) return '/';
  } catch {
    return '/';
  }
  return back;
}
