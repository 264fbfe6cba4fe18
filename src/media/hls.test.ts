import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProbe } from './ffmpeg.ts';
import { fingerprintArgs, GRID, WINDOWS } from './fingerprint.ts';
import {
  biggerRungFor,
  derivedOffsetS,
  derivedRungArgs,
  firstRungArgs,
  HLS_LADDER,
  type HlsRung,
  hlsRungArgs,
  ladderFor,
  type MasterEntry,
  masterPlaylist,
  rungWidth,
  videoCodec,
} from './hls.ts';
import { type MediaInput, ownHlsInput } from './input.ts';

const run = promisify(execFile);
const COMMON = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];
const mov = (file: string): MediaInput => ({ path: file, format: 'mov' });

function rung(height: number): HlsRung {
  const found = HLS_LADDER.find((r) => r.height === height);
  if (!found) throw new Error(`no ${height} rung`);
  return found;
}

describe('HLS_LADDER', () => {
  it('runs best first, with peaks above averages and buffers above peaks', () => {
    expect(HLS_LADDER.map((r) => r.height)).toEqual([1080, 720, 480, 240]);
    for (const r of HLS_LADDER) {
      expect(r.maxrateKbps).toBeGreaterThan(r.videoKbps);
      expect(r.bufsizeKbps).toBeGreaterThanOrEqual(r.maxrateKbps);
    }
  });
});

describe('ladderFor', () => {
  it('never upscales', () => {
    const heights = (h: number) => ladderFor(h).map((r) => r.height);
    expect(heights(2160)).toEqual([1080, 720, 480, 240]);
    expect(heights(1080)).toEqual([1080, 720, 480, 240]);
    expect(heights(1079)).toEqual([1078, 720, 480, 240]);
    expect(heights(722)).toEqual([720, 480, 240]);
    expect(heights(720)).toEqual([720, 480, 240]);
    expect(heights(480)).toEqual([480, 240]);
    expect(heights(240)).toEqual([240]);
  });

  it('keeps a source between rungs at its own height, with the rates of the rung above', () => {
    expect(ladderFor(360)).toEqual([{ ...rung(480), height: 360 }, rung(240)]);
    expect(ladderFor(1079)[0]).toEqual({ ...rung(1080), height: 1078 });
  });

  it('gives a small source one rung at its own even height, at the lowest rates', () => {
    expect(ladderFor(200)).toEqual([{ ...rung(240), height: 200 }]);
    expect(ladderFor(135)).toEqual([{ ...rung(240), height: 134 }]);
  });

  it('hands out copies', () => {
    const [top] = ladderFor(1080);
    if (top) top.videoKbps = 1;
    expect(rung(1080).videoKbps).toBe(5000);
  });

  it('rejects sizes no video has', () => {
    for (const h of [0, 1, -480, Number.NaN]) expect(() => ladderFor(h)).toThrow(RangeError);
  });
});

describe('rungWidth', () => {
  // Each pair checked against ffmpeg 5.1's `scale=-2:H` on a source of that exact size.
  it.each([
    [1920, 1080, 480, 854],
    [1920, 1080, 240, 426],
    [1080, 1920, 240, 136],
    [2560, 1080, 480, 1138],
    [720, 576, 480, 600],
    [1281, 721, 480, 852],
    [641, 479, 480, 642],
    [3, 2, 2, 4],
  ])('%ix%i at height %i is %i wide', (w, h, height, expected) => {
    expect(rungWidth(w, h, height)).toBe(expected);
  });

  it('rejects non-sizes', () => {
    expect(() => rungWidth(0, 1080, 720)).toThrow(RangeError);
    expect(() => rungWidth(1920, 1080, 720.5)).toThrow(RangeError);
  });
});

describe('videoCodec', () => {
  it.each([
    [1080, 1920, 25, 'high', '4.0', 'avc1.640028'],
    [1080, 1920, 30, 'high', '4.0', 'avc1.640028'],
    [1080, 1920, 60, 'high', '4.2', 'avc1.64002a'],
    // 2.39:1 film: 160x68 macroblocks is more than level 4.2's 8704 a frame.
    [1080, 2584, 24, 'high', '5.0', 'avc1.640032'],
    [720, 1280, 30, 'high', '3.1', 'avc1.64001f'],
    [720, 1280, 60, 'high', '3.2', 'avc1.640020'],
    [480, 854, 25, 'main', '3.0', 'avc1.4d401e'],
    // 1620 macroblocks at 30/s is over level 3.0's 40500/s.
    [480, 854, 30, 'main', '3.1', 'avc1.4d401f'],
    [240, 426, 30, 'main', '2.1', 'avc1.4d4015'],
    [240, 426, 0, 'main', '2.1', 'avc1.4d4015'],
  ])('%ip, %i wide at %i fps: %s %s (%s)', (height, width, fps, profile, level, codecs) => {
    expect(videoCodec(rung(height), width, fps)).toEqual({ profile, level, codecs });
  });

  it('counts an unknown frame rate as 25', () => {
    expect(videoCodec(rung(480), 854, 0)).toEqual(videoCodec(rung(480), 854, 25));
  });

  it('rejects an odd width', () => {
    expect(() => videoCodec(rung(480), 853, 25)).toThrow(RangeError);
  });
});

describe('hlsRungArgs', () => {
  it('builds one aligned fMP4 rung with audio', () => {
    expect(
      hlsRungArgs({
        input: mov('/in/source.mp4'),
        outDir: '/out/720',
        rung: rung(720),
        width: 1280,
        hasAudio: true,
        frameRate: 30,
      }),
    ).toEqual([
      ...COMMON,
      ...['-protocol_whitelist', 'file', '-format_whitelist', 'mov', '-f', 'mov'],
      ...['-enable_drefs', '0', '-i', 'file:/in/source.mp4'],
      ...['-map', '0:v:0', '-map', '0:a:0?', '-map_metadata', '-1', '-sn', '-dn'],
      ...['-vf', 'scale=-2:720', '-pix_fmt', 'yuv420p'],
      ...['-c:v', 'libx264', '-profile:v', 'high', '-level:v', '3.1'],
      ...['-preset', 'veryfast', '-x264-params', 'me=dia:subme=1'],
      ...['-b:v', '2800k', '-maxrate', '4200k', '-bufsize', '5600k'],
      ...['-g', '120', '-keyint_min', '120', '-sc_threshold', '0'],
      ...['-force_key_frames', 'expr:gte(t,n_forced*4)'],
      ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-ar', '48000'],
      ...['-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod'],
      ...['-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4'],
      ...['-hls_segment_filename', '/out/720/seg_%05d.m4s', '-hls_flags', 'independent_segments'],
      ...['-progress', 'pipe:1', '-nostats', '/out/720/index.m3u8'],
    ]);
  });

  it('leaves audio out entirely for a silent source', () => {
    const args = hlsRungArgs({
      input: mov('in.mp4'),
      outDir: 'out',
      rung: rung(240),
      width: 426,
      hasAudio: false,
      frameRate: 25,
    });
    expect(args).not.toContain('0:a:0?');
    expect(args).not.toContain('-c:a');
    expect(args.filter((a) => a === '-map')).toHaveLength(1);
  });

  it('uses Main below 720 and sizes the GOP to the segment', () => {
    const args = hlsRungArgs({
      input: mov('in.mp4'),
      outDir: 'out',
      rung: rung(480),
      width: 854,
      hasAudio: true,
      frameRate: 30000 / 1001,
      segmentS: 6,
    });
    const optionValue = (flag: string) => args[args.indexOf(flag) + 1];
    expect(optionValue('-profile:v')).toBe('main');
    expect(optionValue('-level:v')).toBe('3.1');
    expect(optionValue('-g')).toBe('180');
    expect(optionValue('-keyint_min')).toBe('180');
    expect(optionValue('-force_key_frames')).toBe('expr:gte(t,n_forced*6)');
    expect(optionValue('-hls_time')).toBe('6');
    expect(optionValue('-b:a')).toBe('96k');
  });

  it('assumes 25 fps when the rate is unknown', () => {
    const args = hlsRungArgs({
      input: mov('in.mp4'),
      outDir: 'out',
      rung: rung(240),
      width: 426,
      hasAudio: true,
      frameRate: 0,
    });
    expect(args[args.indexOf('-g') + 1]).toBe('100');
  });

  it('rejects odd heights and bad segment lengths', () => {
    const base = { input: mov('in'), outDir: 'out', width: 320, hasAudio: true, frameRate: 25 };
    expect(() => hlsRungArgs({ ...base, rung: { ...rung(240), height: 239 } })).toThrow(RangeError);
    expect(() => hlsRungArgs({ ...base, rung: rung(240), segmentS: 0 })).toThrow(RangeError);
  });
});

describe('masterPlaylist', () => {
  const entry = (height: number, width: number, extra: Partial<MasterEntry> = {}) => ({
    rung: rung(height),
    width,
    height,
    path: `${height}/index.m3u8`,
    hasAudio: true,
    frameRate: 30,
    ...extra,
  });

  it('lists the rungs best first with peak and average bandwidth', () => {
    const text = masterPlaylist([
      entry(720, 1280),
      entry(240, 426, { hasAudio: false, frameRate: 0 }),
      entry(1080, 1920),
    ]);
    expect(text).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=7628000,AVERAGE-BANDWIDTH=5128000,CODECS="avc1.640028,mp4a.40.2",RESOLUTION=1920x1080,FRAME-RATE=30.000',
        '1080/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=4328000,AVERAGE-BANDWIDTH=2928000,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=1280x720,FRAME-RATE=30.000',
        '720/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=600000,AVERAGE-BANDWIDTH=400000,CODECS="avc1.4d4015",RESOLUTION=426x240',
        '240/index.m3u8',
        '',
      ].join('\n'),
    );
  });

  it('writes NTSC rates to the millisecond', () => {
    expect(masterPlaylist([entry(480, 854, { frameRate: 30000 / 1001 })])).toContain(
      'CODECS="avc1.4d401f,mp4a.40.2",RESOLUTION=854x480,FRAME-RATE=29.970\n',
    );
  });

  it('refuses nothing, a height that is not the rung’s, or a path that breaks lines', () => {
    expect(() => masterPlaylist([])).toThrow(RangeError);
    expect(() => masterPlaylist([entry(720, 1280, { height: 700 })])).toThrow(RangeError);
    expect(() => masterPlaylist([entry(720, 1280, { path: 'a\n#EXT-X-ENDLIST' })])).toThrow(
      RangeError,
    );
  });
});

// Against the machine's ffmpeg 5.1: a missing ffmpeg fails these tests, it does not skip them.
describe('biggerRungFor', () => {
  it('takes the smallest published rung at least twice as tall', () => {
    expect(biggerRungFor([1080, 720, 480], 240)).toBe(480);
    expect(biggerRungFor([1080, 720], 240)).toBe(720);
    expect(biggerRungFor([480], 360)).toBeUndefined();
    expect(biggerRungFor([], 240)).toBeUndefined();
    expect(biggerRungFor([1080, 480], 720)).toBeUndefined();
  });
});

describe('derivedOffsetS', () => {
  it('puts the bigger rung’s first frame at 0', () => {
    // Video 0.08 s in (B-frame delay), after its audio: the file starts with the audio.
    expect(derivedOffsetS({ startS: 0.058, videoStartS: 0.08 })).toBeCloseTo(-0.022, 9);
    expect(derivedOffsetS({ startS: 0.08, videoStartS: 0.08 })).toBe(0);
  });
});

describe('hlsRungArgs with ffmpeg', () => {
  const source = { width: 854, height: 480, frameRate: 30000 / 1001 };
  let dir: string;
  const playlists = new Map<number, string>();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'afterglow-hls-'));
    const input = path.join(dir, 'source.mp4');
    await run('ffmpeg', [
      ...COMMON,
      ...['-f', 'lavfi', '-i', `testsrc2=s=${source.width}x${source.height}:r=30000/1001`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
      ...['-t', '6', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', input],
    ]);
    for (const r of ladderFor(source.height)) {
      const outDir = path.join(dir, String(r.height));
      await mkdir(outDir);
      const width = rungWidth(source.width, source.height, r.height);
      const { frameRate } = source;
      await run(
        'ffmpeg',
        hlsRungArgs({ input: mov(input), outDir, rung: r, width, hasAudio: true, frameRate }),
      );
      playlists.set(r.height, await readFile(path.join(outDir, 'index.m3u8'), 'utf8'));
    }
  }, 20_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a VOD playlist of fMP4 segments of about 4 s', () => {
    const text = playlists.get(240) ?? '';
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(text).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
    expect(text).toContain('#EXT-X-MAP:URI="init.mp4"');
    expect(text).toMatch(/#EXTINF:4\.0\d*,\nseg_00000\.m4s\n/);
    expect(text).toMatch(/#EXTINF:2\.0\d*,\nseg_00001\.m4s\n#EXT-X-ENDLIST/);
  });

  it('cuts every rung at the same instants', () => {
    const durations = (h: number) => (playlists.get(h) ?? '').match(/#EXTINF:[\d.]+/g);
    expect(durations(480)).toHaveLength(2);
    expect(durations(480)).toEqual(durations(240));
  });

  it('produces what the master playlist declares', async () => {
    for (const r of ladderFor(source.height)) {
      const outDir = path.join(dir, String(r.height));
      const width = rungWidth(source.width, source.height, r.height);
      const { stdout } = await run('ffprobe', [
        ...['-v', 'error', '-show_entries', 'stream=codec_name,width,height,channels,sample_rate'],
        ...['-of', 'json', path.join(outDir, 'index.m3u8')],
      ]);
      expect(JSON.parse(stdout).streams).toEqual([
        { codec_name: 'h264', width, height: r.height },
        { codec_name: 'aac', sample_rate: '48000', channels: 2 },
      ]);
      // The codec string is the avcC box's profile, constraint flags and level bytes.
      const init = await readFile(path.join(outDir, 'init.mp4'));
      const avcC = init.indexOf('avcC');
      expect(avcC).toBeGreaterThan(0);
      const declared = videoCodec(r, width, source.frameRate).codecs;
      expect(`avc1.${init.subarray(avcC + 5, avcC + 8).toString('hex')}`).toBe(declared);
      expect(init.includes('mp4a')).toBe(true);
    }
  });
  it('encodes the first rung and takes the fingerprint from one decode, as each alone would', async () => {
    const input = mov(path.join(dir, 'source.mp4'));
    const outDir = path.join(dir, 'first');
    await mkdir(outDir);
    const width = rungWidth(source.width, source.height, 480);
    const fingerprint = path.join(dir, 'first.gray');
    const { frameRate } = source;
    const args = { input, outDir, rung: rung(480), width, hasAudio: true, frameRate };
    await run('ffmpeg', firstRungArgs({ ...args, fingerprint }));
    const alone = path.join(dir, 'alone.gray');
    await run('ffmpeg', fingerprintArgs({ input, output: alone }));
    // The same frames, so the same hashes; six seconds, one frame a second.
    const frames = await readFile(fingerprint);
    expect(frames.length).toBe(6 * GRID * GRID * WINDOWS.length);
    expect(frames.equals(await readFile(alone))).toBe(true);
    // The same rung: cut at the same instants, with what the master declares.
    const text = await readFile(path.join(outDir, 'index.m3u8'), 'utf8');
    expect(text.match(/#EXTINF:[\d.]+/g)).toEqual(playlists.get(480)?.match(/#EXTINF:[\d.]+/g));
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-show_entries', 'stream=codec_name,width,height'],
      ...['-of', 'json', path.join(outDir, 'index.m3u8')],
    ]);
    expect(JSON.parse(stdout).streams).toEqual([
      { codec_name: 'h264', width, height: 480 },
      { codec_name: 'aac' },
    ]);
  });
  it('encodes a rung from a bigger rung as it would from the source, frame for frame', async () => {
    // A source whose video starts 0.2 s after its audio, as some cameras write them.
    const shifted = path.join(dir, 'shifted.mp4');
    const original = path.join(dir, 'source.mp4');
    await run('ffmpeg', [
      ...COMMON,
      ...['-itsoffset', '0.2', '-i', original, '-i', original],
      ...['-map', '0:v', '-map', '1:a', '-c', 'copy', shifted],
    ]);
    const { frameRate } = source;
    const width = (h: number) => rungWidth(source.width, source.height, h);
    const encode = async (name: string, args: (outDir: string) => string[]) => {
      const outDir = path.join(dir, name);
      await mkdir(outDir);
      await run('ffmpeg', args(outDir));
      return path.join(outDir, 'index.m3u8');
    };
    const base = (outDir: string, h: number) => ({
      input: mov(shifted),
      outDir,
      rung: rung(h),
      width: width(h),
      hasAudio: true,
      frameRate,
    });
    const bigger = await encode('s480', (o) => hlsRungArgs(base(o, 480)));
    const direct = await encode('s240', (o) => hlsRungArgs(base(o, 240)));
    const probe = async (input: MediaInput) => {
      const { stdout } = await run('ffprobe', [
        ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams'],
        ...['-allowed_extensions', 'ALL', input.path],
      ]);
      return parseProbe(JSON.parse(stdout));
    };
    const offsetS = derivedOffsetS(await probe(ownHlsInput(bigger)));
    const from = ownHlsInput(bigger);
    const derived = await encode('d240', (o) =>
      derivedRungArgs({ ...base(o, 240), from, offsetS }),
    );
    // Cut at the same instants, each stream starting where the direct rung's does.
    expect(await readFile(derived, 'utf8')).toBe(await readFile(direct, 'utf8'));
    const starts = async (playlist: string) => {
      const { stdout } = await run('ffprobe', [
        ...['-v', 'error', '-allowed_extensions', 'ALL', '-show_entries'],
        ...['stream=codec_type,start_time,width,height,nb_frames', '-of', 'json', playlist],
      ]);
      return JSON.parse(stdout).streams;
    };
    expect(await starts(derived)).toEqual(await starts(direct));
    // The same pictures at the same instants: frame by frame close to the direct rung's (a
    // frame early or late scores far lower on this moving pattern).
    const { stderr } = await run('ffmpeg', [
      ...['-hide_banner', '-nostdin', '-allowed_extensions', 'ALL', '-i', derived],
      ...[
        '-allowed_extensions',
        'ALL',
        '-i',
        direct,
        '-lavfi',
        '[0:v][1:v]ssim',
        '-f',
        'null',
        '-',
      ],
    ]);
    const all = Number(/All:([\d.]+)/.exec(stderr)?.[1]);
    expect(all).toBeGreaterThan(0.97);
    // The same sound: encoded from the source's, with the same settings, at the same instants.
    const audio = async (playlist: string) =>
      (
        await run(
          'ffmpeg',
          [
            ...COMMON,
            '-allowed_extensions',
            'ALL',
            '-i',
            playlist,
            '-map',
            '0:a',
            '-f',
            's16le',
            '-',
          ],
          { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
        )
      ).stdout;
    expect((await audio(derived)).equals(await audio(direct))).toBe(true);
  });
});
