import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import type { VideoMedia } from '../src/db/schema.ts';
import { runFfmpeg, runFfprobe } from '../src/media/exec.ts';
import { RUNG_X264, rungWidth } from '../src/media/hls.ts';
import { type MediaInput, ownHlsInput } from '../src/media/input.ts';
import { hlsRungDir, videoFileKey, videoHoverKey, videoSourceKey } from '../src/media/keys.ts';
import { parseSsimStats, type SsimResult, ssimArgs } from '../src/media/quality.ts';
import { LocalStorage } from '../src/media/storage.ts';
import { testSourceArgs } from '../src/media/test-source.ts';
import { ROOT_DIR } from '../src/server/app.ts';
import { createRepositories } from '../src/server/compose.ts';
import { createJobDefinitions } from '../src/server/jobs.ts';
import { createJobQueue } from '../src/server/kernel/jobs/queue.ts';

// `npm run bench:media -- [--seconds 60] [--height 1080]`
// The real media pipeline (pg-boss on PGlite, the jobs, ffmpeg) on a generated source, as an
// upload goes through it. Reports, against the goals of issue 18:
// - the whole HLS ladder at ≥ 1× real time (source seconds per wall-clock second);
// - the first playable rung published within 0.25× the source's duration of the job's start;
// - the same visual quality: SSIM of every rung against the source scaled to its size;
// - peak memory of the pipeline (this process plus its ffmpeg children, resident);
// and issue 5's sprite and VTT ≤ 2 s.
// The source is a moving test pattern with film grain: a bare pattern is mostly flat colour,
// which x264 encodes far faster (and better) than camera footage.
// Results: bench/results/media-{height}p-{seconds}s.{json,md}.

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    height: { type: 'string', default: '1080' },
  },
});
const SECONDS = Number(values.seconds);
const HEIGHT = Number(values.height);
const WIDTH = Math.round((HEIGHT * 16) / 9 / 2) * 2;
const RESULTS_DIR = path.join(ROOT_DIR, 'bench', 'results');
/** Noise strength of the source: enough to survive its own encode (~35 Mbit/s at 1080p). */
const GRAIN = 7;
/** Issue 18: the first playable rung within this share of the source's duration. */
const FIRST_PLAYABLE_SHARE = 0.25;
/** Issue 18: the whole ladder at least this fast (source seconds per wall-clock second). */
const LADDER_SPEED = 1;

/** Resident memory (KiB) of a process and all its descendants, from /proc. */
async function treeRssKiB(rootPid: number): Promise<number> {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = await readFile(`/proc/${entry}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      rss.set(Number(entry), Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0));
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  const stack = [rootPid];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** SSIM of an encode `height` lines high against the source (src/media/quality.ts). */
async function ssimOf(
  distorted: MediaInput,
  source: string,
  height: number,
  scratch: string,
): Promise<SsimResult> {
  const statsFile = path.join(scratch, `ssim-${height}-${Date.now()}.log`);
  await runFfmpeg(
    'ffmpeg',
    ssimArgs({
      distorted,
      reference: { path: source, format: 'mov' },
      width: rungWidth(WIDTH, HEIGHT, height),
      height,
      statsFile,
    }),
    { timeoutMs: 600_000 },
  );
  return parseSsimStats(await readFile(statsFile, 'utf8'));
}

async function main() {
  const scratch = await mkdtemp(path.join(tmpdir(), 'afterglow-bench-media-'));
  const log = pino({ level: 'warn' });
  try {
    const source = path.join(scratch, 'source.mp4');
    console.log(`generating a ${SECONDS} s ${WIDTH}x${HEIGHT} source…`);
    await runFfmpeg(
      'ffmpeg',
      testSourceArgs({
        output: source,
        durationS: SECONDS,
        width: WIDTH,
        height: HEIGHT,
        pattern: 'testsrc2',
        seed: 7,
        grain: GRAIN,
      }),
      { timeoutMs: 600_000 },
    );

    const database = await openDatabase({ pgliteDir: 'memory://' });
    await migrateDatabase(database);
    const storage = new LocalStorage(path.join(scratch, 'media'));
    const repositories = createRepositories(database);
    const queue = createJobQueue(
      database,
      createJobDefinitions({
        database,
        storage,
        config: { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' },
        repositories,
      }),
      log,
    );
    await queue.start();
    const [user] = await database.query<{ id: number }>(
      "INSERT INTO users (username, email, password_hash) VALUES ('bench', 'bench@example.test', 'x') RETURNING id",
    );
    const [video] = await database.query<{ id: number }>(
      `INSERT INTO videos (dir, title, gender, status_id, user_id, duration, post_date)
       VALUES ('bench', 'Bench', 'str', 3, $1, 0, now()) RETURNING id`,
      [user?.id],
    );
    const id = Number(video?.id);
    const key = videoSourceKey(id, 'mp4');
    await storage.putFile(key, source);
    await repositories.videoMedia.setSource(id, key);

    let peakKiB = 0;
    const sampler = setInterval(() => {
      treeRssKiB(process.pid)
        .then((kib) => {
          peakKiB = Math.max(peakKiB, kib);
        })
        .catch(() => {});
    }, 200);

    // Others' builds share these two cores: the load says how much of them the run had.
    const loadBefore = loadavg()[0] ?? 0;
    const started = Date.now();
    await queue.send('media.process-video', { videoId: id });
    let publishedMs = 0;
    let media: VideoMedia = {};
    // When each step was first seen running and done (steps run side by side).
    const seen: Record<string, { startMs?: number; doneMs?: number }> = {};
    for (;;) {
      const [row] = await database.query<{ status_id: number; media: VideoMedia }>(
        'SELECT status_id, media FROM videos WHERE id = $1',
        [id],
      );
      media = row?.media ?? {};
      if (!publishedMs && row?.status_id === 1) publishedMs = Date.now() - started;
      const tasks = Object.entries(media.tasks ?? {});
      for (const [name, task] of tasks) {
        const step = seen[name] ?? {};
        seen[name] = step;
        const now = Date.now() - started;
        if (task.state !== 'queued') step.startMs ??= now;
        if (task.state === 'done') step.doneMs ??= now;
      }
      const failed = tasks.find(([, task]) => task.state === 'failed');
      if (failed) throw new Error(`step ${failed[0]} failed: ${failed[1].error}`);
      if (tasks.length > 0 && tasks.every(([, task]) => task.state === 'done')) break;
      if (Date.now() - started > 30 * 60_000) throw new Error('pipeline did not finish');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const totalMs = Date.now() - started;
    const loadAfter = loadavg()[0] ?? 0;
    clearInterval(sampler);
    await queue.stop(5000);
    await database.close();

    // Steps run side by side (media-task.job.ts): the ladder is from the job's start (probe,
    // screenshots and fingerprint included) to the last rung's publication, with whatever
    // else ran meanwhile; each step's time is from when it was seen running to done.
    const stepMs: Record<string, number> = Object.fromEntries(
      Object.entries(seen)
        .sort(([, a], [, b]) => (a.doneMs ?? 0) - (b.doneMs ?? 0))
        .map(([name, step]) => [name, (step.doneMs ?? 0) - (step.startMs ?? 0)]),
    );
    const doneMs: Record<string, number> = Object.fromEntries(
      Object.entries(seen).map(([name, step]) => [name, step.doneMs ?? 0]),
    );
    const ladderMs = Math.max(
      ...Object.entries(doneMs)
        .filter(([name]) => name.startsWith('hls:'))
        .map(([, ms]) => ms),
    );
    const ladderSpeed = SECONDS / (ladderMs / 1000);
    const firstPlayableLimitMs = SECONDS * FIRST_PLAYABLE_SHARE * 1000;

    // Quality, after the clock stopped: each published rung, read back through its playlist
    // as a player would, against the source it was encoded from.
    console.log('measuring SSIM of each rung against the source…');
    const quality: Record<string, SsimResult> = {};
    const kbps: Record<string, number> = {};
    for (const height of media.rungs ?? []) {
      const playlist = storage.localPath(
        path.join(hlsRungDir(id, media.gen ?? 0, height), 'index.m3u8'),
      );
      quality[height] = await ssimOf(ownHlsInput(playlist), source, height, scratch);
      const rungDir = path.dirname(playlist);
      let bytes = 0;
      for (const file of await readdir(rungDir)) {
        if (file.endsWith('.m4s') || file === 'init.mp4') {
          bytes += (await stat(path.join(rungDir, file))).size;
        }
      }
      kbps[height] = Math.round((bytes * 8) / 1000 / SECONDS);
    }

    // A fast pipeline that writes empty files is no faster: the clip and the downloads must
    // hold what they should (an input seek into a rung once gave an empty trailer, 0063).
    const outputs: [string, string, number][] = [
      ['hover clip', videoHoverKey(id), 5],
      ['trailer', videoFileKey(id, '_tr.mp4'), 9],
      ['720p download', videoFileKey(id, '_hq.mp4'), SECONDS - 1],
      ['480p download', videoFileKey(id, '_lq.mp4'), SECONDS - 1],
    ];
    for (const [name, key, seconds] of outputs) {
      const probe = await runFfprobe(
        'ffprobe',
        { path: storage.localPath(key), format: 'mov' },
        {
          timeoutMs: 60_000,
        },
      ).catch((error: Error) => {
        throw new Error(`the ${name} is not a video: ${error.message}`);
      });
      if (!(probe.durationS >= seconds)) {
        throw new Error(`the ${name} lasts ${probe.durationS} s, under ${seconds} s`);
      }
    }

    const result = {
      source: { seconds: SECONDS, width: WIDTH, height: HEIGHT, grain: GRAIN },
      rungs: media.rungs,
      firstPlayableMs: publishedMs,
      ladderMs,
      ladderSpeed: round(ladderSpeed, 2),
      spriteMs: stepMs.timeline ?? 0,
      totalMs,
      stepMs,
      doneMs,
      peakMemoryMiB: Math.round(peakKiB / 1024),
      loadAverage: { before: round(loadBefore, 2), after: round(loadAfter, 2) },
      ssim: Object.fromEntries(
        Object.entries(quality).map(([height, q]) => [
          height,
          {
            all: round(q.all, 4),
            y: round(q.y, 4),
            min: round(q.min, 4),
            frames: q.frames,
            kbps: kbps[height],
          },
        ]),
      ),
      goals: {
        ladderSpeed: ladderSpeed >= LADDER_SPEED,
        firstPlayable: publishedMs > 0 && publishedMs <= firstPlayableLimitMs,
        sprite: (stepMs.timeline ?? Number.POSITIVE_INFINITY) <= 2000,
        // Every frame of every rung compared: a short or misaligned rung would not be.
        ssimComplete: Object.values(quality).every((q) => q.frames === SECONDS * 25),
      },
      at: new Date().toISOString(),
    };
    await mkdir(RESULTS_DIR, { recursive: true });
    const name = `media-${HEIGHT}p-${SECONDS}s`;
    await writeFile(path.join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
    const ok = (pass: boolean) => (pass ? 'ok' : 'MISS');
    const rungRows = Object.entries(quality)
      .sort(([a], [b]) => Number(b) - Number(a))
      .map(([height, q]) => {
        const ms = stepMs[`hls:${height}`] ?? 0;
        const at = doneMs[`hls:${height}`] ?? 0;
        return `| ${height}p | ${(ms / 1000).toFixed(1)} s | ${(at / 1000).toFixed(1)} s | ${q.all.toFixed(4)} | ${q.y.toFixed(4)} | ${q.min.toFixed(4)} | ${q.frames} | ${kbps[height] ?? 0} |`;
      });
    const md = [
      `# Media pipeline: ${SECONDS} s ${WIDTH}x${HEIGHT} source`,
      '',
      `Measured ${result.at} on this machine (2 cores, shared; pg-boss on PGlite, Debian ffmpeg 5.1; x264 ${RUNG_X264.preset} with ${RUNG_X264.params}, every rung).`,
      `One-minute load average ${loadBefore.toFixed(1)} when the job was queued, ${loadAfter.toFixed(1)} when it finished (2 means both cores busy).`,
      `Source: testsrc2 with film grain (\`noise=alls=${GRAIN}:allf=t\`), 25 fps, H.264 ultrafast + AAC.`,
      '',
      '| Measure | Result | Goal (issue 18) | |',
      '|---|---|---|---|',
      `| Whole ladder (${(media.rungs ?? []).join('/')}) | ${(ladderMs / 1000).toFixed(1)} s = ${result.ladderSpeed}× real time | ≥ ${LADDER_SPEED}× real time | ${ok(result.goals.ladderSpeed)} |`,
      `| First playable rung published | ${(publishedMs / 1000).toFixed(1)} s | ≤ ${FIRST_PLAYABLE_SHARE}× the source = ${firstPlayableLimitMs / 1000} s | ${ok(result.goals.firstPlayable)} |`,
      `| Quality (SSIM, every rung) | ${Object.entries(quality)
        .map(([h, q]) => `${h}p ${q.all.toFixed(4)}`)
        .join(', ')} | reported, all frames compared | ${ok(result.goals.ssimComplete)} |`,
      `| Peak memory (process and ffmpeg) | ${result.peakMemoryMiB} MiB | reported | ok |`,
      `| Sprite and VTT | ${((stepMs.timeline ?? 0) / 1000).toFixed(2)} s | ≤ 2 s (issue 5) | ${ok(result.goals.sprite)} |`,
      `| Everything (incl. hover clip and downloads) | ${(totalMs / 1000).toFixed(1)} s | | |`,
      '',
      'Each rung beside its quality: SSIM (ffmpeg `ssim`, mean of Y, U, V) of the rung read',
      "through its HLS playlist against the source scaled to the rung's size (bicubic), frame",
      'by frame; the mean, the luma mean and the worst frame; beside it the bitrate of the',
      'video (segments and init over the duration; the audio is in them too).',
      '',
      '| Rung | Step time | Published at | SSIM | SSIM Y | worst frame | frames | kbit/s |',
      '|---|---|---|---|---|---|---|---|',
      ...rungRows,
      '',
      'Steps, in the order they were done: from seen running to done, and done at (ms since',
      "the job was queued; the first rung's step publishes what the first step prepared, so",
      'its time is in the first step, before the rung is seen running):',
      '',
      ...Object.entries(stepMs).map(([step, ms]) => `- ${step}: ${ms} (done at ${doneMs[step]})`),
      '',
    ].join('\n');
    await writeFile(path.join(RESULTS_DIR, `${name}.md`), md);
    console.log(md);
    if (!Object.values(result.goals).every(Boolean)) process.exitCode = 1;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

await main();
