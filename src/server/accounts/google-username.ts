import { checkSignup, SIGNUP_RULES } from '../../contracts/auth.rules.ts';

// The username of an account made by "Sign in with Google" (decision 0016). Usernames are
// public on this site, so only the first name is used: never the family name or the email,
// which together with the site would name the person. Letters outside latin are spelled in
// latin where that is plain (accents, Cyrillic); what is left must pass the sign-up rules.

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
};

// Latin letters that do not decompose into a base letter and a mark.
const LATIN: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Room left for a `_123456` suffix within the longest username. */
const BASE_MAX = SIGNUP_RULES.usernameMax - 7;
const FALLBACK = 'member';

function toLatin(text: string): string {
  let out = '';
  for (const char of text.normalize('NFKD').replace(/\p{M}/gu, '')) {
    const lower = char.toLowerCase();
    const mapped = CYRILLIC[lower] ?? LATIN[lower];
    if (mapped === undefined) out += char;
    else out += char === lower ? mapped : mapped.charAt(0).toUpperCase() + mapped.slice(1);
  }
  return out;
}

/** The name as a username: latin letters, digits and single `_ . -` inside; '' if too short. */
export function usernameFromName(name: string): string {
  const cleaned = toLatin(name)
    .replace(/[\s_]+/g, '_')
    .replace(/[^A-Za-z0-9_.-]/g, '')
    .replace(/[_.-]{2,}/g, (run) => run.charAt(0))
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(0, BASE_MAX)
    .replace(/[_.-]+$/, '');
  return cleaned;
}

export interface GoogleProfile {
  givenName?: string | undefined;
  name?: string | undefined;
}

/** The stem of the new username: the first name, else the first word of the name. */
export function usernameBase(profile: GoogleProfile): string {
  const first = usernameFromName(profile.givenName ?? '');
  if (first !== '') return first;
  const word = usernameFromName((profile.name ?? '').trim().split(/\s+/)[0] ?? '');
  return word !== '' ? word : FALLBACK;
}

const isValid = (username: string) =>
  !checkSignup({ username, email: 'a@b.co', pwd: 'x'.repeat(SIGNUP_RULES.passwordMin) }).some(
    (error) => error.field === 'username',
  );

/**
 * Usernames to try in order: the stem itself (when long enough), then with short random
 * numbers, then longer ones. Every one passes the sign-up rules.
 */
export function usernameCandidates(base: string, random: () => number = Math.random): string[] {
  const stem = usernameFromName(base) || FALLBACK;
  const out: string[] = [];
  if (stem.length >= SIGNUP_RULES.usernameMin) out.push(stem);
  const digits = (n: number) => String(Math.floor(random() * 10 ** n)).padStart(n, '0');
  for (let i = 0; i < 4; i++) out.push(`${stem}_${digits(3)}`);
  for (let i = 0; i < 4; i++) out.push(`${stem}_${digits(6)}`);
  return [...new Set(out)].filter(isValid);
}
