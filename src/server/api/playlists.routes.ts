import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from './deps.ts';

// Stub wired into buildApp; its calls are being built (issue 3).
export function playlistsRoutes(_deps: ApiDeps) {
  return async (_app: FastifyInstance) => {};
}
