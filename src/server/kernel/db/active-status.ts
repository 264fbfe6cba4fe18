import { VIDEO_STATUS } from '../../../contracts/constants.ts';

// SPEC.md §4 and VIDEO_STATUS: only an active video is public. A disabled (0), failed (2),
// processing (3) or deleted (5) one takes no comment, vote, view, favourite, watch-later or
// playlist add from anyone and answers as if it were missing; taking it off one's own lists
// works whatever its status. Albums share the status ids. Every such check is this one
// predicate (decision 0026), so a new status cannot be public in one place and not another.

/** SQL: the `videos` or `albums` row is active; prefix it with the table's alias if any. */
export const ACTIVE_STATUS = `status_id = ${VIDEO_STATUS.active}`;
