import type { FastifyInstance } from 'fastify';
import { Upload } from 'tus-js-client';
import type { TestSession } from './session.ts';

// A member's upload as the browser makes it: tus-js-client against the app listening on a
// port (`base`), and the form calls of POST /api/video_edit.php.

/** Uploads a file with tus-js-client as the member; answers the upload id. */
export function tusUpload(
  base: string,
  session: TestSession,
  file: Buffer,
  filename: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${base}/api/upload/`,
      metadata: { filename, filetype: 'video/mp4' },
      headers: session.headers,
      chunkSize: 1024 * 1024,
      retryDelays: [],
      onSuccess: () => resolve(String(upload.url?.split('/').pop())),
      onError: reject,
    });
    upload.start();
  });
}

/** A bare tus creation request: answers 201 while the member has room for another upload. */
export function tusCreate(base: string, session: TestSession, length: number, filename: string) {
  return fetch(`${base}/api/upload/`, {
    method: 'POST',
    headers: {
      ...session.headers,
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': `filename ${Buffer.from(filename).toString('base64')}`,
    },
  });
}

export async function videoEdit(
  app: FastifyInstance,
  session: TestSession,
  fields: Record<string, string>,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/video_edit.php',
    headers: { ...session.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: res.statusCode, body: res.json() };
}
