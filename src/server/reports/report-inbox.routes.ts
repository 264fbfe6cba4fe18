import type { FastifyInstance } from 'fastify';
import {
  reportItemSchema,
  reportsPageSchema,
  successSchema,
} from '../../contracts/moderation.schema.ts';
import { z } from '../../contracts/zod.ts';
import { actorOf, consolePage, consoleQuery, idParam } from '../kernel/http/console-params.ts';
import { describe } from '../kernel/http/openapi.ts';
import { parseInboxAct, type ReportInboxService } from './report-inbox.service.ts';

// The moderation inbox's calls (issue 16, decision 0043): staff only, private.

const word = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 40) : '');

export function reportInboxRoutes(inbox: ReportInboxService) {
  return async (app: FastifyInstance) => {
    app.get<{
      Querystring: {
        page?: unknown;
        state?: unknown;
        subject?: unknown;
        q?: unknown;
        mine?: unknown;
      };
    }>(
      '/api/admin/reports',
      {
        schema: describe({
          summary: 'The reports inbox',
          tags: ['staff'],
          description:
            'Reports from the contact form and the Report entries, newest first, 50 a page; filters `state` (new, in_progress, resolved, rejected), `subject`, `q` (sender or text) and `mine=1` (assigned to me). Staff with `read:report:any`.',
          querystring: {
            page: { description: 'Page, from 1' },
            state: { description: 'new, in_progress, resolved or rejected' },
            subject: { description: 'dmca, technical, inappropriate or support' },
            q: { description: 'Part of the sender’s address or of the message' },
            mine: { description: '1: only reports assigned to me' },
          },
          response: reportsPageSchema,
          failures: [401, 403],
        }),
      },
      async (request) =>
        inbox.list(request.viewer, {
          page: consolePage(request.query.page),
          state: word(request.query.state),
          subject: word(request.query.subject),
          q: consoleQuery(request.query.q),
          mine: request.query.mine === '1',
        }),
    );

    app.get<{ Params: { id: string } }>(
      '/api/admin/reports/:id',
      {
        schema: describe({
          summary: 'One report',
          tags: ['staff'],
          description:
            'The whole report with the object it is about, other reports about that object, and what staff did with it.',
          params: { id: 'Report id' },
          response: reportItemSchema,
          failures: [401, 403],
        }),
      },
      async (request) => inbox.item(request.viewer, idParam(request.params.id)),
    );

    app.get<{ Params: { id: string } }>(
      '/api/admin/reports/:id/attachment',
      {
        schema: describe({
          summary: 'The picture sent with a report',
          tags: ['staff'],
          description: 'WebP, re-encoded when the report was stored; private.',
          params: { id: 'Report id' },
          response: z.string().describe('image/webp bytes'),
          failures: [401, 403],
        }),
      },
      async (request, reply) => {
        const image = await inbox.attachment(request.viewer, idParam(request.params.id));
        return reply.type('image/webp').header('cache-control', 'private, no-store').send(image);
      },
    );

    app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
      '/api/admin/reports/:id',
      {
        bodyLimit: 32_768,
        schema: {
          ...describe({
            summary: 'Act on a report',
            tags: ['staff'],
            description:
              'Form `act=assign` takes it; `act=state` with `state` (and a `note`) moves it; `act=answer` with `message` mails its sender (replies go to the contact address). Each act is written to the audit log. Staff with `update:report:any`; needs the session’s `x-csrf-token`.',
            params: { id: 'Report id' },
            response: successSchema,
            failures: [401, 403],
          }),
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: {
            type: 'object',
            properties: {
              act: { type: 'string', enum: ['assign', 'state', 'answer'] },
              state: { type: 'string', description: 'act=state: the new state' },
              note: { type: 'string', description: 'act=state: why, for the record' },
              message: { type: 'string', description: 'act=answer: the text mailed' },
            },
          },
        },
      },
      async (request) =>
        inbox.act(actorOf(request), idParam(request.params.id), parseInboxAct(request.body ?? {})),
    );
  };
}
