import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Graceful shutdown's drain (decision 0007). Closing the port also closes connections that
// carry no request yet (`forceCloseConnections: 'idle'`), and on a busy machine a connection
// can wait a long time between being accepted and its request being read: server renders
// hold the event loop. Closing then resets it (ECONNRESET). `whenQuiet` waits until no
// request is in flight, no recent connection is still waiting for its request, and nothing
// has arrived for a moment, bounded by a deadline.

declare module 'fastify' {
  interface FastifyInstance {
    whenQuiet(opts: { minMs: number; quietMs: number; maxMs: number }): Promise<void>;
  }
}

/** A connection without a request after this long is a browser's speculative one. */
const SPECULATIVE_MS = 2000;

export default fp(
  async (app: FastifyInstance) => {
    let inFlight = 0;
    let lastActivity = Date.now();
    /** Connections accepted whose first request has not been read yet, by arrival time. */
    const waiting = new Map<Socket, number>();

    app.server.on('connection', (socket: Socket) => {
      lastActivity = Date.now();
      waiting.set(socket, lastActivity);
      socket.once('close', () => waiting.delete(socket));
    });
    app.addHook('onRequest', async (request) => {
      inFlight++;
      lastActivity = Date.now();
      waiting.delete(request.raw.socket);
    });
    app.addHook('onResponse', async (_request, _reply) => {
      inFlight--;
      lastActivity = Date.now();
    });
    app.addHook('onRequestAbort', async (_request) => {
      inFlight--;
      lastActivity = Date.now();
    });

    const quiet = (now: number, quietMs: number) => {
      if (inFlight > 0 || now - lastActivity < quietMs) return false;
      for (const since of waiting.values()) if (now - since < SPECULATIVE_MS) return false;
      return true;
    };

    app.decorate('whenQuiet', async ({ minMs, quietMs, maxMs }) => {
      const started = Date.now();
      for (;;) {
        const now = Date.now();
        if ((now - started >= minMs && quiet(now, quietMs)) || now - started >= maxMs) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });
  },
  { name: 'drain' },
);
