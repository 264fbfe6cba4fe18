import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type RunOptions, runFfmpeg } from '../../../media/exec.ts';
import {
  fingerprintArgs,
  hashFrames,
  MAX_FRAMES,
  type WindowHashes,
} from '../../../media/fingerprint.ts';
import { firstRungArgs, type HlsRungOptions } from '../../../media/hls.ts';
import type { MediaInput } from '../../../media/input.ts';

// The fingerprint of the pipeline's first step (media-process-video.job.ts, decision 0056):
// ffmpeg decodes the source once into small grey frames a second, hashed here. It decodes
// every frame (the sampling averages each second), so its time grows with the video's
// length, bounded by MAX_FRAMES.

/** Longest the decode may take: about four seconds of video a second on a busy core. */
export function fingerprintTimeoutMs(durationS: number): number {
  return 60_000 + Math.min(durationS, MAX_FRAMES) * 250;
}

export async function takeFingerprint(o: {
  ffmpegPath: string;
  source: MediaInput;
  durationS: number;
  scratch: string;
  run: Pick<RunOptions, 'signal' | 'pidFile'>;
  /** Decoding threads (fingerprintArgs): 1 unless an upload's first rung waits on it. */
  threads?: number;
}): Promise<WindowHashes> {
  const output = path.join(o.scratch, 'fingerprint.gray');
  const args = fingerprintArgs({ input: o.source, output, threads: o.threads });
  await runFfmpeg(o.ffmpegPath, args, {
    ...o.run,
    timeoutMs: fingerprintTimeoutMs(o.durationS),
  });
  return hashFrames(await readFile(output));
}

/**
 * An upload's fingerprint and its first rung from one decode (hls.ts `firstRungArgs`,
 * decision 0060): the rung lands in `outDir`, unpublished, and the hashes are returned as
 * takeFingerprint's. `timeoutMs` is the rung's (it takes longer than the fingerprint alone).
 */
export async function takeFingerprintWithRung(o: {
  ffmpegPath: string;
  rung: Omit<HlsRungOptions, 'outDir'>;
  outDir: string;
  durationS: number;
  scratch: string;
  run: Pick<RunOptions, 'signal' | 'pidFile' | 'timeoutMs'>;
}): Promise<WindowHashes> {
  const fingerprint = path.join(o.scratch, 'fingerprint.gray');
  await mkdir(o.outDir, { recursive: true });
  const args = firstRungArgs({ ...o.rung, outDir: o.outDir, fingerprint });
  await runFfmpeg(o.ffmpegPath, args, {
    ...o.run,
    timeoutMs: Math.max(o.run.timeoutMs, fingerprintTimeoutMs(o.durationS)),
  });
  return hashFrames(await readFile(fingerprint));
}
