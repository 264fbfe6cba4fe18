import { LANGUAGE_COOKIE, LOGOUT_COOKIE } from '../../contracts/constants.ts';

// Signing in and out from the browser (SPEC.md §4 Auth). Both end in a full page load, so
// every part of the page is rendered again by the server for the member, or the visitor.

export const LOGOUT_COOKIE_VALUE = `${LOGOUT_COOKIE}=1; Path=/; SameSite=Lax`;

export function logOut(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed value; the Cookie Store API is missing in older Safari and Firefox
  document.cookie = LOGOUT_COOKIE_VALUE;
  window.location.reload();
}

/**
 * After a sign-in: SPEC.md §4 clears the stored language value (the member's own language
 * comes from the server), then the page loads again, at `target` when given.
 */
export function enterAsMember(target?: string): void {
  try {
    window.localStorage.removeItem(LANGUAGE_COOKIE);
  } catch {
    // Storage disabled: nothing was stored.
  }
  if (target === undefined) window.location.reload();
  else window.location.assign(target);
}
