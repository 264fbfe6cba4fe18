import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from '../../../media/exec.ts';
import { MediaError, mp4Args, remuxArgs } from '../../../media/ffmpeg.ts';
import { hlsRungDir, type VideoFileFormat, videoDir, videoFileKey } from '../../../media/keys.ts';
import type { MediaStorage } from '../../../media/storage.ts';
import { ffmpeg, rungsOf, runOptions, type StepDefinition } from './step.ts';

const TRAILER_S = 10;

/**
 * The downloads: `_hq` and `_lq` are the 720 and 480 rungs (or the nearest below) joined
 * into one progressive MP4 without encoding again; `_tr` is a short trailer encoded from
 * the source. A rung that is not there yet is encoded from the source instead. The last
 * step of a run: older generations' streaming files go after it.
 */
export const downloadsStep: StepDefinition<'mp4'> = {
  timeoutFactor: 3,
  async run(deps, step) {
    const heights = rungsOf(step.media).map((r) => r.rung.height);
    const pick = (max: number) => heights.find((h) => h <= max) ?? heights[heights.length - 1];
    const files: Partial<Record<VideoFileFormat, string>> = {};
    const plan: [VideoFileFormat, number | undefined][] = [
      ['_hq.mp4', pick(720)],
      ['_lq.mp4', pick(480)],
    ];
    const duration = step.media.probe.duration;
    for (const [index, [format, height]] of plan.entries()) {
      // A source under 480 lines has one rung for both: one file under both names, not two
      // copies (a 42-minute 240p video's is 55 MB).
      const same = plan.slice(0, index).find(([, h]) => h === height)?.[0];
      if (same && files[same]) {
        files[format] = files[same];
        continue;
      }
      const output = path.join(step.scratch, `${step.id}${format}`);
      const rungDir = height ? deps.storage.localPath(hlsRungDir(step.id, step.gen, height)) : '';
      const joined = height
        ? await joinRung(rungDir, path.join(step.scratch, `${height}.mp4`))
        : undefined;
      if (joined) {
        // Our own fragmented MP4, read as one.
        await runFfmpeg(
          deps.ffmpegPath,
          remuxArgs({ path: joined, format: 'mov' }, output),
          runOptions(step),
        );
      } else {
        await ffmpeg(
          deps,
          step,
          mp4Args({
            input: step.source,
            output,
            maxHeight: height ?? 720,
            crf: 23,
            preset: 'veryfast',
            audioKbps: 128,
          }),
        );
      }
      step.progress((index + 1) / 3);
      await deps.storage.putFile(videoFileKey(step.id, format), output, { move: true });
      files[format] = videoFileKey(step.id, format);
    }
    const trailer = path.join(step.scratch, `${step.id}_tr.mp4`);
    const start = Math.max(0, Math.min(duration * 0.2, duration - TRAILER_S));
    await runFfmpeg(
      deps.ffmpegPath,
      mp4Args({
        input: step.source,
        output: trailer,
        maxHeight: 360,
        crf: 28,
        preset: 'veryfast',
        audioKbps: 96,
        startS: Math.floor(start),
        durationS: Math.min(TRAILER_S, duration),
      }),
      runOptions(step),
    );
    await deps.storage.putFile(videoFileKey(step.id, '_tr.mp4'), trailer, { move: true });
    files['_tr.mp4'] = videoFileKey(step.id, '_tr.mp4');
    await deps.videos.setOutputs(step.id, step.gen, { files });
    // The run is complete: older generations' streaming files can go.
    await removeOldGenerations(deps.storage, step.id, step.gen);
  },
};

/**
 * A rung's init segment and media segments concatenated in playlist order: one valid
 * fragmented MP4. Undefined when the rung is not (yet) in storage.
 */
async function joinRung(rungDir: string, output: string): Promise<string | undefined> {
  let playlist: string;
  try {
    playlist = await readFile(path.join(rungDir, 'index.m3u8'), 'utf8');
  } catch {
    return undefined;
  }
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
  const segments = playlist.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
  if (!init || segments.length === 0) return undefined;
  // Segments are a few MB each: read one at a time into the joined file.
  const out = await open(output, 'w');
  try {
    for (const name of [init, ...segments]) {
      if (!/^[\w.-]+$/.test(name))
        throw new MediaError('failed', `unexpected segment name ${name}`);
      await out.write(await readFile(path.join(rungDir, name)));
    }
  } finally {
    await out.close();
  }
  return output;
}

async function removeOldGenerations(storage: MediaStorage, id: number, gen: number) {
  for (let old = gen - 1; old >= Math.max(1, gen - 5); old--) {
    await storage.remove(`${videoDir(id)}/g${old}`);
  }
}
