// The member's own data (GDPR, issue 17, decision 0057): the export a member downloads and
// the deletion of their account. Shared by the server, the /edit/ screen and the privacy
// page, which states the purge time.

/**
 * Everything that was a deleted member's is removed or anonymised within this many days
 * (the purge job runs minutes after the request; the nightly sweep catches any it missed).
 */
export const ACCOUNT_PURGE_DAYS = 30;

/** Exports per member in an hour: each is a heavy set of queries. */
export const EXPORTS_PER_HOUR = 3;

/** Deletion attempts per member (or address) in ten minutes: a password is tried each time. */
export const DELETE_ATTEMPTS_PER_TEN_MINUTES = 10;

/** The download's file name: `afterglow-data-{username}-{date}.json`. */
export function exportFileName(site: string, username: string, at: Date): string {
  const safe = (value: string) => value.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 40);
  return `${safe(site.toLowerCase()) || 'site'}-data-${safe(username)}-${at.toISOString().slice(0, 10)}.json`;
}

/**
 * The tombstone of a deleted account: its username and address are freed at once (anyone
 * may register them again) and the row keeps only its id, for the moderation records that
 * name it. Neither value can be signed up or signed in with (a colon is no username
 * character; an address without `@` is none). The address says `purge-pending` until the
 * purge has run, then `deleted`: the nightly sweep reads which.
 */
export const tombstone = {
  username: (id: number) => `deleted:${id}`,
  pendingEmail: (id: number) => `purge-pending:${id}`,
  purgedEmail: (id: number) => `deleted:${id}`,
} as const;

/** The form of `POST /api/account_delete.php`. */
export const DELETE_FIELDS = ['pwd', 'confirm', 'usr', 'captcha'] as const;
