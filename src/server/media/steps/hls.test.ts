import { describe, expect, it } from 'vitest';
import type { VideoMedia } from '../../../db/schema.ts';
import { hlsMasterKey } from '../../../media/keys.ts';
import type { MediaStorage } from '../../../media/storage.ts';
import type { VideoMediaRepository } from '../video-media.repository.ts';
import { publish } from './hls.ts';
import type { StepDeps, StepRun } from './step.ts';

// Two rungs of one video published at once, as two job processes may (decision 0060): the
// master playlist left behind lists both, whatever order their writes land in.

const GEN = 4;
const MASTER = hlsMasterKey(1, GEN);

function fakes() {
  let rungs: number[] = [];
  const writes: string[] = [];
  let master = '';
  let hold: { gate: Promise<void>; heights: string } | undefined;
  const listed = (text: string) =>
    [...text.matchAll(/^(\d+)\/index\.m3u8$/gm)].map((m) => Number(m[1])).join(',');
  const storage = {
    async put(key: string, data: Buffer) {
      expect(key).toBe(MASTER);
      const text = data.toString();
      if (hold && listed(text) === hold.heights) {
        const { gate } = hold;
        hold = undefined;
        await gate;
      }
      writes.push(listed(text));
      master = text;
    },
  } as unknown as MediaStorage;
  const media = (): VideoMedia => ({ gen: GEN, rungs: [...rungs] }) as VideoMedia;
  const videos = {
    async getForProcessing(id: number) {
      return { id, status_id: 3, media: media() };
    },
    async publishRung(_id: number, gen: number, height: number) {
      if (gen !== GEN) return undefined;
      rungs = [...new Set([...rungs, height])].sort((a, b) => b - a);
      return [...rungs];
    },
  } as unknown as VideoMediaRepository;
  const deps: StepDeps = { videos, storage, ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' };
  return {
    deps,
    writes,
    master: () => listed(master),
    published: () => rungs,
    /** Holds back the next write of a master listing `heights` until released. */
    hold(heights: string) {
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      hold = { gate, heights };
      return release;
    },
  };
}

const step = {
  id: 1,
  gen: GEN,
  media: {
    gen: GEN,
    probe: { duration: 60, width: 1920, height: 1080, hasAudio: true, fps: 25 },
  },
} as unknown as StepRun;

describe('publishing rungs side by side', () => {
  it('leaves a master listing both when the first master written lands last', async () => {
    const f = fakes();
    // 720's first master (listing 720 alone) is held until 480 is published and done.
    const release = f.hold('720');
    const first = publish(f.deps, step, 720);
    await publish(f.deps, step, 480);
    expect(f.master()).toBe('480');
    release();
    await first;
    expect(f.published()).toEqual([720, 480]);
    expect(f.master()).toBe('720,480');
    // The stale master was written, then mended by the step that wrote it.
    expect(f.writes).toEqual(['480', '720', '720,480']);
  });

  it('writes the master once when nothing runs beside it', async () => {
    const f = fakes();
    await publish(f.deps, step, 1080);
    await publish(f.deps, step, 240);
    expect(f.writes).toEqual(['1080', '1080,240']);
    expect(f.master()).toBe('1080,240');
  });
});
