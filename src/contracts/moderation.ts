// The moderation vocabulary shared by the server, the console and the member's pages
// (issue 16, decision 0043).

/**
 * Why a moderator rejects an upload or removes something: the forbidden content of SPEC.md §5,
 * then spam, copyright, quality, and `other`, which needs a note.
 */
export const MODERATION_REASONS = [
  'minors',
  'animals',
  'non_consent',
  'incest',
  'violence',
  'gore',
  'spam',
  'copyright',
  'quality',
  'other',
] as const;
export type ModerationReason = (typeof MODERATION_REASONS)[number];

export const isModerationReason = (value: string): value is ModerationReason =>
  (MODERATION_REASONS as readonly string[]).includes(value);

/** The reasons in the console's words (staff strings stay English). */
export const REASON_LABELS: Readonly<Record<ModerationReason, string>> = {
  minors: 'Minors or anyone looking underage',
  animals: 'Animals',
  non_consent: 'Rape or non-consent',
  incest: 'Incest',
  violence: 'Violence',
  gore: 'Gore',
  spam: 'Spam or advertising',
  copyright: 'Copyright',
  quality: 'Quality (broken, unwatchable, misleading)',
  other: 'Other (explain in the note)',
};

/**
 * Why a member was banned: a moderation reason staff chose, or `repeat_infringer` when their
 * strikes in force reached STRIKES_TO_BAN (decision 0048).
 */
export const BAN_REASONS = [...MODERATION_REASONS, 'repeat_infringer'] as const;
export type BanReason = (typeof BAN_REASONS)[number];

/** Longest moderator note and appeal text. */
export const MODERATION_NOTE_MAX = 2000;

/** What the audit log records (`audit_log.action`). */
export const AUDIT_ACTIONS = [
  'video.approve',
  'video.reject',
  'member.trust',
  'member.untrust',
  'report.assign',
  'report.state',
  'report.answer',
  'video.takedown',
  'video.restore',
  'video.edit',
  'member.ban',
  'member.unban',
  'member.strike',
  'member.strike_revoke',
  'member.comments_remove',
  'wall_post.hide',
  'wall_post.unhide',
  'comment.takedown',
  'comment.restore',
  'playlist.takedown',
  'playlist.restore',
  'album.takedown',
  'album.restore',
  'dmca.record',
  'dmca.action',
  'dmca.reject',
  'dmca.lawsuit',
  'dmca.restore',
  'appeal.uphold',
  'appeal.reverse',
  'age_check.pass',
  'age_check.fail',
  'age_check.expire',
  // A member's own data (decision 0057): an export, an account deleted, its purge done.
  'member.export',
  'member.delete',
  'member.purge',
  'records.read',
  'records.read_document',
  'video.reupload_refused',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The objects staff act on (`audit_log.object_type`). */
export const MODERATED_OBJECTS = [
  'video',
  'comment',
  'playlist',
  'album',
  'member',
  'report',
  'wall_post',
  'dmca',
] as const;
export type ModeratedObject = (typeof MODERATED_OBJECTS)[number];

/** Rows per page of every console list. */
export const CONSOLE_PAGE_SIZE = 50;

/** How many pages a console list of `total` rows has: one at least, for the empty state. */
export const consolePages = (total: number): number =>
  Math.max(1, Math.ceil(total / CONSOLE_PAGE_SIZE));

/** Where a report stands in the inbox (`reports.state`). */
export const REPORT_STATES = ['new', 'in_progress', 'resolved', 'rejected'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** Longest answer mailed to whoever sent a report. */
export const REPORT_ANSWER_MAX = 5000;
