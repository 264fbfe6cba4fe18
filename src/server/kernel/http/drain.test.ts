import { connect } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import drain from './drain.ts';

// The drain waits for what is already on its way: a connection whose request has not been
// read yet, and requests still being answered.

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function server() {
  const app = Fastify();
  apps.push(app);
  await app.register(drain);
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 150));
    return { ok: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return { app, port: typeof address === 'object' && address ? address.port : 0 };
}

describe('whenQuiet', () => {
  it('waits for a connection that has not sent its request yet, then for its answer', async () => {
    const { app, port } = await server();
    const events: string[] = [];
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.on('data', (chunk) => {
      if (chunk.toString().startsWith('HTTP/1.1 200')) events.push('answered');
    });
    const quiet = app.whenQuiet({ minMs: 0, quietMs: 50, maxMs: 5000 }).then(() => {
      events.push('quiet');
    });
    setTimeout(() => {
      events.push('sent');
      socket.write('GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    }, 200);
    await quiet;
    socket.destroy();
    expect(events).toEqual(['sent', 'answered', 'quiet']);
  });

  it('returns at its deadline when traffic never stops', async () => {
    const { app, port } = await server();
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    // The socket never sends a request: only the deadline ends the wait.
    let done = false;
    await app.whenQuiet({ minMs: 0, quietMs: 50, maxMs: 300 }).then(() => {
      done = true;
    });
    expect(done).toBe(true);
    socket.destroy();
  });
});
