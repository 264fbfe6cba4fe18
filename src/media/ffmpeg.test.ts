import { describe, expect, it } from 'vitest';
import {
  hoverClipArgs,
  hoverSceneStarts,
  MediaError,
  mp4Args,
  parseProbe,
  parseRate,
  probeArgs,
  remuxArgs,
  screenshotArgs,
  TEST_PATTERNS,
  testSourceArgs,
} from './ffmpeg.ts';

const COMMON = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];

/** ffprobe JSON as 5.1 prints it, trimmed to what parseProbe reads. */
function probeJson(
  video: Record<string, unknown> | null = {},
  opts: { audio?: boolean; formatDuration?: string } = {},
) {
  const streams: Record<string, unknown>[] = [];
  if (video) {
    streams.push({
      codec_type: 'video',
      codec_name: 'h264',
      width: 1920,
      height: 1080,
      r_frame_rate: '25/1',
      avg_frame_rate: '25/1',
      duration: '12.000000',
      disposition: { default: 1, attached_pic: 0 },
      ...video,
    });
  }
  if (opts.audio ?? true) streams.push({ codec_type: 'audio', codec_name: 'aac' });
  return { streams, format: { duration: opts.formatDuration ?? '12.040000', size: '1000' } };
}

function expectCorrupted(json: unknown, reason: RegExp) {
  try {
    parseProbe(json);
  } catch (err) {
    expect(err).toBeInstanceOf(MediaError);
    expect((err as MediaError).code).toBe('video_corrupted_file');
    expect((err as MediaError).message).toMatch(reason);
    return;
  }
  throw new Error('parseProbe did not throw');
}

describe('probeArgs', () => {
  it('prints format and streams as JSON', () => {
    expect(probeArgs('/data/in.mp4')).toEqual([
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      '-i',
      '/data/in.mp4',
    ]);
  });
});

describe('parseProbe', () => {
  it('reads a typical upload', () => {
    expect(parseProbe(probeJson())).toEqual({
      durationS: 12.04,
      width: 1920,
      height: 1080,
      videoCodec: 'h264',
      hasAudio: true,
      frameRate: 25,
    });
  });

  it('reads NTSC rates and silent videos', () => {
    const result = parseProbe(probeJson({ r_frame_rate: '30000/1001' }, { audio: false }));
    expect(result.frameRate).toBeCloseTo(29.97, 2);
    expect(result.hasAudio).toBe(false);
  });

  it('falls back to avg_frame_rate, then 0', () => {
    expect(parseProbe(probeJson({ r_frame_rate: '0/0', avg_frame_rate: '24/1' })).frameRate).toBe(
      24,
    );
    expect(parseProbe(probeJson({ r_frame_rate: '0/0', avg_frame_rate: '0/0' })).frameRate).toBe(0);
  });

  it('takes the duration from the stream when the format has none', () => {
    expect(parseProbe(probeJson({}, { formatDuration: 'N/A' })).durationS).toBe(12);
  });

  it('reports the display size of rotated phone videos', () => {
    const rotated = parseProbe(
      probeJson({ width: 1920, height: 1080, side_data_list: [{ rotation: -90 }] }),
    );
    expect([rotated.width, rotated.height]).toEqual([1080, 1920]);
    const tagged = parseProbe(probeJson({ width: 1280, height: 720, tags: { rotate: '270' } }));
    expect([tagged.width, tagged.height]).toEqual([720, 1280]);
    const upsideDown = parseProbe(probeJson({ side_data_list: [{ rotation: 180 }] }));
    expect([upsideDown.width, upsideDown.height]).toEqual([1920, 1080]);
  });

  it('refuses files without a usable video', () => {
    expectCorrupted(probeJson(null), /no video stream/);
    expectCorrupted(probeJson({ disposition: { attached_pic: 1 } }), /no video stream/);
    expectCorrupted(probeJson({ duration: undefined }, { formatDuration: 'N/A' }), /no duration/);
    expectCorrupted(probeJson({ duration: '0.000000' }, { formatDuration: '0' }), /no duration/);
    expectCorrupted(probeJson({ width: 0 }), /no frame size/);
    expectCorrupted(probeJson({ height: undefined }), /no frame size/);
    expectCorrupted({}, /no video stream/);
    expectCorrupted(null, /unreadable/);
    expectCorrupted({ streams: 'nope' }, /unreadable/);
  });
});

describe('parseRate', () => {
  it.each([
    ['30000/1001', 30000 / 1001],
    ['25/1', 25],
    ['50', 50],
    ['0/0', 0],
    ['1/0', 0],
    ['abc', 0],
    [undefined, 0],
  ])('%j → %d', (rate, expected) => {
    expect(parseRate(rate)).toBeCloseTo(expected, 6);
  });
});

describe('testSourceArgs', () => {
  it('renders a seeded lavfi pattern with a tone as H.264 + AAC', () => {
    expect(
      testSourceArgs({
        output: '/tmp/t.mp4',
        durationS: 2,
        width: 320,
        height: 180,
        pattern: 'gradients',
        seed: 5,
      }),
    ).toEqual([
      ...COMMON,
      '-f',
      'lavfi',
      '-i',
      'gradients=s=320x180:r=25:seed=5:n=4,hue=h=235,format=yuv420p',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=320:sample_rate=48000:duration=2',
      '-t',
      '2',
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      '-shortest',
      '-movflags',
      '+faststart',
      '/tmp/t.mp4',
    ]);
  });

  it.each([
    ['testsrc2', 'testsrc2=s=64x36:r=25'],
    ['mandelbrot', 'mandelbrot=s=64x36:r=25'],
    ['smptehdbars', 'smptehdbars=s=64x36:r=25'],
    ['life', 'life=s=64x36:r=25:seed=3:mold=10:life_color=#ff9050:death_color=#301020'],
    ['cellauto', 'cellauto=s=64x36:r=25:seed=3:rule=150'],
    ['gradients', 'gradients=s=64x36:r=25:seed=3:n=4'],
  ] as const)('seeds the %s source', (pattern, source) => {
    const args = testSourceArgs({
      output: 'o.mp4',
      durationS: 1,
      width: 64,
      height: 36,
      pattern,
      seed: 3,
    });
    expect(args[args.indexOf('-i') + 1]).toBe(`${source},hue=h=141,format=yuv420p`);
  });

  it('varies picture and tone with the seed', () => {
    const inputs = (seed: number) => {
      const args = testSourceArgs({
        output: 'o.mp4',
        durationS: 1,
        width: 64,
        height: 36,
        pattern: 'testsrc2',
        seed,
      });
      return args.filter((_, i) => args[i - 1] === '-i');
    };
    const [video1, audio1] = inputs(1);
    const [video2, audio2] = inputs(2);
    expect(video1).not.toBe(video2);
    expect(audio1).not.toBe(audio2);
    expect(inputs(1)).toEqual([video1, audio1]);
    expect(TEST_PATTERNS).toHaveLength(6);
  });

  it('refuses sizes yuv420p cannot encode and empty durations', () => {
    const base = { output: 'o.mp4', durationS: 1, width: 64, height: 36, pattern: 'life' as const };
    expect(() => testSourceArgs({ ...base, seed: 1, width: 65 })).toThrow(RangeError);
    expect(() => testSourceArgs({ ...base, seed: 1, height: 0 })).toThrow(RangeError);
    expect(() => testSourceArgs({ ...base, seed: 1, durationS: 0 })).toThrow(RangeError);
  });
});

describe('mp4Args', () => {
  const base = {
    input: '/in/src.mov',
    output: '/out/1_hq.mp4',
    maxHeight: 720,
    crf: 23,
    preset: 'veryfast',
    audioKbps: 128,
  };
  const tail = [
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-map_metadata',
    '-1',
    '-sn',
    '-dn',
    '-vf',
    "scale=-2:'trunc(min(ih,720)/2)*2'",
    '-c:v',
    'libx264',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    '-progress',
    'pipe:1',
    '-nostats',
    '/out/1_hq.mp4',
  ];

  it('encodes a full-length rendition, downscaled only', () => {
    expect(mp4Args(base)).toEqual([...COMMON, '-i', '/in/src.mov', ...tail]);
  });

  it('trims with -ss before -i and -t after it', () => {
    expect(mp4Args({ ...base, startS: 12.5, durationS: 30 })).toEqual([
      ...COMMON,
      '-ss',
      '12.5',
      '-i',
      '/in/src.mov',
      '-t',
      '30',
      ...tail,
    ]);
  });

  it('refuses a nonsense maxHeight', () => {
    expect(() => mp4Args({ ...base, maxHeight: 0 })).toThrow(RangeError);
    expect(() => mp4Args({ ...base, maxHeight: 720.5 })).toThrow(RangeError);
  });
});

describe('hoverClipArgs', () => {
  it('spreads the scenes over the video, clear of its ends', () => {
    expect(hoverSceneStarts(100, 4, 1.5)).toEqual([5, 34.5, 64, 93.5]);
    // Too short for separate scenes: one piece from the start.
    expect(hoverSceneStarts(5, 4, 1.5)).toEqual([0]);
  });

  it('seeks each scene, scales and joins them into a muted MP4', () => {
    const args = hoverClipArgs({
      input: '/in.mov',
      output: '/out/hover.mp4',
      durationS: 100,
      width: 320,
      height: 180,
      scenes: 4,
      sceneS: 1.5,
    });
    expect(args.slice(0, 5)).toEqual(COMMON);
    expect(args.slice(5, 11)).toEqual(['-ss', '5', '-t', '1.5', '-i', '/in.mov']);
    expect(args.filter((a) => a === '-i')).toHaveLength(4);
    const filter = args[args.indexOf('-filter_complex') + 1];
    expect(filter).toContain(
      '[3:v:0]scale=320:180:force_original_aspect_ratio=increase,crop=320:180,setsar=1,fps=24[v3]',
    );
    expect(filter).toContain('[v0][v1][v2][v3]concat=n=4:v=1:a=0[out]');
    expect(args).toContain('-an');
    expect(args.at(-1)).toBe('/out/hover.mp4');
  });

  it('takes the whole of a short video as one scene and refuses odd sizes', () => {
    const args = hoverClipArgs({
      input: '/in.mp4',
      output: '/o.mp4',
      durationS: 4,
      width: 320,
      height: 180,
      scenes: 4,
      sceneS: 1.5,
    });
    expect(args.slice(5, 11)).toEqual(['-ss', '0', '-t', '4', '-i', '/in.mp4']);
    expect(() =>
      hoverClipArgs({
        input: 'a',
        output: 'b',
        durationS: 9,
        width: 321,
        height: 180,
        scenes: 2,
        sceneS: 1,
      }),
    ).toThrow(RangeError);
  });
});

describe('screenshotArgs', () => {
  const filter =
    'scale=640:360:force_original_aspect_ratio=increase:flags=lanczos,crop=640:360,setsar=1';

  it('takes one filled and center-cropped JPEG frame', () => {
    expect(
      screenshotArgs({
        input: '/in.mp4',
        output: '/o/preview.jpg',
        atS: 4.2,
        width: 640,
        height: 360,
      }),
    ).toEqual([
      ...COMMON,
      '-ss',
      '4.2',
      '-i',
      '/in.mp4',
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-vf',
      filter,
      '-c:v',
      'mjpeg',
      '-q:v',
      '2',
      '-update',
      '1',
      '/o/preview.jpg',
    ]);
  });

  it('chooses the encoder from the extension', () => {
    const png = screenshotArgs({ input: 'i', output: 'o/S.PNG', atS: 0, width: 640, height: 360 });
    expect(png.slice(-5)).toEqual(['-c:v', 'png', '-update', '1', 'o/S.PNG']);
    const jpeg = screenshotArgs({ input: 'i', output: 'o.jpeg', atS: -1, width: 640, height: 360 });
    expect(jpeg).toContain('mjpeg');
    expect(jpeg[jpeg.indexOf('-ss') + 1]).toBe('0');
    expect(() =>
      screenshotArgs({ input: 'i', output: 'o.gif', atS: 0, width: 640, height: 360 }),
    ).toThrow(RangeError);
  });
});

describe('remuxArgs', () => {
  it('copies the streams into a progressive MP4 without encoding', () => {
    expect(remuxArgs('/s/joined.mp4', '/o/1_hq.mp4')).toEqual([
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-i',
      '/s/joined.mp4',
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-c',
      'copy',
      '-map_metadata',
      '-1',
      '-movflags',
      '+faststart',
      '/o/1_hq.mp4',
    ]);
  });
});
