import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import errors, { frameworkError } from './errors.ts';

// The one error handler: a client's malformed input never answers 500.

const app = Fastify({ frameworkErrors: frameworkError });
await app.register(errors);
app.get('/api/throw/:kind', async (request) => {
  const { kind } = request.params as { kind: string };
  // What busboy raises for a form without a boundary, and for one cut short.
  if (kind === 'boundary') throw new Error('Multipart: Boundary not found');
  if (kind === 'cut')
    throw new Error('Part terminated early due to unexpected end of multipart data');
  throw new Error('a fault of ours');
});
app.get('/*', async () => 'page');

afterAll(async () => {
  await app.close();
});

describe('errors', () => {
  it("answers busboy's status-less errors as bad_request, and only a real fault as 500", async () => {
    for (const kind of ['boundary', 'cut']) {
      const res = await app.inject({ url: `/api/throw/${kind}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'bad_request' });
    }
    const fault = await app.inject({ url: '/api/throw/other' });
    expect(fault.statusCode).toBe(500);
    expect(fault.json()).toMatchObject({ code: 'general_error' });
  });

  it('answers a path the router cannot decode in the catalogue shape, or as a plain page', async () => {
    const api = await app.inject({ url: '/api/throw/%FF' });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ code: 'invalid_characters', field: 'path' });
    const page = await app.inject({ url: '/videos/%C0%80/' });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toBe("default-src 'none'");
  });
});
