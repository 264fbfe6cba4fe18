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
} from './ffmpeg.ts';
import type { MediaInput } from './input.ts';

const COMMON = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];

const mov = (file: string): MediaInput => ({ path: file, format: 'mov' });
/** How every builder opens a QuickTime/MP4 input (input.ts). */
const openMov = (file: string) => [
  ...['-protocol_whitelist', 'file', '-format_whitelist', 'mov', '-f', 'mov'],
  ...['-enable_drefs', '0', '-i', `file:${file}`],
];

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
  const format: Record<string, string> = {
    duration: opts.formatDuration ?? '12.040000',
    size: '1000',
  };
  return { streams, format };
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
  it('prints format and streams as JSON, reading with the pinned demuxer only', () => {
    expect(probeArgs(mov('/data/in.mp4'))).toEqual([
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      ...openMov('/data/in.mp4'),
    ]);
    expect(probeArgs({ path: '/data/in.mkv', format: 'matroska' }).slice(-8)).toEqual([
      ...['-protocol_whitelist', 'file', '-format_whitelist', 'matroska'],
      ...['-f', 'matroska', '-i', 'file:/data/in.mkv'],
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
      startS: 0,
      videoStartS: 0,
    });
  });

  it('reads when the file and its video start', () => {
    const json = probeJson({ start_time: '0.200000' });
    json.format = { ...json.format, start_time: '0.021333' };
    expect(parseProbe(json)).toMatchObject({ startS: 0.021333, videoStartS: 0.2 });
    // A stream that does not say starts with its file; a file that does not say, at 0.
    const unsaid = probeJson({ start_time: 'N/A' });
    unsaid.format = { ...unsaid.format, start_time: '-0.04' };
    expect(parseProbe(unsaid)).toMatchObject({ startS: -0.04, videoStartS: -0.04 });
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

describe('mp4Args', () => {
  const base = {
    input: mov('/in/src.mov'),
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
    expect(mp4Args(base)).toEqual([...COMMON, ...openMov('/in/src.mov'), ...tail]);
  });

  it('trims with -ss before -i and -t after it', () => {
    expect(mp4Args({ ...base, startS: 12.5, durationS: 30 })).toEqual([
      ...COMMON,
      '-ss',
      '12.5',
      ...openMov('/in/src.mov'),
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
      input: mov('/in.mov'),
      output: '/out/hover.mp4',
      durationS: 100,
      width: 320,
      height: 180,
      scenes: 4,
      sceneS: 1.5,
    });
    expect(args.slice(0, 5)).toEqual(COMMON);
    expect(args.slice(5, 19)).toEqual(['-ss', '5', '-t', '1.5', ...openMov('/in.mov')]);
    // Every scene is an input of its own, each opened the same pinned way.
    expect(args.filter((a) => a === '-i')).toHaveLength(4);
    expect(args.filter((a) => a === '-protocol_whitelist')).toHaveLength(4);
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
      input: mov('/in.mp4'),
      output: '/o.mp4',
      durationS: 4,
      width: 320,
      height: 180,
      scenes: 4,
      sceneS: 1.5,
    });
    expect(args.slice(5, 19)).toEqual(['-ss', '0', '-t', '4', ...openMov('/in.mp4')]);
    expect(() =>
      hoverClipArgs({
        input: mov('a'),
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
        input: mov('/in.mp4'),
        output: '/o/preview.jpg',
        atS: 4.2,
        width: 640,
        height: 360,
      }),
    ).toEqual([
      ...COMMON,
      '-ss',
      '4.2',
      ...openMov('/in.mp4'),
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

  it('can decode up to the frame from an earlier seek', () => {
    const args = screenshotArgs({
      input: mov('/in.ts'),
      output: '/o/3.png',
      atS: 95.5,
      width: 640,
      height: 360,
      decodeFromS: 35.5,
    });
    expect(args.slice(5, 7)).toEqual(['-ss', '35.5']);
    expect(args.slice(7, 19)).toEqual([...openMov('/in.ts'), '-ss', '60']);
    const near = screenshotArgs({
      ...{ input: mov('i'), output: 'o.png', width: 64, height: 36 },
      ...{ atS: 20, decodeFromS: -40 },
    });
    expect(near.filter((a) => a === '-ss')).toHaveLength(2);
    expect(near[near.indexOf('-ss') + 1]).toBe('0');
  });

  it('chooses the encoder from the extension', () => {
    const png = screenshotArgs({
      input: mov('i'),
      output: 'o/S.PNG',
      atS: 0,
      width: 640,
      height: 360,
    });
    expect(png.slice(-5)).toEqual(['-c:v', 'png', '-update', '1', 'o/S.PNG']);
    const jpeg = screenshotArgs({
      input: mov('i'),
      output: 'o.jpeg',
      atS: -1,
      width: 640,
      height: 360,
    });
    expect(jpeg).toContain('mjpeg');
    expect(jpeg[jpeg.indexOf('-ss') + 1]).toBe('0');
    expect(() =>
      screenshotArgs({ input: mov('i'), output: 'o.gif', atS: 0, width: 640, height: 360 }),
    ).toThrow(RangeError);
  });
});

describe('remuxArgs', () => {
  it('copies the streams into a progressive MP4 without encoding', () => {
    expect(remuxArgs(mov('/s/joined.mp4'), '/o/1_hq.mp4')).toEqual([
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-y',
      ...openMov('/s/joined.mp4'),
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
