import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg, runFfprobe } from './exec.ts';
import { MediaError, screenshotArgs } from './ffmpeg.ts';
import type { SourceFormat } from './input.ts';
import { sniffFormat, sourceInput } from './sniff.ts';
import { testSourceArgs } from './test-source.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  );

/** Packets of `stride` bytes starting with the sync byte, after `lead` bytes of anything. */
function transportStream(stride: number, syncAt: number, lead = 0, packets = 8): Buffer {
  const out = Buffer.alloc(lead + stride * packets, 0x11);
  for (let i = 0; i < packets; i++) out[lead + i * stride + syncAt] = 0x47;
  return out;
}

describe('sniffFormat', () => {
  it.each([
    ['ISO BMFF', bytes([0, 0, 0, 0x20], 'ftypisom'), 'mov'],
    ['QuickTime', bytes([0, 0, 0, 0x08], 'wide', [0, 0, 0, 0x10], 'mdat'), 'mov'],
    ['a moov first file', bytes([0, 0, 0x10, 0], 'moov'), 'mov'],
    ['Matroska / WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]), 'matroska'],
    ['AVI', bytes('RIFF', [1, 2, 3, 4], 'AVI LIST'), 'avi'],
    ['a Video CD .dat', bytes('RIFF', [1, 2, 3, 4], 'CDXAfmt '), 'mpeg'],
    ['MPEG program stream', bytes([0, 0, 1, 0xba, 0x44]), 'mpeg'],
    ['MPEG video elementary stream', bytes([0, 0, 1, 0xb3, 0x14]), 'mpegvideo'],
    ['FLV', bytes('FLV', [1, 5, 0, 0, 0, 9]), 'flv'],
    [
      'ASF / WMV',
      bytes([
        0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0, 0xaa, 0, 0x62, 0xce, 0x6c,
      ]),
      'asf',
    ],
    ['RealMedia', bytes('.RMF', [0, 0, 0, 0x12]), 'rm'],
    ['MPEG-TS', transportStream(188, 0), 'mpegts'],
    ['MPEG-TS cut mid-packet', transportStream(188, 0, 77), 'mpegts'],
    ['M2TS (AVCHD)', transportStream(192, 4), 'mpegts'],
    ['MPEG-TS with Reed-Solomon', transportStream(204, 0), 'mpegts'],
  ] as const)('reads %s by its first bytes', (_name, head, format) => {
    expect(sniffFormat(head)).toBe(format);
  });

  it.each([
    ['an HLS playlist', '#EXTM3U\n#EXTINF:400,\n/data/media/sources/0/0/921.mp4\n#EXT-X-ENDLIST\n'],
    ['a concat list', "file '/data/media/sources/0/0/921.mp4'\n"],
    ['an ffconcat script', 'ffconcat version 1.0\nfile /data/media/sources/0/0/921.mp4\n'],
    ['a URL', 'http://127.0.0.1/secret.mp4\n'],
    ['a file: reference', 'file:/data/media/sources/0/0/921.mp4\n'],
    ['an SDP description', 'v=0\no=- 0 0 IN IP4 127.0.0.1\nm=video 5004 RTP/AVP 96\n'],
    ['a WAV file', 'RIFF\u0001\u0002\u0003\u0004WAVEfmt '],
    ['nothing', ''],
  ])('refuses %s', (_name, text) => {
    expect(sniffFormat(Buffer.from(text, 'latin1'))).toBeUndefined();
  });

  it('wants more than two sync bytes before it calls bytes a transport stream', () => {
    expect(sniffFormat(transportStream(188, 0, 0, 2))).toBeUndefined();
    expect(sniffFormat(Buffer.alloc(1000, 0x47).fill(0x20, 1))).toBeUndefined();
  });
});

// Against the machine's ffmpeg 5.1: every container SPEC.md §5 allows that ffmpeg can write is
// made from a test source, found by its bytes alone and read with its demuxer pinned.
// Each test runs ffmpeg up to three times, each with its own limit (30 + 10 + 10 s): on a busy
// machine one took over vitest's default 5 s.
describe('containers with ffmpeg', { timeout: 60_000 }, () => {
  let dir: string;
  const options = { durationS: 1, width: 160, height: 120, pattern: 'testsrc2', seed: 4 } as const;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'afterglow-sniff-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function make(name: string): Promise<string> {
    const output = path.join(dir, name);
    await runFfmpeg('ffmpeg', testSourceArgs({ ...options, output }), { timeoutMs: 30_000 });
    return output;
  }

  it.each([
    ['mp4', 'mov'],
    ['mov', 'mov'],
    ['m4v', 'mov'],
    ['3gp', 'mov'],
    ['f4v', 'mov'],
    ['mkv', 'matroska'],
    ['webm', 'matroska'],
    ['avi', 'avi'],
    ['ts', 'mpegts'],
    ['m2t', 'mpegts'],
    ['mts', 'mpegts'],
    ['flv', 'flv'],
    ['mpg', 'mpeg'],
    ['mpeg', 'mpeg'],
    ['vob', 'mpeg'],
    ['dat', 'mpeg'],
    ['asf', 'asf'],
    ['wmv', 'asf'],
    ['rm', 'rm'],
  ] as [string, SourceFormat][])(
    'a .%s file is %s, probed and decoded pinned',
    async (ext, format) => {
      // Named without its extension: the bytes decide.
      const file = await make(`source.${ext}`);
      const input = await sourceInput(file);
      expect(input).toEqual({ path: file, format });
      const probe = await runFfprobe('ffprobe', input, { timeoutMs: 10_000 });
      expect([probe.width, probe.height, probe.hasAudio]).toEqual([160, 120, true]);
      expect(probe.durationS).toBeCloseTo(1, 0);
      const frame = path.join(dir, `${ext}.png`);
      await runFfmpeg(
        'ffmpeg',
        // Decoded from the start: a 1 s transport stream has one keyframe, no seek lands on it.
        screenshotArgs({ input, output: frame, atS: 0.5, decodeFromS: 0, width: 64, height: 48 }),
        { timeoutMs: 10_000 },
      );
      expect((await stat(frame)).size).toBeGreaterThan(0);
    },
  );

  it('reads a Video CD .dat wrapped in RIFF CDXA as MPEG', async () => {
    const mpeg = await readFile(await make('vcd.dat'));
    const fmt = Buffer.concat([Buffer.from('fmt '), Buffer.from([16, 0, 0, 0]), Buffer.alloc(16)]);
    const size = (n: number) => Buffer.from(Uint32Array.of(n).buffer);
    const body = Buffer.concat([
      Buffer.from('CDXA'),
      fmt,
      Buffer.from('data'),
      size(mpeg.length),
      mpeg,
    ]);
    const file = path.join(dir, 'cdxa');
    await writeFile(file, Buffer.concat([Buffer.from('RIFF'), size(body.length), body]));
    const input = await sourceInput(file);
    expect(input.format).toBe('mpeg');
    const probe = await runFfprobe('ffprobe', input, { timeoutMs: 10_000 });
    expect(probe.durationS).toBeCloseTo(1, 0);
  });

  it('finds an .m2v elementary stream, which says no length: not a usable upload', async () => {
    const input = await sourceInput(await make('video.m2v'));
    expect(input.format).toBe('mpegvideo');
    const error = await runFfprobe('ffprobe', input, { timeoutMs: 10_000 }).catch((e) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect(error).toMatchObject({ code: 'video_corrupted_file', message: /no duration/ });
  });

  it('calls a file of none of these containers corrupted, before ffmpeg opens it', async () => {
    const file = path.join(dir, 'playlist.mp4');
    await writeFile(file, '#EXTM3U\n#EXTINF:400,\n/etc/hostname\n#EXT-X-ENDLIST\n');
    await expect(sourceInput(file)).rejects.toMatchObject({ code: 'video_corrupted_file' });
  });

  it('refuses an output extension it has no codecs for', () => {
    expect(() => testSourceArgs({ ...options, output: 'x.gif' })).toThrow(RangeError);
  });
});
