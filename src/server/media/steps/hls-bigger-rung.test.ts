import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoMedia } from '../../../db/schema.ts';
import { HLS_LADDER, type HlsRung, hlsRungArgs, rungWidth } from '../../../media/hls.ts';
import type { MediaInput } from '../../../media/input.ts';
import { hlsRungDir } from '../../../media/keys.ts';
import { LocalStorage } from '../../../media/storage.ts';
import type { VideoMediaRepository } from '../video-media.repository.ts';
import { hlsStep } from './hls.ts';
import type { StepDeps, StepRun } from './step.ts';

// The 240p rung's step encodes from the 480p rung the run has published (decision 0063), and
// from the source when that rung cannot be read: a broken rung never costs the video its
// smaller one.

const run = promisify(execFile);
const COMMON = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];
const SIZE = { width: 640, height: 480 };
const GEN = 2;
function rung(height: number): HlsRung {
  const found = HLS_LADDER.find((r) => r.height === height);
  if (!found) throw new Error(`no ${height} rung`);
  return found;
}

describe('the hls step of a rung half the height of a published one', () => {
  let dir: string;
  let source: MediaInput;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'afterglow-hls-step-'));
    source = { path: path.join(dir, 'source.mp4'), format: 'mov' };
    // Red: what the source shows. The "480p rung" published below is blue instead, so the
    // 240p rung's colour says which it was encoded from.
    await run('ffmpeg', [
      ...COMMON,
      ...['-f', 'lavfi', '-i', `color=c=red:s=${SIZE.width}x${SIZE.height}:r=25`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', source.path],
    ]);
  }, 20_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function setUp(name: string) {
    const storage = new LocalStorage(path.join(dir, name, 'media'));
    const scratch = path.join(dir, name, 'scratch');
    await mkdir(scratch, { recursive: true });
    let rungs = [480];
    const media = {
      gen: GEN,
      rungs,
      probe: { duration: 3, ...SIZE, hasAudio: true, fps: 25 },
    } as unknown as StepRun['media'];
    const videos = {
      async getForProcessing(id: number) {
        return { id, status_id: 3, media: { ...media, rungs } as VideoMedia };
      },
      async publishRung(_id: number, _gen: number, height: number) {
        rungs = [...new Set([...rungs, height])].sort((a, b) => b - a);
        return rungs;
      },
    } as unknown as VideoMediaRepository;
    const deps: StepDeps = { videos, storage, ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' };
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
    const step: StepRun = {
      id: 7,
      gen: GEN,
      media,
      source,
      scratch,
      pidFile: path.join(dir, name, 'ffmpeg.pid'),
      timeoutMs: 60_000,
      ctx: { signal: new AbortController().signal, log, attempt: 1, send: async () => 'job' },
      progress() {},
    } as StepRun;
    const biggerDir = storage.localPath(hlsRungDir(7, GEN, 480));
    return { storage, deps, step, biggerDir, warnings, published: () => rungs };
  }

  /** The mean colour of the 240p rung's first frame, as `r,g,b`. */
  async function colourOf(storage: LocalStorage) {
    const playlist = path.join(storage.localPath(hlsRungDir(7, GEN, 240)), 'index.m3u8');
    const { stdout } = await run(
      'ffmpeg',
      [
        ...['-v', 'error', '-allowed_extensions', 'ALL', '-i', playlist],
        ...['-frames:v', '1', '-vf', 'scale=1:1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
      ],
      { encoding: 'buffer' },
    );
    const [r = 0, g = 0, b = 0] = stdout;
    return r > 200 && b < 60 ? 'red' : b > 200 && r < 60 ? 'blue' : `${r},${g},${b}`;
  }

  it('encodes it from the published rung', async () => {
    const { storage, deps, step, biggerDir, published } = await setUp('derived');
    await mkdir(biggerDir, { recursive: true });
    const blue = path.join(dir, 'blue.mp4');
    await run('ffmpeg', [
      ...COMMON,
      ...['-f', 'lavfi', '-i', `color=c=blue:s=${SIZE.width}x${SIZE.height}:r=25`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', blue],
    ]);
    await run(
      'ffmpeg',
      hlsRungArgs({
        input: { path: blue, format: 'mov' },
        outDir: biggerDir,
        rung: rung(480),
        width: rungWidth(SIZE.width, SIZE.height, 480),
        hasAudio: true,
        frameRate: 25,
      }),
    );
    await hlsStep.run(deps, step, { height: 240 });
    expect(await colourOf(storage)).toBe('blue');
    expect(published()).toEqual([480, 240]);
  });

  it('encodes it from the source when the published rung cannot be read', async () => {
    const { storage, deps, step, biggerDir, warnings, published } = await setUp('broken');
    await mkdir(biggerDir, { recursive: true });
    await writeFile(path.join(biggerDir, 'index.m3u8'), '#EXTM3U\nseg_00000.m4s\n');
    await writeFile(path.join(biggerDir, 'seg_00000.m4s'), 'not a segment');
    await hlsStep.run(deps, step, { height: 240 });
    expect(await colourOf(storage)).toBe('red');
    expect(published()).toEqual([480, 240]);
    expect(warnings.join('')).toContain('encoding it from the source');
    const playlist = path.join(storage.localPath(hlsRungDir(7, GEN, 240)), 'index.m3u8');
    expect(await readFile(playlist, 'utf8')).toContain('#EXT-X-ENDLIST');
  });
});
