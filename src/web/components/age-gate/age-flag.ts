import { AGE_CONFIRMED_KEY } from '../../lib/age-gate.ts';

// The general gate's flag (SPEC.md §3 "age-verified flag"): kept in the browser and in a
// cookie of the same name, so the server renders the gate only for visitors who have not
// passed it (the cookie notice does the same, docs/decisions/0009).

const YEAR_SECONDS = 365 * 24 * 3600;

export function rememberAgeConfirmed(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed value; the Cookie Store API is missing in older Safari and Firefox
  document.cookie = `${AGE_CONFIRMED_KEY}=1; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax`;
  try {
    window.localStorage.setItem(AGE_CONFIRMED_KEY, '1');
  } catch {
    // Storage disabled: the cookie alone remembers.
  }
}

/** The flag as the browser keeps it (it outlives a cleared cookie). */
export function storedAgeConfirmed(): boolean {
  try {
    return window.localStorage.getItem(AGE_CONFIRMED_KEY) === '1';
  } catch {
    return false;
  }
}
