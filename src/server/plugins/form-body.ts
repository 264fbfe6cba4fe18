import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Form bodies: browsers post `application/x-www-form-urlencoded` (src/web/api/client.ts
// postForm), as the network's forms do. Values arrive as strings; JSON bodies work too.

export default fp(
  async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
  },
  { name: 'form-body' },
);
