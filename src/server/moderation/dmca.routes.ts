import type { FastifyInstance } from 'fastify';
import {
  counterNoticeAnswerSchema,
  dmcaActAnswerSchema,
  dmcaNoticeSchema,
  dmcaNoticesPageSchema,
  dmcaRecordAnswerSchema,
} from '../../contracts/dmca.schema.ts';
import { DMCA_NOTICE_STATES, type DmcaNoticeState } from '../../contracts/dmca.ts';
import { AppError } from '../../contracts/errors.ts';
import { successSchema } from '../../contracts/moderation.schema.ts';
import { actorOf, consolePage, consoleQuery, idParam } from '../kernel/http/console-params.ts';
import { describe, formBody } from '../kernel/http/openapi.ts';
import type { DmcaService } from './dmca.service.ts';

// DMCA notices in the console and the member's counter-notice (decision 0049). Private.

function noteOf(body: Record<string, unknown> | undefined): string {
  const note = body?.note ?? '';
  if (typeof note !== 'string') throw AppError.form([{ field: 'note', code: 'invalid_params' }]);
  return note.trim();
}

function stateOf(value: unknown): DmcaNoticeState | null {
  if (value === 'all') return null;
  if (value === undefined || value === '') return null;
  if (typeof value === 'string' && (DMCA_NOTICE_STATES as readonly string[]).includes(value)) {
    return value as DmcaNoticeState;
  }
  throw new AppError('invalid_params', { field: 'state' });
}

const COUNTERS = { max: 30, timeWindow: 60 * 60_000 };

export function dmcaRoutes(dmca: DmcaService) {
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get<{ Querystring: { page?: unknown; state?: unknown; q?: unknown } }>(
      '/api/admin/dmca',
      {
        schema: describe({
          summary: 'DMCA notices',
          tags: ['staff'],
          description:
            'Newest first, 50 a page; `state=received|actioned|rejected` (none or `all`: every state); `q` finds part of the claimant’s name, company or e-mail, of the works, or of a URL the notice names (any case). Staff with `read:report:any`.',
          querystring: {
            page: { description: 'Page, from 1' },
            state: { description: 'received, actioned, rejected or all' },
            q: { description: 'Search text, up to 100 characters' },
          },
          response: dmcaNoticesPageSchema,
          failures: [401, 403],
        }),
      },
      async (request) =>
        dmca.list(request.viewer, {
          page: consolePage(request.query.page),
          state: stateOf(request.query.state),
          q: consoleQuery(request.query.q),
        }),
    );

    app.post<{ Body: Record<string, unknown> }>(
      '/api/admin/dmca',
      {
        bodyLimit: 262_144,
        schema: {
          ...describe({
            summary: 'Record a DMCA notice',
            tags: ['staff'],
            description:
              'The claimant (`claimant_name`, `claimant_email` required; `claimant_company`, `claimant_address`, `claimant_phone`), `works`, `urls` (one per line, http(s); each naming a video page of the site becomes an item, the others are kept as `not_found`), `good_faith=1` and `signature`; `report_id` when it came through the contact form. Field failures carry `codes` (`required`, `eml_invalid`, `max_length`, `invalid_url`). Staff with `disable:video:any`; needs the session’s `x-csrf-token`.',
            response: dmcaRecordAnswerSchema,
            failures: [401, 403],
          }),
          ...formBody({
            report_id: 'The contact-form report it came as',
            claimant_name: 'Full name',
            claimant_company: 'Company, if any',
            claimant_email: 'E-mail',
            claimant_address: 'Postal address',
            claimant_phone: 'Phone',
            works: 'The copyrighted works',
            urls: 'The infringing URLs, one per line',
            good_faith: '1: the §512(c)(3)(A)(v)-(vi) statements',
            signature: 'Electronic signature',
          }),
        },
      },
      async (request) => dmca.record(actorOf(request), request.body ?? {}),
    );

    app.get<{ Params: { id: string } }>(
      '/api/admin/dmca/:id',
      {
        schema: describe({
          summary: 'A DMCA notice and its items',
          tags: ['staff'],
          params: { id: 'Notice id' },
          response: dmcaNoticeSchema,
          failures: [401, 403],
        }),
      },
      async (request) => dmca.notice(request.viewer, idParam(request.params.id)),
    );

    app.post<{ Params: { id: string }; Body: Record<string, unknown> | undefined }>(
      '/api/admin/dmca/:id/act',
      {
        bodyLimit: 16_384,
        schema: {
          ...describe({
            summary: 'Act on a DMCA notice',
            tags: ['staff'],
            description:
              'Takes down every named video (reason `copyright`), gives each uploader one strike and a statement of reasons saying how to counter, and marks the notice `actioned`. Optional `note` for the members and the record. `already_added` when the notice was decided.',
            params: { id: 'Notice id' },
            response: dmcaActAnswerSchema,
            failures: [401, 403],
          }),
          ...formBody({ note: 'For the members and the record' }),
        },
      },
      async (request) =>
        dmca.act(actorOf(request), idParam(request.params.id), noteOf(request.body)),
    );

    app.post<{ Params: { id: string }; Body: Record<string, unknown> | undefined }>(
      '/api/admin/dmca/:id/reject',
      {
        bodyLimit: 16_384,
        schema: {
          ...describe({
            summary: 'Reject a DMCA notice',
            tags: ['staff'],
            description:
              'An incomplete or abusive notice: nothing is taken down. `note` (required) says why. `already_added` when the notice was decided.',
            params: { id: 'Notice id' },
            response: successSchema,
            failures: [401, 403],
          }),
          ...formBody({ note: 'Why' }),
        },
      },
      async (request) =>
        dmca.reject(actorOf(request), idParam(request.params.id), noteOf(request.body)),
    );

    app.post<{ Params: { id: string }; Body: Record<string, unknown> | undefined }>(
      '/api/admin/dmca/items/:id/lawsuit',
      {
        bodyLimit: 16_384,
        schema: {
          ...describe({
            summary: 'Record that the claimant sued',
            tags: ['staff'],
            description:
              'The claimant told us they filed an action against the uploader: the item (taken down or countered) becomes `lawsuit` and is never restored automatically. `invalid_params` in any other state.',
            params: { id: 'DMCA item id' },
            response: successSchema,
            failures: [401, 403],
          }),
          ...formBody({
            note: 'The court, the case, for the record',
          }),
        },
      },
      async (request) =>
        dmca.lawsuit(actorOf(request), idParam(request.params.id), noteOf(request.body)),
    );

    app.post<{ Body: Record<string, unknown> | undefined }>(
      '/api/counter_notice.php',
      {
        bodyLimit: 16_384,
        config: {
          rateLimit: {
            ...COUNTERS,
            keyGenerator: (request) => `counter:${request.viewer?.userId ?? request.ip}`,
          },
        },
        schema: {
          ...describe({
            summary: 'Send a DMCA counter-notice',
            tags: ['members'],
            description: [
              'Needs a session (401 `need_auth`) and its `x-csrf-token`.',
              'Form `item_id` (the DMCA item of one of the member’s removed videos, from my_uploads.php), `name`, `address`, `phone`, `mistake=1` (the statement under penalty of perjury), `consent=1` (consent to jurisdiction) and `signature`: what 17 U.S.C. §512(g)(3) asks for.',
              'The claimant gets a copy; the video comes back after the waiting period unless staff record a lawsuit. Another member’s item or an unknown one answers `not_found`; one countered already `already_added`. Field failures carry `codes`.',
            ].join(' '),
            response: counterNoticeAnswerSchema,
            failures: [401, 403, 429],
          }),
          ...formBody({
            item_id: 'The DMCA item',
            name: 'Full legal name',
            address: 'Postal address',
            phone: 'Phone',
            mistake: '1: the statement under penalty of perjury',
            consent: '1: consent to jurisdiction',
            signature: 'Electronic signature (full name)',
          }),
        },
      },
      async (request) => dmca.counter(request.viewer, request.body ?? {}),
    );
  };
}
