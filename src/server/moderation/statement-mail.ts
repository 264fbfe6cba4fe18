import type { Logger } from 'pino';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../contracts/constants.ts';
import { isModerationReason, type ModerationReason } from '../../contracts/moderation.ts';
import { escapeHtml } from '../kernel/mail/mail-html.ts';
import { type FindRecipient, fill, screenLocaleSection } from '../kernel/mail/mail-locale.ts';
import type { MailOutbox } from '../kernel/mail/mail-outbox.ts';
import type { MailMessage } from '../kernel/mail/mailer.ts';

// The statement of reasons by mail (DSA art. 17, decision 0043): what was decided about which
// upload, why, the moderator's note, and where to read it and appeal (the member's own
// profile: the uploaded videos tab, with the "Moderation decisions" of their other objects). In the member's language where the texts exist (the screen locale files'
// `moderation` section, the words the tab shows too), else English. A mail that fails is
// logged and left unmarked (`mailed_at` null) so it can be sent again; the decision stands.

interface Texts {
  subject: string;
  removedSubject: string;
  greeting: string;
  rejected: string;
  removed: string;
  reason: string;
  note: string;
  appeal: string;
  /** A removal is appealed from the uploads tab too (decision 0049). */
  removedAppeal: string;
  /** A comment, playlist or album taken down (decision 0047). */
  removedCommentSubject: string;
  removedComment: string;
  removedPlaylistSubject: string;
  removedPlaylist: string;
  removedAlbumSubject: string;
  removedAlbum: string;
  removedObjectAppeal: string;
  /** A removal after a DMCA notice: the way to a counter-notice (decision 0049). */
  dmcaAppeal: string;
  /** The video came back after a counter-notice. */
  restoredSubject: string;
  restored: string;
}

const ENGLISH: Texts = {
  subject: 'Your video “{{title}}” was not published',
  removedSubject: 'Your video “{{title}}” was removed from {{site}}',
  greeting: 'Hello {{username}},',
  rejected:
    'A moderator of {{site}} reviewed your video “{{title}}” and decided not to publish it.',
  removed: 'A moderator of {{site}} removed your video “{{title}}” from the site.',
  reason: 'Reason: {{reason}}',
  note: 'Note from the moderator: {{note}}',
  appeal:
    'You can read this decision and appeal it, once, from your uploaded videos; another moderator will look at it again:',
  removedAppeal:
    'You can read this decision and appeal it, once, from your uploaded videos; another moderator will look at it again:',
  removedCommentSubject: 'Your comment was removed from {{site}}',
  removedComment: 'A moderator of {{site}} removed your comment “{{title}}”.',
  removedPlaylistSubject: 'Your playlist “{{title}}” was removed from {{site}}',
  removedPlaylist: 'A moderator of {{site}} removed your playlist “{{title}}” from the site.',
  removedAlbumSubject: 'Your album “{{title}}” was removed from {{site}}',
  removedAlbum: 'A moderator of {{site}} removed your album “{{title}}” from the site.',
  removedObjectAppeal:
    'You can read this decision and appeal it, once, on your profile under “Moderation decisions” (sign in first); another moderator will look at it again:',
  dmcaAppeal:
    'The video was removed after a copyright notice (DMCA). If you believe it was removed by mistake, send a counter-notice from your uploaded videos (“Send counter-notice”); unless the claimant tells us they went to court, the video comes back after 10 to 14 business days:',
  restoredSubject: 'Your video “{{title}}” is back on {{site}}',
  restored:
    'After your counter-notice and the waiting period the law requires, your video “{{title}}” is public again on {{site}}, and the strike it earned is withdrawn.',
};

export const ENGLISH_REASONS: Record<ModerationReason, string> = {
  minors: 'the video shows, or seems to show, a minor',
  animals: 'the video involves animals',
  non_consent: 'the video shows rape or non-consensual acts',
  incest: 'the video shows incest',
  violence: 'the video shows violence',
  gore: 'the video shows gore',
  spam: 'spam or advertising',
  copyright: 'the video infringes someone’s copyright',
  quality: 'the video is broken, unwatchable or misleading',
  other: 'another reason (see the note)',
};

/**
 * The reasons for anything but a video, in words that fit any object: the removed pages
 * name them too (`moderation.removedReasons`).
 */
const ENGLISH_OBJECT_REASONS: Record<ModerationReason, string> = {
  minors: 'content showing, or seeming to show, a minor',
  animals: 'content involving animals',
  non_consent: 'rape or non-consent',
  incest: 'incest',
  violence: 'violence',
  gore: 'gore',
  spam: 'spam or advertising',
  copyright: 'copyright claim',
  quality: 'broken or misleading content',
  other: 'another reason',
};

/** Other languages' texts, when translated (the `moderation.mail` screen strings). */
export type MailTranslations = Partial<
  Record<
    Language,
    Partial<Texts> & {
      reasons?: Partial<Record<ModerationReason, string>>;
      objectReasons?: Partial<Record<ModerationReason, string>>;
    }
  >
>;

/** What a statement is about: a video (by default) or another object taken down. */
export type StatementObject = 'video' | 'comment' | 'playlist' | 'album';

/**
 * The `moderation` section of every screen locale file: what the statement mails of this
 * file and of member-mail.ts are written from.
 */
export const moderationLocales = (dir?: string) => screenLocaleSection('moderation', dir);

export function statementMailTranslations(dir?: string): MailTranslations {
  const translations: MailTranslations = {};
  for (const [lang, section] of Object.entries(moderationLocales(dir))) {
    const words = section as {
      mail?: Partial<Texts>;
      reasons?: Partial<Record<ModerationReason, string>>;
      removedReasons?: Partial<Record<ModerationReason, string>>;
    };
    translations[lang as Language] = {
      ...words.mail,
      reasons: words.reasons ?? {},
      objectReasons: words.removedReasons ?? {},
    };
  }
  return translations;
}

/** The subject and the decision's words of a removal other than a video's. */
const OBJECT_TEXTS = {
  comment: ['removedCommentSubject', 'removedComment'],
  playlist: ['removedPlaylistSubject', 'removedPlaylist'],
  album: ['removedAlbumSubject', 'removedAlbum'],
} as const;

export function rejectionMail(
  input: {
    /** What was decided: an upload not published, or a video taken down. */
    decision?: 'rejected' | 'removed' | 'restored';
    /** What it is about: a video unless said otherwise. */
    objectType?: StatementObject;
    /** A removal after a DMCA notice: the mail says how to send a counter-notice. */
    dmca?: boolean;
    to: string;
    /** The member: the link opens their uploaded videos, where the statement and appeal are. */
    memberId: number;
    lang: string;
    username: string;
    site: { name: string; url: string };
    title: string;
    reason: string;
    note: string;
  },
  translations: MailTranslations = {},
): MailMessage {
  const lang = isLanguage(input.lang) ? input.lang : DEFAULT_LANGUAGE;
  const own = translations[lang] ?? {};
  const objectType = input.objectType ?? 'video';
  const video = objectType === 'video';
  const reasonText = isModerationReason(input.reason)
    ? video
      ? (own.reasons?.[input.reason] ?? ENGLISH_REASONS[input.reason])
      : (own.objectReasons?.[input.reason] ?? ENGLISH_OBJECT_REASONS[input.reason])
    : input.reason;
  const values = {
    site: input.site.name,
    username: input.username,
    title: input.title,
    reason: reasonText,
    note: input.note,
  };
  const text = (key: keyof Texts) => fill(own[key] || ENGLISH[key], values);
  const link = `${input.site.url}/members/${input.memberId}/`;
  const removed = input.decision === 'removed';
  const restored = input.decision === 'restored';
  const [subjectKey, decisionKey]: readonly [keyof Texts, keyof Texts] = !video
    ? OBJECT_TEXTS[objectType]
    : restored
      ? ['restoredSubject', 'restored']
      : removed
        ? ['removedSubject', 'removed']
        : ['subject', 'rejected'];
  const appealKey: keyof Texts = !video
    ? 'removedObjectAppeal'
    : removed
      ? input.dmca
        ? 'dmcaAppeal'
        : 'removedAppeal'
      : 'appeal';
  // A restore is good news: nothing to contest.
  const paragraphs = restored
    ? [text('greeting'), text(decisionKey)]
    : [
        text('greeting'),
        text(decisionKey),
        text('reason'),
        ...(input.note ? [text('note')] : []),
        text(appealKey),
      ];
  return statementMessage({
    to: input.to,
    lang,
    subject: text(subjectKey),
    paragraphs,
    link,
    siteName: input.site.name,
  });
}

/**
 * A statement of reasons as a mail: its paragraphs, then the link to where the member reads
 * it (and appeals), then the site's name; the HTML part the same, escaped. Both statement
 * mails (this file's and member-mail.ts) are written through it.
 */
export function statementMessage(input: {
  to: string;
  lang: string;
  subject: string;
  paragraphs: readonly string[];
  link: string;
  siteName: string;
}): MailMessage {
  const { link, paragraphs } = input;
  return {
    to: input.to,
    subject: input.subject,
    link,
    text: [...paragraphs, link, '', input.siteName].join('\n\n'),
    html: [
      `<!doctype html><html lang="${input.lang}"><body style="font-family:sans-serif;line-height:1.5">`,
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(input.siteName)}</p></body></html>`,
    ].join(''),
  };
}

export interface RejectionNotice {
  decision?: 'rejected' | 'removed' | 'restored';
  /** A video unless said otherwise; `videoTitle` is then the object's title or excerpt. */
  objectType?: StatementObject;
  dmca?: boolean;
  id: number;
  userId: number;
  videoTitle: string;
  reason: string;
  note: string;
}

export function createStatementNotifier(deps: {
  recipient: FindRecipient;
  /** Sends, or keeps it for the retry job; marks the statement mailed once it goes. */
  outbox: Pick<MailOutbox, 'send'>;
  site: { name: string; url: string };
  logger: Logger;
  translations?: MailTranslations;
}) {
  return async (statement: RejectionNotice): Promise<void> => {
    try {
      const member = await deps.recipient(statement.userId);
      // No such member any more, or an unconfirmed address: nobody to mail.
      if (!member) return;
      await deps.outbox.send(
        rejectionMail(
          {
            decision: statement.decision ?? 'rejected',
            objectType: statement.objectType ?? 'video',
            dmca: statement.dmca ?? false,
            to: member.email,
            memberId: statement.userId,
            lang: member.lang,
            username: member.username,
            site: deps.site,
            title: statement.videoTitle,
            reason: statement.reason,
            note: statement.note,
          },
          deps.translations,
        ),
        // A restore is news about a statement already mailed: nothing to mark.
        { purpose: 'statement', refId: statement.decision === 'restored' ? null : statement.id },
      );
    } catch (error) {
      deps.logger.warn({ err: error, statementId: statement.id }, 'statement mail not sent');
    }
  };
}
