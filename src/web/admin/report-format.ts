import type { ReportRow, VideoState } from '../../contracts/moderation.schema.ts';
import {
  MODERATION_REASONS,
  type ModerationReason,
  REASON_LABELS,
  type ReportState,
} from '../../contracts/moderation.ts';
import type { ReportSubject } from '../../contracts/report.rules.ts';

// The inbox's and the takedowns' wordings (staff strings stay English, decision 0043).

export const SUBJECT_LABELS: Readonly<Record<ReportSubject, string>> = {
  dmca: 'DMCA / copyright',
  technical: 'Technical',
  inappropriate: 'Inappropriate',
  support: 'Support',
};

export const REPORT_STATE_LABELS: Readonly<Record<ReportState, string>> = {
  new: 'New',
  in_progress: 'In progress',
  resolved: 'Resolved',
  rejected: 'Rejected',
};

/** A subject or state the server may add later still reads as itself. */
export const subjectLabel = (subject: string) =>
  SUBJECT_LABELS[subject as ReportSubject] ?? subject;
export const stateLabel = (state: string) => REPORT_STATE_LABELS[state as ReportState] ?? state;

/** A moderation reason in the console's words; the strikes' ban reads as itself. */
export const reasonLabel = (reason: string) =>
  (MODERATION_REASONS as readonly string[]).includes(reason)
    ? REASON_LABELS[reason as ModerationReason]
    : reason === 'repeat_infringer'
      ? 'Repeat infringer (strikes)'
      : reason;

/** The first words of a message on one line, cut at a word and marked when cut. */
export function firstWords(message: string, max = 140): string {
  const line = message.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** Who sent it: the member's name when signed in, else the address they gave. */
export function senderOf(row: Pick<ReportRow, 'email' | 'reporter'>): string {
  return row.reporter ? row.reporter.username : row.email;
}

/**
 * What the takedown dialog says of a refusal, in the console's words; undefined for a failure
 * the server's own message tells as well (the network, a lost session).
 */
export function takedownProblem(
  failure: {
    code: string;
    field?: string | undefined;
  },
  /** What is taken down: a video unless said otherwise (decision 0047). */
  noun = 'video',
): string | undefined {
  if (failure.code === 'already_added') return `This ${noun} is already taken down.`;
  if (failure.code === 'not_found') return `This ${noun} no longer exists.`;
  if (failure.field === 'note') {
    return failure.code === 'max_length'
      ? 'The note is too long.'
      : 'Write a note for this reason.';
  }
  if (failure.field === 'reason') return 'Pick a reason (1–9, 0).';
  return undefined;
}

/** Where a reported video stands, as the report screen names it. */
export const VIDEO_STANDING: Readonly<Record<VideoState, string>> = {
  disabled: 'Disabled',
  active: 'Published',
  error: 'Failed to encode',
  processing: 'Encoding',
  deleted: 'Deleted',
  review: 'Waiting for review',
  rejected: 'Rejected',
  removed: 'Taken down',
};

/** What the takedown dialog's box settles: this report, the other open ones about the video, or both. */
export function resolveLabel(thisReport: number | null, others: number): string {
  const rest = others === 1 ? 'the other open report' : `the ${others} other open reports`;
  if (thisReport === null) return `Mark ${rest} about it resolved`;
  return others === 0
    ? `Mark report #${thisReport} resolved`
    : `Mark report #${thisReport} and ${rest} about it resolved`;
}
