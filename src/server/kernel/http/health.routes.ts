import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM: the instance still serves, but asks load balancers to go elsewhere. */
    draining: boolean;
  }
}

// Liveness and readiness for load balancers and orchestrators.
export function healthRoutes(deps: { database: Pick<Database, 'query'> }) {
  return async (app: FastifyInstance) => {
    app.decorate('draining', false);
    app.get(
      '/healthz',
      {
        schema: {
          summary: 'Liveness and readiness',
          tags: ['operations'],
          description:
            '200 with the database and cache state; 503 while draining or when the database is down.',
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        if (app.draining) return reply.code(503).send({ status: 'draining' });
        try {
          await deps.database.query('SELECT 1');
          return { status: 'ok', db: 'ok', cache: app.responseCache.stats() };
        } catch {
          return reply.code(503).send({ status: 'unavailable', db: 'down' });
        }
      },
    );
  };
}
