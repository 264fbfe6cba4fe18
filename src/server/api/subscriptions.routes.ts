import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from './deps.ts';

// Stub wired into buildApp; its calls are being built (issue 3).
export function subscriptionsRoutes(_deps: ApiDeps) {
  return async (_app: FastifyInstance) => {};
}
