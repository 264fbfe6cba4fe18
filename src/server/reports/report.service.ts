import type { FieldError } from '../../contracts/auth.rules.ts';
import { CAPTCHA_FIELD } from '../../contracts/captcha.ts';
import { AppError } from '../../contracts/errors.ts';
import {
  checkReport,
  parseReportObject,
  REPORT_FIELDS,
  REPORT_LIMITS,
  type ReportField,
  type ReportSubject,
  reportMessage,
} from '../../contracts/report.rules.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import type { MailOutbox } from '../kernel/mail/mail-outbox.ts';
import type { ReportRepository } from './report.repository.ts';
import { inspectReportImage, renderReportImage } from './report-image.ts';
import { reportMail } from './report-mail.ts';

// The contact form and the Report entries (SPEC.md §5, §7 `report.php`; decision 0031). A
// report is checked whole before anything is kept: the fields, the picture's header, the
// object it names, then the captcha (spent only by a report that is otherwise fine), then
// the picture is decoded and written again. It is stored, and mailed to the operator; a
// mail that cannot go out now is kept and sent later (decision 0051), never lost.

export interface ReportSender {
  ip: string;
  userAgent: string;
  lang: string;
  member: { id: number; username: string } | null;
}

export interface ReportForm {
  fields: Record<string, string>;
  file: Buffer | undefined;
}

/**
 * The page the form was sent from, as a path of this site: a path, or an address on the
 * site's own origin; anything else is dropped (it is context, not evidence).
 */
export function referrerPath(raw: string, publicUrl: string): string {
  const value = raw.trim();
  let path = '';
  if (value.startsWith('/') && !value.startsWith('//')) {
    path = value;
  } else {
    try {
      const url = new URL(value);
      if (url.origin === new URL(publicUrl).origin) path = `${url.pathname}${url.search}`;
    } catch {
      path = '';
    }
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a path is one line
  return /[\s\u0000-\u001f]/.test(path) ? '' : path.slice(0, REPORT_LIMITS.referrerMax);
}

const refuse = (errors: FieldError[]) => AppError.form(errors);

export function createReportService(deps: {
  reports: ReportRepository;
  captcha: Pick<CaptchaService, 'verify'>;
  /** Sends the operator's mail, or keeps it for the retry job; marks the report notified. */
  outbox: Pick<MailOutbox, 'send'>;
  site: { name: string; url: string };
  /** Where reports are mailed (CONTACT_EMAIL). */
  contactEmail: string;
}) {
  return {
    async submit(form: ReportForm, sender: ReportSender): Promise<{ id: number }> {
      const input = Object.fromEntries(
        REPORT_FIELDS.map((name) => [name, form.fields[name] ?? '']),
      ) as Record<ReportField, string>;
      const proof = form.fields[CAPTCHA_FIELD] ?? '';
      // A form whose file input was left empty still sends the part, with no bytes.
      const file = form.file && form.file.length > 0 ? form.file : undefined;

      const errors = checkReport(input);
      if (file) {
        const header = await inspectReportImage(file);
        if (!header.ok) errors.push({ field: 'file', code: header.code });
      }
      if (proof === '') errors.push({ field: CAPTCHA_FIELD, code: 'captcha_required' });
      if (errors.length > 0) throw refuse(errors);

      const object = parseReportObject(input.object_type, input.object_id) ?? null;
      const described = object ? await deps.reports.describe(object) : undefined;
      if (object && !described) throw refuse([{ field: 'object_id', code: 'invalid_params' }]);

      if ((await deps.captcha.verify(proof, 'contact')) !== 'ok') {
        throw refuse([{ field: CAPTCHA_FIELD, code: 'captcha_invalid' }]);
      }

      let attachment: { data: Buffer; width: number; height: number } | null = null;
      if (file) {
        const image = await renderReportImage(file);
        if (!image.ok) throw refuse([{ field: 'file', code: image.code }]);
        attachment = { data: image.data, width: image.width, height: image.height };
      }

      const report = {
        subject: input.subject as ReportSubject,
        email: input.email.trim(),
        message: reportMessage(input.message),
        object,
        referrer: referrerPath(input.referrer, deps.site.url),
        reporterId: sender.member?.id ?? null,
        ip: sender.ip,
        userAgent: sender.userAgent.slice(0, 500),
        lang: sender.lang,
        attachment,
      };
      const id = await deps.reports.insert(report);
      // Stored is what matters: the inbox has it; a mail that cannot go now goes later.
      await deps.outbox.send(
        reportMail({
          ...report,
          id,
          site: deps.site,
          to: deps.contactEmail,
          object: object && described ? { ...object, ...described } : null,
          reporter: sender.member,
        }),
        { purpose: 'report', refId: id },
      );
      return { id };
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
