import { createHmac, timingSafeEqual } from 'node:crypto';

// SPEC.md §4 lets a visitor who came from a sister site with a `source` or `promo` query past
// the UK gate. Only the landing request carries that Referer and query; the API calls and
// pages of the rest of the visit do not. A signed cookie remembers the referral for the visit
// (decision 0025), so the page's data and the next pages follow the page's own decision. It
// is signed so that a client cannot give itself the exemption by setting a cookie.

export const AGE_REFERRED_COOKIE = 'age_referred';

/** How long a referral lets the visitor past the UK gate, at most (the cookie is per session). */
export const REFERRAL_TTL_S = 12 * 3600;

function sign(secret: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(`age-referred:${expires}`)
    .digest('base64url')
    .slice(0, 27);
}

/** The cookie value of a referral made now: its expiry and the signature of it. */
export function referralToken(secret: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + REFERRAL_TTL_S;
  return `${expires}.${sign(secret, expires)}`;
}

/** Whether a cookie value is a referral this site signed that has not expired. */
export function referralValid(secret: string, token: unknown, now = Date.now()): boolean {
  if (typeof token !== 'string') return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{27})$/.exec(token);
  if (!match?.[1] || !match[2]) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= now) return false;
  return timingSafeEqual(Buffer.from(sign(secret, expires)), Buffer.from(match[2]));
}
