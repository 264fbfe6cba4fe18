import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { UPLOAD_RULES } from '../../contracts/upload.rules.ts';
import { runFfmpeg, runFfprobe } from '../../media/exec.ts';
import { MediaError } from '../../media/ffmpeg.ts';
import type { MediaInput } from '../../media/input.ts';
import { PREVIEW_SIZE } from '../../media/sizes.ts';
import { sourceInput } from '../../media/sniff.ts';
import { candidateFrameArgs, candidateTimes } from './upload-media.ts';
import type { UploadInfo, UploadStore } from './upload-store.ts';

// The look at a finished upload (docs/decisions/0015): ffprobe says whether it is a video
// and how long; a streamed SHA-256 names the file for the duplicate check; a few keyframes
// become the previews the member picks from. Started when the last byte arrives, awaited by
// the calls that need it, and written next to the upload so it is done once per file. The
// container is read from the file's first bytes and pinned (docs/decisions/0021): a file
// that is none we take is refused before ffmpeg opens it. A refused file's bytes go at once:
// they can never become a video, and they held one of the member's pending uploads; the
// refusal stays as the answer.

export type Inspection =
  | {
      ok: true;
      sha256: string;
      durationS: number;
      width: number;
      height: number;
      /** Candidate frames `1.jpg`…`{frames}.jpg` in the upload's inspect folder. */
      frames: number;
    }
  | { ok: false; code: 'video_corrupted_file' };

const SUMMARY = 'summary.json';
/** Inspections at once: ffmpeg and hashing share two cores with everything else. */
const AT_ONCE = 2;

export function createUploadInspector(deps: {
  store: UploadStore;
  ffmpegPath: string;
  ffprobePath: string;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
}) {
  const running = new Map<string, Promise<Inspection>>();
  let active = 0;
  const waiting: (() => void)[] = [];

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (active >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await work();
    } finally {
      active--;
      waiting.shift()?.();
    }
  }

  async function readSummary(dir: string): Promise<Inspection | undefined> {
    try {
      return JSON.parse(await readFile(path.join(dir, SUMMARY), 'utf8')) as Inspection;
    } catch {
      return undefined;
    }
  }

  async function sha256(file: string): Promise<string> {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  /** A candidate frame's JPEG (fast, else exact); undefined when none can be had. */
  async function frameAt(
    upload: UploadInfo,
    input: MediaInput,
    output: string,
    atS: number,
    exactOnly: boolean,
  ) {
    for (const exact of exactOnly ? [true] : [false, true]) {
      try {
        await runFfmpeg(
          deps.ffmpegPath,
          candidateFrameArgs({ input, output, atS, exact, ...PREVIEW_SIZE }),
          { timeoutMs: 120_000 },
        );
        const jpeg = await readFile(output);
        if (jpeg.length > 0) return jpeg;
      } catch (error) {
        deps.log.warn({ upload: upload.id, atS, exact, err: error }, 'candidate frame failed');
      }
    }
    return undefined;
  }

  async function look(upload: UploadInfo, dir: string): Promise<Inspection> {
    let input: MediaInput;
    let probe: Awaited<ReturnType<typeof runFfprobe>>;
    try {
      input = await sourceInput(upload.file);
      probe = await runFfprobe(deps.ffprobePath, input, { timeoutMs: 120_000 });
    } catch (error) {
      if (error instanceof MediaError && error.code === 'video_corrupted_file') {
        return { ok: false, code: 'video_corrupted_file' };
      }
      throw error;
    }
    await mkdir(dir, { recursive: true });
    let frames = 0;
    const seen = new Set<string>();
    const digest = (jpeg: Buffer | undefined) =>
      jpeg ? createHash('sha1').update(jpeg).digest('hex') : undefined;
    for (const atS of candidateTimes(probe.durationS, UPLOAD_RULES.screenshots)) {
      const output = path.join(dir, `${frames + 1}.jpg`);
      let found = digest(await frameAt(upload, input, output, atS, false));
      // Far-apart keyframes give two times one picture: then decode up to the time itself.
      if (found && seen.has(found)) {
        found = digest(await frameAt(upload, input, output, atS, true));
      }
      if (found && !seen.has(found)) {
        seen.add(found);
        frames++;
      } else {
        await rm(output, { force: true });
      }
    }
    if (frames === 0) return { ok: false, code: 'video_corrupted_file' };
    return {
      ok: true,
      sha256: await sha256(upload.file),
      durationS: probe.durationS,
      width: probe.width,
      height: probe.height,
      frames,
    };
  }

  return {
    /** What the finished upload is; done once, later calls read what was found. */
    inspect(upload: UploadInfo): Promise<Inspection> {
      const current = running.get(upload.id);
      if (current !== undefined) return current;
      const dir = deps.store.inspectDir(upload.id);
      const work = (async () => {
        const known = await readSummary(dir);
        if (known) return known;
        const found = await slot(() => look(upload, dir));
        await mkdir(dir, { recursive: true });
        const tmp = path.join(dir, `${SUMMARY}.tmp`);
        await writeFile(tmp, JSON.stringify(found));
        await rename(tmp, path.join(dir, SUMMARY));
        deps.log.info({ upload: upload.id, ok: found.ok }, 'upload inspected');
        if (!found.ok) await deps.store.dropFile(upload.id);
        return found;
      })().finally(() => running.delete(upload.id));
      running.set(upload.id, work);
      return work;
    },

    /** Why the look refused an upload (whose file is gone since); undefined otherwise. */
    async refusal(id: string): Promise<Extract<Inspection, { ok: false }>['code'] | undefined> {
      const known = await readSummary(deps.store.inspectDir(id));
      return known && !known.ok ? known.code : undefined;
    },

    /** Path of candidate frame `n` (1-based) of an inspected upload. */
    framePath(id: string, n: number): string {
      if (!(Number.isInteger(n) && n >= 1 && n <= UPLOAD_RULES.screenshots)) {
        throw new RangeError(`Invalid frame: ${n}`);
      }
      return path.join(deps.store.inspectDir(id), `${n}.jpg`);
    },
  };
}

export type UploadInspector = ReturnType<typeof createUploadInspector>;
