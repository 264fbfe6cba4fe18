import { AppError } from '../../contracts/errors.ts';
import { isoTime } from '../../contracts/format.ts';
import type {
  AuditPage,
  ReportItem,
  ReportRow,
  ReportsPage,
} from '../../contracts/moderation.schema.ts';
import {
  CONSOLE_PAGE_SIZE,
  consolePages,
  REPORT_ANSWER_MAX,
  REPORT_STATES,
  type ReportState,
} from '../../contracts/moderation.ts';
import { REPORT_SUBJECTS } from '../../contracts/report.rules.ts';
import { requireStaff } from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import type { Actor } from '../kernel/audit/audit-entry.ts';
import { escapeHtml, paragraphsHtml } from '../kernel/mail/mail-html.ts';
import type { Mailer } from '../kernel/mail/mailer.ts';
import type { ReportRepository } from './report.repository.ts';
import type { InboxFilter, InboxRow, ReportInboxRepository } from './report-inbox.repository.ts';

// The moderation inbox (issue 16): every report from the contact form and the Report
// entries, by state; staff take one, answer its sender by mail and close it (resolved or
// rejected). Reading needs `read:report:any`, acting `update:report:any`; every act is on
// record.

export interface InboxDeps {
  inbox: ReportInboxRepository;
  reports: Pick<ReportRepository, 'describe'>;
  mailer: Mailer;
  site: { name: string; url: string };
  contactEmail: string;
  /** What staff did with a report: the audit log filtered to it. */
  history(viewer: Viewer, reportId: number): Promise<AuditPage>;
}

export interface InboxQuery {
  page: number;
  state: string;
  subject: string;
  q: string;
  mine: boolean;
}

export type InboxAct =
  | { act: 'assign' }
  | { act: 'state'; state: ReportState; note: string }
  | { act: 'answer'; message: string };

/** A form of `POST /api/admin/reports/{id}`, checked. */
export function parseInboxAct(form: Record<string, unknown>): InboxAct {
  const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
  switch (text('act')) {
    case 'assign':
      return { act: 'assign' };
    case 'state': {
      const state = text('state');
      if (state === '') throw AppError.form([{ field: 'state', code: 'required' }]);
      if (!(REPORT_STATES as readonly string[]).includes(state)) {
        throw AppError.form([{ field: 'state', code: 'invalid_params' }]);
      }
      return {
        act: 'state',
        state: state as ReportState,
        note: text('note').trim().slice(0, 2000),
      };
    }
    case 'answer': {
      const message = text('message').trim();
      if (message === '') throw AppError.form([{ field: 'message', code: 'required' }]);
      if (message.length > REPORT_ANSWER_MAX) {
        throw AppError.form([{ field: 'message', code: 'max_length' }]);
      }
      return { act: 'answer', message };
    }
    default:
      throw AppError.form([{ field: 'act', code: 'invalid_params' }]);
  }
}

export function createReportInboxService(deps: InboxDeps) {
  const { inbox } = deps;

  async function toRow(row: InboxRow, message = row.message): Promise<ReportRow> {
    const type = row.object_type;
    const id = row.object_id === null ? null : Number(row.object_id);
    const described = type && id !== null ? await deps.reports.describe({ type, id }) : undefined;
    return {
      id: Number(row.id),
      subject: row.subject,
      state: row.state,
      email: row.email,
      message,
      object:
        type && id !== null
          ? { type, id, label: described?.label ?? '', path: described?.path ?? '' }
          : null,
      reporter:
        row.reporter_id === null
          ? null
          : { id: Number(row.reporter_id), username: row.reporter_name ?? '' },
      assignee:
        row.assignee_id === null
          ? null
          : { id: Number(row.assignee_id), username: row.assignee_name ?? '' },
      created_at: isoTime(row.created_at),
      attachment: row.has_attachment,
    };
  }

  async function found(id: number) {
    const row = await inbox.item(id);
    if (!row) throw new AppError('not_found');
    return row;
  }

  return {
    async list(viewer: Viewer | null, query: InboxQuery): Promise<ReportsPage> {
      const staff = requireStaff(viewer, 'read', 'report');
      const filter: InboxFilter = {};
      if (query.state) {
        if (!(REPORT_STATES as readonly string[]).includes(query.state)) {
          throw new AppError('invalid_params', { field: 'state' });
        }
        filter.state = query.state as ReportState;
      }
      if (query.subject) {
        if (!(REPORT_SUBJECTS as readonly string[]).includes(query.subject)) {
          throw new AppError('invalid_params', { field: 'subject' });
        }
        filter.subject = query.subject;
      }
      if (query.q) filter.q = query.q;
      if (query.mine) filter.assignee = staff.userId;
      const [rows, total] = await Promise.all([
        inbox.list(filter, CONSOLE_PAGE_SIZE, (query.page - 1) * CONSOLE_PAGE_SIZE),
        inbox.count(filter),
      ]);
      return {
        items: await Promise.all(rows.map((row) => toRow(row))),
        total,
        page: query.page,
        pages: consolePages(total),
      };
    },

    async item(viewer: Viewer | null, id: number): Promise<ReportItem> {
      const staff = requireStaff(viewer, 'read', 'report');
      const row = await found(id);
      const [report, same, history] = await Promise.all([
        toRow(row),
        row.object_type && row.object_id !== null
          ? inbox.sameObject({ id, object_type: row.object_type, object_id: Number(row.object_id) })
          : Promise.resolve([]),
        deps.history(staff, id),
      ]);
      return {
        report: {
          ...report,
          referrer: row.referrer,
          lang: row.lang,
          ip: row.ip,
          user_agent: row.user_agent,
          attachment_url: row.has_attachment ? `/api/admin/reports/${id}/attachment` : '',
          resolved_at: row.resolved_at ? isoTime(row.resolved_at) : null,
        },
        same_object: same.map((other) => ({
          id: Number(other.id),
          subject: other.subject,
          state: other.state,
          created_at: isoTime(other.created_at),
        })),
        history: history.items,
      };
    },

    async attachment(viewer: Viewer | null, id: number): Promise<Buffer> {
      requireStaff(viewer, 'read', 'report');
      const image = await inbox.attachment(id);
      if (!image) throw new AppError('not_found');
      return image;
    },

    async act(actor: Actor, id: number, act: InboxAct): Promise<{ success: 1 }> {
      requireStaff(actor.viewer, 'update', 'report');
      const row = await found(id);
      const base = { actor, objectType: 'report' as const, objectId: id };
      switch (act.act) {
        case 'assign':
          await inbox.update(
            id,
            { assigneeId: actor.viewer.userId },
            {
              ...base,
              action: 'report.assign',
              before: { assignee: row.assignee_name },
              after: { assignee: actor.viewer.username },
            },
          );
          break;
        case 'state':
          await inbox.update(
            id,
            { state: act.state },
            {
              ...base,
              action: 'report.state',
              before: { state: row.state },
              after: { state: act.state },
              note: act.note,
            },
          );
          break;
        case 'answer':
          // The mail goes first: an answer on record was sent.
          await deps.mailer.send({
            to: row.email,
            replyTo: deps.contactEmail || undefined,
            subject: `Re: your ${row.subject} report to ${deps.site.name}`,
            text: `${act.message}\n\n${deps.site.name}\n${deps.site.url}`,
            html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphsHtml(
              act.message.split(/\n{2,}/),
            )}<p>${escapeHtml(deps.site.name)}</p></body></html>`,
          });
          await inbox.answered(id, { ...base, action: 'report.answer', note: act.message });
          break;
      }
      return { success: 1 };
    },
  };
}

export type ReportInboxService = ReturnType<typeof createReportInboxService>;
