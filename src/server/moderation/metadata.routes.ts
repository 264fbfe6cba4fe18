import type { FastifyInstance } from 'fastify';
import { AppError } from '../../contracts/errors.ts';
import { successSchema } from '../../contracts/moderation.schema.ts';
import { parseMetadataForm } from '../../contracts/upload.rules.ts';
import { actorOf, idParam } from '../kernel/http/console-params.ts';
import { describe } from '../kernel/http/openapi.ts';
import type { MetadataService } from './metadata.service.ts';

// Staff fix a video's metadata from the review console (issue 16): private.

export function metadataRoutes(metadata: MetadataService) {
  return async (app: FastifyInstance) => {
    app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
      '/api/admin/videos/:id',
      {
        bodyLimit: 32_768,
        schema: {
          ...describe({
            summary: 'Fix a video’s metadata',
            tags: ['staff'],
            description:
              'Title, description, categories (comma-separated ids, 1 to 3) and tags (comma-separated) under the upload form’s rules; every field is replaced. Staff with `update:video:any`. Needs the session’s `x-csrf-token`.',
            params: { id: 'Video id' },
            response: successSchema,
            failures: [401, 403],
          }),
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: {
            type: 'object',
            properties: {
              title: { type: 'string' },
              description: { type: 'string' },
              categories: { type: 'string', description: 'Category ids, comma-separated' },
              tags: { type: 'string', description: 'Tags, comma-separated' },
            },
          },
        },
      },
      async (request) => {
        const id = idParam(request.params.id);
        const parsed = parseMetadataForm(request.body ?? {});
        if (!parsed.ok) throw AppError.form(parsed.errors);
        return metadata.edit(actorOf(request), id, parsed.value);
      },
    );
  };
}
