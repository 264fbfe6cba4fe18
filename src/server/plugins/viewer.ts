import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Who is asking: a signed-in member or a visitor. Every service that shows member-only data
// (private videos' media, watch later, history) takes the viewer from here, so access is
// decided in one place. Sessions arrive with the members issue; until then everyone is a
// visitor.

export interface Viewer {
  userId: number;
  username: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('viewer', null);
  },
  { name: 'viewer' },
);
