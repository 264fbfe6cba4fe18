import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/app.ts';
import { makeUser, makeVideo } from '../../../../tests/support/factories.ts';
import { signInAs } from '../../../../tests/support/session.ts';
import { videoPath } from '../../../contracts/paths.ts';
import { videoPreviewKey } from '../../../media/keys.ts';

// Security headers and the RTA label on every kind of answer, over real HTTP: JSON from a handler and from the
// response cache (answered before Fastify sees the request), errors, media files, and tus
// answers written by the tus server itself.

let t: TestApp;
let base: string;
let videoId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const user = await makeUser(t.database);
  videoId = (await makeVideo(t.database, user.id, { title: 'Before' })).id;
  await t.storage.put(videoPreviewKey(videoId), Buffer.from('jpeg'));
});

afterAll(async () => {
  await t?.close();
});

/** The Permissions-Policy and the RTA label, as every answer carries them. */
function expectPolicy(res: Response, what: string) {
  expect(res.headers.get('rating'), what).toBe('RTA-5042-1996-1400-1577-RTA');
  const policy = res.headers.get('permissions-policy') ?? '';
  for (const off of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
    expect(policy, what).toContain(off);
  }
  for (const kept of ['fullscreen=(self)', 'autoplay=(self)', 'picture-in-picture=(self)']) {
    expect(policy, what).toContain(kept);
  }
}

describe('Permissions-Policy and the RTA label', () => {
  it('is on API answers, cached ones replayed from memory included', async () => {
    const url = `${base}${videoPath(14400, videoId)}`;
    const first = await fetch(url);
    expect((await first.json()).video.title).toBe('Before');
    expectPolicy(first, 'handler');
    await t.database.query("UPDATE videos SET title = 'After' WHERE id = $1", [videoId]);
    const cached = await fetch(url);
    // Still the stored copy: the response cache answered, not the handler.
    expect((await cached.json()).video.title).toBe('Before');
    expectPolicy(cached, 'cache');
  });

  it('is on errors, media files and tus answers', async () => {
    expectPolicy(await fetch(`${base}/api/nothing-here`), '404');
    expectPolicy(await fetch(`${base}/media/${videoPreviewKey(videoId)}`), 'media');
    const member = await signInAs(t.app, t.database);
    const created = await fetch(`${base}/api/upload/`, {
      method: 'POST',
      headers: {
        ...member.headers,
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': `filename ${Buffer.from('clip.mp4').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    expectPolicy(created, 'tus');
  });
});
