import type { FastifyInstance } from 'fastify';
import { consoleMeSchema } from '../../contracts/moderation.schema.ts';
import { describe } from '../kernel/http/openapi.ts';
import type { ConsoleService } from './console.service.ts';

// The console's own calls (decision 0043). Every answer under /api/admin/ is private.

export function consoleRoutes(console: ConsoleService) {
  return async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/api/admin/')) reply.header('cache-control', 'no-store');
    });

    app.get(
      '/api/admin/me',
      {
        schema: describe({
          summary: 'The staff member at the console',
          tags: ['staff'],
          description:
            'Their name, role and permissions; `need_auth` for a visitor and `no_permission` for a member, so the console opens for staff only.',
          response: consoleMeSchema,
          failures: [401, 403],
        }),
      },
      async (request) => console.me(request.viewer),
    );
  };
}
