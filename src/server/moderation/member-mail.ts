import type { Logger } from 'pino';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../contracts/constants.ts';
import { type BanReason, isModerationReason } from '../../contracts/moderation.ts';
import { type FindRecipient, fill } from '../kernel/mail/mail-locale.ts';
import type { MailOutbox } from '../kernel/mail/mail-outbox.ts';
import type { MailMessage } from '../kernel/mail/mailer.ts';
import { ENGLISH_REASONS, moderationLocales, statementMessage } from './statement-mail.ts';

// Statements of reasons about a member's account (DSA art. 17, decision 0048): a ban, a
// strike, all their comments removed. Mailed in the member's language from the screen locale
// files' `moderation.memberMail` (English where a text is missing), to a banned member too:
// they can no longer sign in to read it on the site. A failed mail is logged and left
// unmarked (`mailed_at` null); the decision stands.

interface Texts {
  greeting: string;
  bannedSubject: string;
  banned: string;
  bannedHidden: string;
  strikeSubject: string;
  strike: string;
  commentsSubject: string;
  comments: string;
  reason: string;
  note: string;
  /** A strike or all comments removed: appealed on the member's profile. */
  contest: string;
  /** A banned member cannot sign in: the contact form. */
  bannedContest: string;
  /** A DMCA notice's strike: countered, not appealed (decision 0049). */
  strikeDmcaContest: string;
}

const ENGLISH: Texts = {
  greeting: 'Hello {{username}},',
  bannedSubject: 'Your account on {{site}} has been banned',
  banned: 'Your account on {{site}} has been banned: you can no longer sign in.',
  bannedHidden: 'Your videos, photo albums, playlists and comments were taken down with it.',
  strikeSubject: 'A strike against your account on {{site}}',
  strike:
    'A strike was recorded against your account on {{site}}. You have {{count}} in force; at {{limit}} the account is banned.',
  commentsSubject: 'Your comments on {{site}} were removed',
  comments: 'A moderator of {{site}} removed your comments ({{count}}) from the site.',
  reason: 'Reason: {{reason}}',
  note: 'Note from the moderator: {{note}}',
  contest:
    'You can read this decision and appeal it, once, on your profile under “Moderation decisions” (sign in first); another moderator will look at it again:',
  bannedContest:
    'To contest this decision, write to us through the contact form at the foot of every page (subject “Support”); another moderator will look at it again:',
  strikeDmcaContest:
    'This strike came with a copyright notice (DMCA): it is withdrawn if your counter-notice brings the videos back. You can send one from your uploaded videos:',
};

const ENGLISH_REPEAT = 'repeated infringements: the strikes against your account reached the limit';

type Reasons = Partial<Record<BanReason, string>>;
export type MemberMailTranslations = Partial<
  Record<Language, Partial<Texts> & { reasons?: Reasons }>
>;

/** `moderation.memberMail` and `moderation.reasons` of every screen locale file (read once). */
export function memberMailTranslations(dir?: string): MemberMailTranslations {
  const translations: MemberMailTranslations = {};
  for (const [lang, section] of Object.entries(moderationLocales(dir))) {
    const words = section as { memberMail?: Partial<Texts>; reasons?: Reasons };
    translations[lang as Language] = { ...words.memberMail, reasons: words.reasons ?? {} };
  }
  return translations;
}

export type MemberDecision =
  | { kind: 'banned'; hidden: boolean }
  | { kind: 'strike'; count: number; limit: number; dmca?: boolean }
  | { kind: 'comments'; count: number };

export interface MemberNotice {
  /** The statement, marked mailed once sent. */
  id: number;
  userId: number;
  decision: MemberDecision;
  reason: string;
  note: string;
}

export function memberMail(
  input: {
    to: string;
    /** The member: a strike's and the comments' mail links to their profile's decisions. */
    memberId: number;
    lang: string;
    username: string;
    site: { name: string; url: string };
    decision: MemberDecision;
    reason: string;
    note: string;
  },
  translations: MemberMailTranslations = {},
): MailMessage {
  const lang = isLanguage(input.lang) ? input.lang : DEFAULT_LANGUAGE;
  const own = translations[lang] ?? {};
  const reason = input.reason as BanReason;
  const reasonText =
    own.reasons?.[reason] ??
    (isModerationReason(input.reason)
      ? ENGLISH_REASONS[input.reason]
      : input.reason === 'repeat_infringer'
        ? ENGLISH_REPEAT
        : input.reason);
  const { decision } = input;
  const values: Record<string, string> = {
    site: input.site.name,
    username: input.username,
    reason: reasonText,
    note: input.note,
    count: 'count' in decision ? String(decision.count) : '',
    limit: decision.kind === 'strike' ? String(decision.limit) : '',
  };
  const text = (key: keyof Texts) => fill(own[key] || ENGLISH[key], values);
  const [subject, body] =
    decision.kind === 'banned'
      ? (['bannedSubject', 'banned'] as const)
      : decision.kind === 'strike'
        ? (['strikeSubject', 'strike'] as const)
        : (['commentsSubject', 'comments'] as const);
  // A banned member cannot sign in: the site's front page, where the contact form is. The
  // rest are read and appealed on their own profile (uploaded videos and "Moderation
  // decisions"), which is also where a DMCA strike's counter-notice is sent.
  const link =
    decision.kind === 'banned'
      ? `${input.site.url}/`
      : `${input.site.url}/members/${input.memberId}/`;
  const contest =
    decision.kind === 'banned'
      ? 'bannedContest'
      : decision.kind === 'strike' && decision.dmca
        ? 'strikeDmcaContest'
        : 'contest';
  const paragraphs = [
    text('greeting'),
    text(body),
    ...(decision.kind === 'banned' && decision.hidden ? [text('bannedHidden')] : []),
    text('reason'),
    ...(input.note ? [text('note')] : []),
    text(contest),
  ];
  return statementMessage({
    to: input.to,
    lang,
    subject: text(subject),
    paragraphs,
    link,
    siteName: input.site.name,
  });
}

export function createMemberNotifier(deps: {
  /** The member's name, address and language, banned or not. */
  recipient: FindRecipient;
  /** Sends, or keeps it for the retry job; marks the statement mailed once it goes. */
  outbox: Pick<MailOutbox, 'send'>;
  site: { name: string; url: string };
  logger: Logger;
  translations?: MemberMailTranslations;
}) {
  return async (notice: MemberNotice): Promise<void> => {
    try {
      const member = await deps.recipient(notice.userId);
      if (!member) return;
      await deps.outbox.send(
        memberMail(
          {
            to: member.email,
            memberId: notice.userId,
            lang: member.lang,
            username: member.username,
            site: deps.site,
            decision: notice.decision,
            reason: notice.reason,
            note: notice.note,
          },
          deps.translations,
        ),
        { purpose: 'statement', refId: notice.id },
      );
    } catch (error) {
      deps.logger.warn({ err: error, statementId: notice.id }, 'statement mail not sent');
    }
  };
}

export type MemberNotifier = ReturnType<typeof createMemberNotifier>;
