import type { ReportSubject } from '../../contracts/report.rules.ts';
import { escapeHtml } from '../kernel/mail/mail-html.ts';
import type { MailMessage } from '../kernel/mail/mailer.ts';

// The mail a report sends the operator (CONTACT_EMAIL): in English, the operator's language
// whatever the sender's; answering it writes to the sender. Everything the sender typed is
// plain text here and escaped in the HTML part.

const SUBJECT_TITLES: Record<ReportSubject, string> = {
  dmca: 'DMCA / copyright',
  technical: 'Technical problem',
  inappropriate: 'Inappropriate content',
  support: 'Support',
};

/** A mail header must stay on one line, and a subject short. */
const oneLine = (value: string, max: number) => {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

export interface ReportMailInput {
  id: number;
  site: { name: string; url: string };
  to: string;
  subject: ReportSubject;
  email: string;
  message: string;
  /** The object reported: its type and id, and how the repository described it. */
  object: { type: string; id: number; label: string; path: string } | null;
  referrer: string;
  reporter: { id: number; username: string } | null;
  ip: string;
  lang: string;
  attachment: { data: Buffer; width: number; height: number } | null;
}

export function reportMail(input: ReportMailInput): MailMessage {
  const title = SUBJECT_TITLES[input.subject];
  const link = (path: string) => (path ? `${input.site.url}${path}` : '');
  const objectLink = input.object ? link(input.object.path) : '';
  const rows: [string, string][] = [
    ['Report', `#${input.id}`],
    ['Subject', title],
    ['From', input.email],
  ];
  if (input.reporter) {
    rows.push(['Member', `${input.reporter.username} (${link(`/members/${input.reporter.id}/`)})`]);
  }
  if (input.object) {
    const { type, id, label } = input.object;
    rows.push(['About', `${type} ${id}: ${label}${objectLink ? ` (${objectLink})` : ''}`]);
  }
  if (input.referrer) rows.push(['Sent from', link(input.referrer)]);
  rows.push(['Language', input.lang], ['Address', input.ip]);
  if (input.attachment) {
    const { width, height } = input.attachment;
    rows.push(['Attachment', `report-${input.id}.webp (${width}x${height})`]);
  }
  const about = input.object ? ` – ${input.object.type} ${input.object.id}` : '';
  return {
    to: input.to,
    replyTo: input.email,
    subject: oneLine(`[${input.site.name}] ${title}${about} (report #${input.id})`, 200),
    ...(objectLink ? { link: objectLink } : {}),
    text: [
      ...rows.map(([name, value]) => `${name}: ${value}`),
      '',
      input.message,
      '',
      `Answer this mail to write to ${input.email}.`,
    ].join('\n'),
    html: [
      '<!doctype html><html lang="en"><body style="font-family:sans-serif;line-height:1.5">',
      '<table style="border-collapse:collapse">',
      ...rows.map(
        ([name, value]) =>
          `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
      `<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
      `<p style="font-size:12px;color:#555">Answer this mail to write to ${escapeHtml(input.email)}.</p>`,
      '</body></html>',
    ].join(''),
    ...(input.attachment
      ? {
          attachments: [
            {
              filename: `report-${input.id}.webp`,
              content: input.attachment.data,
              contentType: 'image/webp',
            },
          ],
        }
      : {}),
  };
}
