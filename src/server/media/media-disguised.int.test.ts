import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.ts';
import { makeUser, makeVideo } from '../../../tests/support/factories.ts';
import { startJobs } from '../../../tests/support/jobs.ts';
import { videoMediaRow } from '../../../tests/support/media.ts';
import { VIDEO_STATUS } from '../../contracts/constants.ts';
import { UPLOAD_EXTENSIONS } from '../../contracts/upload.rules.ts';
import { runFfmpeg } from '../../media/exec.ts';
import { videoDir, videoPreviewKey, videoSourceKey } from '../../media/keys.ts';
import { LocalStorage } from '../../media/storage.ts';
import { testSourceArgs } from '../../media/test-source.ts';
import type { JobQueue } from '../kernel/jobs/queue.ts';
import { createUploadInspector } from '../uploads/upload-inspect.ts';
import { createUploadStore } from '../uploads/upload-store.ts';
import { createVideoMediaRepository } from './video-media.repository.ts';

// The attack of the security issue, item 1: a text file named like a video that is really an
// HLS playlist, a concat list or an ffconcat script naming another member's private source
// (its path is predictable from its id), a `file:` URL or an `http:` URL; also behind a real
// looking MP4 `ftyp` box. Under every extension SPEC.md §5 takes, through the real upload
// inspection and the real `media.process-video` job, with real ffmpeg: each is refused as
// `video_corrupted_file`, nothing is published, and the referenced file is never opened (a
// named pipe shows any reader; a local HTTP server counts requests).

let db: TestDatabase;
let dir: string;
let storage: LocalStorage;
let queue: JobQueue;
let http: Server;
let attacker: number;
let secretPath: string;
let fifo: string;
const requests: string[] = [];
let fifoOpened = 0;
let fifoClosing = false;

/** Waits for a reader of the pipe: resolves only if some process opens it. */
function watchFifo(): void {
  void open(fifo, 'w').then(
    async (handle) => {
      if (!fifoClosing) fifoOpened++;
      await handle.close();
      if (!fifoClosing) watchFifo();
    },
    () => {},
  );
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'afterglow-disguised-'));
  db = await createTestDatabase();
  storage = new LocalStorage(path.join(dir, 'media'));
  queue = await startJobs(db.database, storage);

  // Another member's private video and its source, where sources of that id always are.
  const owner = (await makeUser(db.database)).id;
  attacker = (await makeUser(db.database)).id;
  const { id } = await makeVideo(db.database, owner, { statusId: 1, isPrivate: 1 });
  const key = videoSourceKey(id, 'mp4');
  secretPath = storage.localPath(key);
  await mkdir(path.dirname(secretPath), { recursive: true });
  const source = { durationS: 4, width: 160, height: 90, pattern: 'smptehdbars', seed: 2 } as const;
  await runFfmpeg('ffmpeg', testSourceArgs({ ...source, output: secretPath }), {
    timeoutMs: 30_000,
  });
  await createVideoMediaRepository(db.database).setSource(id, key, { keepStatus: true });

  fifo = path.join(dir, 'private.mp4');
  execFileSync('mkfifo', [fifo]);
  watchFifo();
  const secret = await readFile(secretPath);
  http = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.end(secret);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
}, 120_000);

afterAll(async () => {
  fifoClosing = true;
  // A reader of our own lets the pending writer go.
  await open(fifo, constants.O_RDONLY | constants.O_NONBLOCK)
    .then((handle) => handle.close())
    .catch(() => {});
  await new Promise((resolve) => http?.close(resolve));
  await queue?.stop(5000);
  await db?.drop();
  await rm(dir, { recursive: true, force: true });
});

/** The files an attacker would send, each pointing at `target`. */
function payloads(target: string): [string, Buffer][] {
  // The entry's real length, so ffmpeg reads all of it where nothing stops it.
  const hls = `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:4.0,\n${target}\n#EXT-X-ENDLIST\n`;
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2'),
  ]);
  return [
    ['an HLS playlist', Buffer.from(hls)],
    ['a concat list', Buffer.from(`file '${target}'\n`)],
    ['an ffconcat script', Buffer.from(`ffconcat version 1.0\nfile '${target}'\nduration 4\n`)],
    ['an HLS playlist behind an ftyp box', Buffer.concat([ftyp, Buffer.from(`\n${hls}`)])],
  ];
}

function targets(): [string, string][] {
  const port = (http.address() as AddressInfo).port;
  return [
    ['a private source by its path', secretPath],
    ['a file: URL', `file:${fifo}`],
    ['an http: URL', `http://127.0.0.1:${port}/private.mp4`],
  ];
}

function attacks(): { name: string; ext: string; bytes: Buffer }[] {
  return targets().flatMap(([to, target]) =>
    payloads(target).flatMap(([what, bytes]) =>
      UPLOAD_EXTENSIONS.map((ext) => ({ name: `${what} naming ${to} as .${ext}`, ext, bytes })),
    ),
  );
}

/** One expected outcome under every attack's name, so a failure names the attack. */
function everyAttack(tried: { name: string }[], outcome: unknown): Record<string, unknown> {
  return Object.fromEntries(tried.map((attack) => [attack.name, outcome]));
}

describe('an upload that names other files', () => {
  it('is refused by the upload inspection, which takes no frame of it', async () => {
    const store = createUploadStore(path.join(dir, 'uploads'));
    const inspector = createUploadInspector({
      store,
      ffmpegPath: 'ffmpeg',
      ffprobePath: 'ffprobe',
      log: pino({ level: 'silent' }),
    });
    const disguised = path.join(dir, 'disguised');
    await mkdir(disguised);
    const outcomes: Record<string, unknown> = {};
    for (const [n, attack] of attacks().entries()) {
      const id = `u${attacker}-${randomBytes(16).toString('hex')}`;
      const file = path.join(disguised, `clip${n}.${attack.ext}`);
      await writeFile(file, attack.bytes);
      const upload = { id, ownerId: attacker, size: attack.bytes.length, offset: 0, file };
      const found = await inspector.inspect({
        ...upload,
        metadata: { filename: `x.${attack.ext}` },
      });
      const frames = await readdir(store.inspectDir(id)).catch(() => []);
      outcomes[attack.name] = { found, frames: frames.filter((f) => f.endsWith('.jpg')) };
    }
    const refused = { found: { ok: false, code: 'video_corrupted_file' }, frames: [] };
    expect(outcomes).toEqual(everyAttack(attacks(), refused));
    expect(fifoOpened).toBe(0);
    expect(requests).toEqual([]);
  }, 300_000);

  it('fails as the source of media.process-video, publishing nothing', async () => {
    // Every extension once, the payloads and targets taking turns (a job takes a second).
    const all = attacks();
    const perExtension = UPLOAD_EXTENSIONS.map(
      (ext, n) => all.filter((attack) => attack.ext === ext)[n % 12] ?? all[0],
    );
    const sent: { id: number; name: string; job: string }[] = [];
    for (const attack of perExtension) {
      if (!attack) continue;
      const { id } = await makeVideo(db.database, attacker, { statusId: VIDEO_STATUS.processing });
      const key = videoSourceKey(id, attack.ext);
      await storage.put(key, attack.bytes);
      await createVideoMediaRepository(db.database).setSource(id, key);
      const job = await queue.send('media.process-video', { videoId: id });
      sent.push({ id, name: attack.name, job });
    }
    expect(new Set(sent.map((s) => s.name.replace(/ as \.\w+$/, ''))).size).toBe(12);
    const outcomes: Record<string, unknown> = {};
    for (const { id, name, job } of sent) {
      await queue.waitFor('media.process-video', job);
      const row = await videoMediaRow(db.database, id);
      outcomes[name] = {
        status: row?.status_id,
        failure: row?.media.error,
        tasks: row?.media.tasks,
        preview: await storage.exists(videoPreviewKey(id)),
        files: await readdir(storage.localPath(videoDir(id))).catch(() => []),
      };
    }
    expect(outcomes).toEqual(
      everyAttack(sent, {
        status: VIDEO_STATUS.error,
        failure: 'video_corrupted_file',
        tasks: undefined,
        preview: false,
        files: [],
      }),
    );
    expect(fifoOpened).toBe(0);
    expect(requests).toEqual([]);
  }, 600_000);
});
