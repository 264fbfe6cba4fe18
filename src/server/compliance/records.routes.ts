import type { FastifyInstance } from 'fastify';
import { recordAnswerSchema } from '../../contracts/records.schema.ts';
import { z } from '../../contracts/zod.ts';
import { actorOf, idParam } from '../kernel/http/console-params.ts';
import { describe } from '../kernel/http/openapi.ts';
import type { RecordsService } from './records.service.ts';

// The console's reads of 2257 records (decision 0055): administrators only
// (`read:record:any`), every read of the record and of each document written to the audit log
// before the answer; nothing of it is cached anywhere.

export function recordsRoutes(records: RecordsService) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { id: string } }>(
      '/api/admin/records/:id',
      {
        schema: describe({
          summary: 'The 2257 record of a video',
          tags: ['staff'],
          description:
            'Decrypted for an administrator (`read:record:any`; moderators and the uploader are refused): the performers with their legal names, dates of birth, aliases and documents, or the exemption claimed. Each read is written to the audit log (`records.read`). `not_found` when the video has no record.',
          params: { id: 'Video id' },
          response: recordAnswerSchema,
          failures: [401, 403, 404],
        }),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return records.read(actorOf(request), idParam(request.params.id));
      },
    );

    app.get<{ Params: { id: string; document: string } }>(
      '/api/admin/records/:id/documents/:document',
      {
        schema: describe({
          summary: 'One document of a 2257 record',
          tags: ['staff'],
          description:
            'An ID document or model release, decrypted, as the uploader sent it (JPEG, PNG or PDF), as an attachment with `cache-control: no-store`. Administrators only; each read is written to the audit log (`records.read_document`).',
          params: { id: 'Video id', document: 'The document id from the record' },
          response: z.string().describe('The document bytes'),
          failures: [401, 403, 404],
        }),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const file = await records.document(
          actorOf(request),
          idParam(request.params.id),
          request.params.document,
        );
        return reply
          .type(file.type)
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .header('x-content-type-options', 'nosniff')
          .send(file.data);
      },
    );
  };
}
