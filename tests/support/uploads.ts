import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { Upload } from 'tus-js-client';
import { runFfmpeg } from '../../src/media/exec.ts';
import { LocalStorage } from '../../src/media/storage.ts';
import { buildApp } from '../../src/server/app.ts';
import { type Config, loadConfig } from '../../src/server/config.ts';
import type { JobQueue } from '../../src/server/kernel/jobs/queue.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { startJobs } from './jobs.ts';
import type { TestSession } from './session.ts';

// The site as the upload tests need it: the app listening on a port (tus-js-client and raw
// HTTP requests reach it as a browser would), a real job queue, and the calls they make.

export interface UploadSite {
  db: TestDatabase;
  app: FastifyInstance;
  jobs: JobQueue;
  config: Config;
  storage: LocalStorage;
  /** `http://127.0.0.1:{port}` */
  base: string;
  /** Scratch folder of the run (data directory and test clips). */
  dir: string;
  close(): Promise<void>;
}

export async function startUploadSite(
  env: Record<string, string> = {},
  opts: { retryDelaySeconds?: number } = {},
): Promise<UploadSite> {
  const dir = await mkdtemp(path.join(tmpdir(), 'afterglow-upload-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, ...env });
  const db = await createTestDatabase();
  const storage = new LocalStorage(config.mediaDir);
  const jobs = await startJobs(db.database, storage, opts);
  const app = await buildApp({
    config,
    database: db.database,
    storage,
    logger: pino({ level: 'silent' }),
    pages: 'none',
    jobs,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    db,
    app,
    jobs,
    config,
    storage,
    base,
    dir,
    async close() {
      await app.close();
      await jobs.stop(5000);
      await db.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A 128x72 clip at 1 fps with a tone: minutes of video encode in about a second. */
export async function makeClip(dir: string, seconds: number, frequency: number): Promise<Buffer> {
  const file = path.join(dir, `clip-${seconds}-${frequency}.mp4`);
  await runFfmpeg(
    'ffmpeg',
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
      // Seeded by the tone: two clips are different pictures, not one the fingerprint of an
      // upload would take for a copy of the other (decision 0056).
      ...['-f', 'lavfi', '-i', `cellauto=s=128x72:r=1:rule=30:seed=${frequency}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=8000`],
      ...['-t', String(seconds), '-g', '30', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '16k', '-shortest', file],
    ],
    { timeoutMs: 60_000 },
  );
  return readFile(file);
}

/** Uploads a file with tus-js-client as the member; answers the upload id. */
export function tusUpload(
  site: Pick<UploadSite, 'base'>,
  session: TestSession,
  file: Buffer,
  filename: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${site.base}/api/upload/`,
      metadata: { filename, filetype: 'video/mp4' },
      headers: session.headers,
      chunkSize: 256 * 1024,
      retryDelays: [],
      onSuccess: () => resolve(String(upload.url?.split('/').pop())),
      onError: reject,
    });
    upload.start();
  });
}

/** A bare tus creation request (no client library), for the refusals. */
export function tusCreate(
  site: Pick<UploadSite, 'base'>,
  session: TestSession | null,
  length: number,
  filename: string,
  url = '/api/upload/',
) {
  return fetch(`${site.base}${url}`, {
    method: 'POST',
    headers: {
      ...(session?.headers ?? {}),
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': `filename ${Buffer.from(filename).toString('base64')}`,
    },
  });
}

/** `POST /api/video_edit.php` as a form. */
export async function videoEdit(
  site: Pick<UploadSite, 'app'>,
  session: TestSession | null,
  fields: Record<string, string>,
) {
  const res = await site.app.inject({
    method: 'POST',
    url: '/api/video_edit.php',
    headers: { ...session?.headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: res.statusCode, body: res.json() };
}

/** A complete video form for an upload (exclusive, so six minutes are enough). */
export const videoForm = (
  uploadId: string,
  categoryIds: number[],
  extra: Record<string, string> = {},
) => ({
  upload_id: uploadId,
  title: 'Sunset walk on the pier',
  description: 'A long walk at dusk.',
  categories: `${categoryIds[0]},${categoryIds[1]}`,
  tags: 'dusk, pier walk',
  exclusive: '1',
  screenshot: '3',
  // The confirmation of the forbidden content and a 2257 record (decision 0055).
  rules_confirmed: '1',
  record: 'exempt',
  exemption: 'no_explicit_conduct',
  ...extra,
});

/** Upload info files in the store, of one member or (0) of anyone. */
export async function pendingUploads(site: Pick<UploadSite, 'config'>, userId = 0) {
  try {
    return (await readdir(path.join(site.config.uploadDir, 'files'))).filter(
      (f) => f.endsWith('.json') && (userId === 0 || f.startsWith(`u${userId}-`)),
    );
  } catch {
    return [];
  }
}
