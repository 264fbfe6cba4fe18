import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MediaInput, ownHlsInput } from './input.ts';
import { spriteArgs, timelineFileName, timelinePlan, timelineVtt } from './timeline.ts';

const run = promisify(execFile);
const COMMON = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];
const mov = (file: string): MediaInput => ({ path: file, format: 'mov' });

describe('timelinePlan', () => {
  it.each([
    // duration, count, interval, columns, rows
    [20, 10, 2, 10, 1],
    [21, 11, 2, 10, 2],
    [5, 3, 2, 3, 1],
    [0.5, 1, 2, 1, 1],
    [200, 100, 2, 10, 10],
    [201, 67, 3, 10, 7],
    [3600, 100, 36, 10, 10],
    [7261.5, 100, 73, 10, 10],
  ])('%d s: %i frames every %i s on %ix%i', (durationS, count, intervalS, columns, rows) => {
    expect(timelinePlan(durationS)).toEqual({ count, intervalS, columns, rows });
  });

  it('takes other limits', () => {
    expect(timelinePlan(100, { maxFrames: 50, minIntervalS: 5, columns: 5 })).toEqual({
      count: 20,
      intervalS: 5,
      columns: 5,
      rows: 4,
    });
    expect(timelinePlan(1000, { maxFrames: 40, minIntervalS: 1 })).toEqual({
      count: 40,
      intervalS: 25,
      columns: 10,
      rows: 4,
    });
  });

  it('rejects durations and limits that plan nothing', () => {
    for (const d of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => timelinePlan(d)).toThrow(RangeError);
    }
    expect(() => timelinePlan(20, { maxFrames: 0 })).toThrow(RangeError);
    expect(() => timelinePlan(20, { minIntervalS: 1.5 })).toThrow(RangeError);
    expect(() => timelinePlan(20, { columns: -1 })).toThrow(RangeError);
  });
});

describe('spriteArgs', () => {
  it('tiles keyframes into one JPEG', () => {
    expect(
      spriteArgs({ input: mov('/in/v.mp4'), output: '/out/v.jpg', plan: timelinePlan(21) }),
    ).toEqual([
      ...COMMON,
      ...['-skip_frame', 'nokey'],
      ...['-protocol_whitelist', 'file', '-format_whitelist', 'mov', '-f', 'mov'],
      ...['-enable_drefs', '0', '-i', 'file:/in/v.mp4'],
      ...['-map', '0:v:0', '-an', '-sn', '-dn', '-map_metadata', '-1'],
      '-vf',
      'fps=1/2:eof_action=pass,scale=160:90:force_original_aspect_ratio=decrease,pad=160:90:(ow-iw)/2:(oh-ih)/2,tile=10x2',
      ...['-frames:v', '1', '-c:v', 'mjpeg', '-q:v', '4', '-update', '1', '/out/v.jpg'],
    ]);
  });

  it('takes a tile size and can decode every frame', () => {
    const args = spriteArgs({
      input: mov('in.mp4'),
      output: 'out.jpeg',
      plan: timelinePlan(3600),
      tileWidth: 240,
      tileHeight: 136,
      keyframesOnly: false,
    });
    expect(args).not.toContain('-skip_frame');
    expect(args[args.indexOf('-vf') + 1]).toBe(
      'fps=1/36:eof_action=pass,scale=240:136:force_original_aspect_ratio=decrease,pad=240:136:(ow-iw)/2:(oh-ih)/2,tile=10x10',
    );
  });

  it("reads the video's own HLS rung as HLS over fMP4 files, nothing else", () => {
    const args = spriteArgs({
      input: ownHlsInput('/media/g1/hls/240/index.m3u8'),
      output: 'o.jpg',
      plan: timelinePlan(20),
      keyframesOnly: false,
    });
    expect(args.slice(5, 15)).toEqual([
      ...['-protocol_whitelist', 'file', '-format_whitelist', 'hls,mov', '-f', 'hls'],
      ...['-allowed_extensions', 'm3u8,mp4,m4s', '-i', 'file:/media/g1/hls/240/index.m3u8'],
    ]);
  });

  it('refuses odd tiles and outputs that are not JPEG', () => {
    const plan = timelinePlan(20);
    expect(() => spriteArgs({ input: mov('i'), output: 'o.jpg', plan, tileWidth: 161 })).toThrow(
      RangeError,
    );
    expect(() => spriteArgs({ input: mov('i'), output: 'o.png', plan })).toThrow(RangeError);
  });
});

describe('timelineVtt', () => {
  it('maps each stretch to its tile, the last one ending the video', () => {
    expect(timelineVtt({ plan: timelinePlan(5), spriteUrl: '/t/7.jpg', durationS: 5 })).toBe(
      [
        'WEBVTT',
        '',
        '00:00:00.000 --> 00:00:02.000',
        '/t/7.jpg#xywh=0,0,160,90',
        '',
        '00:00:02.000 --> 00:00:04.000',
        '/t/7.jpg#xywh=160,0,160,90',
        '',
        '00:00:04.000 --> 00:00:05.000',
        '/t/7.jpg#xywh=320,0,160,90',
        '',
      ].join('\n'),
    );
  });

  it('wraps to the next row of the sheet', () => {
    const vtt = timelineVtt({
      plan: timelinePlan(21.25),
      spriteUrl: 's.jpg',
      tileWidth: 120,
      tileHeight: 68,
      durationS: 21.25,
    });
    expect(vtt).toContain('00:00:18.000 --> 00:00:20.000\ns.jpg#xywh=1080,0,120,68\n');
    expect(vtt.endsWith('00:00:20.000 --> 00:00:21.250\ns.jpg#xywh=0,68,120,68\n')).toBe(true);
  });

  it('writes hours, past two digits when needed', () => {
    const durationS = 2 * 3600 + 61.5;
    const vtt = timelineVtt({ plan: timelinePlan(durationS), spriteUrl: 's.jpg', durationS });
    expect(vtt.match(/-->/g)).toHaveLength(100);
    expect(vtt).toContain('01:00:50.000 --> 01:02:03.000\ns.jpg#xywh=0,450,160,90\n');
    expect(vtt.endsWith('02:00:27.000 --> 02:01:01.500\ns.jpg#xywh=1440,810,160,90\n')).toBe(true);

    const long = timelineVtt({
      plan: timelinePlan(360_000),
      spriteUrl: 's.jpg',
      durationS: 360_000,
    });
    expect(long).toContain('\n99:00:00.000 --> 100:00:00.000\n');
  });

  it('rounds to the millisecond without a 60th second', () => {
    expect(
      timelineVtt({ plan: timelinePlan(59.9996), spriteUrl: 's', durationS: 59.9996 }),
    ).toContain('00:00:58.000 --> 00:01:00.000\n');
  });

  it('refuses a sprite URL that would break the cue', () => {
    const plan = timelinePlan(5);
    for (const spriteUrl of ['', 'a\nb', 'a-->b']) {
      expect(() => timelineVtt({ plan, spriteUrl, durationS: 5 })).toThrow(RangeError);
    }
  });
});

describe('timelineFileName', () => {
  it('is SPEC §7’s {video_id}.{count}.{interval}.vtt', () => {
    expect(timelineFileName(42, timelinePlan(20))).toBe('42.10.2.vtt');
    expect(timelineFileName(7, timelinePlan(3600))).toBe('7.100.36.vtt');
  });

  it('refuses ids that are not ids', () => {
    for (const id of [0, -3, 1.5, Number.NaN]) {
      expect(() => timelineFileName(id, timelinePlan(20))).toThrow(RangeError);
    }
  });
});

// Against the machine's ffmpeg 5.1: a missing ffmpeg fails these tests, it does not skip them.
describe('spriteArgs with ffmpeg', () => {
  // 21 s, a keyframe every second: 11 frames on a 10x2 sheet, the 11th in the last interval.
  const durationS = 21;
  const plan = timelinePlan(durationS);
  let dir: string;
  let source: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'afterglow-timeline-'));
    source = path.join(dir, 'source.mp4');
    await run('ffmpeg', [
      ...COMMON,
      ...['-f', 'lavfi', '-i', `testsrc2=s=320x240:r=25:d=${durationS}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', source],
    ]);
  }, 20_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Mean of all channels over one region of the sheet (0 black … 255 white). */
  async function brightness(file: string, left: number, top: number, width: number) {
    // Raw pixels: sharp's stats() would measure the whole input, ignoring the extract.
    const pixels = await sharp(file).extract({ left, top, width, height: 90 }).raw().toBuffer();
    return pixels.reduce((sum, v) => sum + v, 0) / pixels.length;
  }

  it.each([true, false])('fills exactly the planned tiles (keyframes only: %s)', async (only) => {
    const output = path.join(dir, `sprite-${only}.jpg`);
    await run('ffmpeg', spriteArgs({ input: mov(source), output, plan, keyframesOnly: only }));
    const meta = await sharp(output).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([1600, 180]);
    // The 11th frame (the one ffmpeg 5.1 drops without eof_action=pass) is there; the 12th
    // tile is unused and black.
    expect(await brightness(output, 20, 90, 120)).toBeGreaterThan(40);
    expect(await brightness(output, 180, 90, 120)).toBeLessThan(5);
    // A 4:3 source sits letterboxed in its 16:9 tile: 20 px black bars left and right.
    expect(await brightness(output, 0, 0, 16)).toBeLessThan(5);
    expect(await brightness(output, 144, 0, 16)).toBeLessThan(5);
    expect(await brightness(output, 20, 0, 120)).toBeGreaterThan(40);
  });
});
