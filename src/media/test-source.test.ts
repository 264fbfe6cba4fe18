import { describe, expect, it } from 'vitest';
import { TEST_PATTERNS, testSourceArgs } from './test-source.ts';

const COMMON = ['-hide_banner', '-nostdin', '-v', 'error', '-y'];

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
      '-g',
      '25',
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
  it.each([
    ['x.mkv', ['-c:v', 'libx264'], ['-c:a', 'aac'], []],
    ['x.mts', ['-c:v', 'libx264'], ['-c:a', 'aac'], ['-mpegts_m2ts_mode', '1']],
    ['x.webm', ['-c:v', 'libvpx'], ['-c:a', 'libopus'], []],
    ['x.avi', ['-c:v', 'mpeg4'], ['-c:a', 'libmp3lame'], []],
    ['x.mpg', ['-c:v', 'mpeg2video'], ['-c:a', 'mp2'], []],
    ['x.dat', ['-c:v', 'mpeg1video'], ['-c:a', 'mp2'], ['-f', 'mpeg']],
    ['x.WMV', ['-c:v', 'wmv2'], ['-c:a', 'wmav2'], []],
    ['x.rm', ['-c:v', 'rv20'], ['-c:a', 'ac3'], []],
  ])('writes %s with the codecs of its container', (output, video, audio, mux) => {
    const args = testSourceArgs({
      output,
      durationS: 1,
      width: 64,
      height: 36,
      pattern: 'life',
      seed: 1,
    });
    const option = (flag: string) => args.slice(args.indexOf(flag), args.indexOf(flag) + 2);
    expect(option('-c:v')).toEqual(video);
    expect(option('-c:a')).toEqual(audio);
    expect(args.slice(args.indexOf('-shortest') + 1, -1)).toEqual(mux);
    expect(args.at(-1)).toBe(output);
  });

  it('leaves sound out of an MPEG video elementary stream', () => {
    const args = testSourceArgs({
      output: 'x.m2v',
      durationS: 1,
      width: 64,
      height: 36,
      pattern: 'life',
      seed: 1,
    });
    expect(args).not.toContain('1:a');
    expect(args).not.toContain('-c:a');
  });

  it('draws a caption sized from the frame before the pixel format', () => {
    const args = testSourceArgs({
      output: 'x.mp4',
      durationS: 1,
      width: 1280,
      height: 720,
      pattern: 'testsrc2',
      seed: 3,
      label: 'Afterglow demo clip 2',
    });
    expect(args[args.indexOf('-i') + 1]).toBe(
      'testsrc2=s=1280x720:r=25,hue=h=141,' +
        "drawtext=text='Afterglow demo clip 2':fontcolor=white:fontsize=h/12:box=1:" +
        'boxcolor=black@0.5:boxborderw=18:x=(w-text_w)/2:y=h/10,format=yuv420p',
    );
  });

  it('renders at a given frame rate with a keyframe a second, and draws the clock', () => {
    const args = testSourceArgs({
      output: 'x.mp4',
      durationS: 2520,
      width: 426,
      height: 240,
      pattern: 'smptehdbars',
      seed: 3,
      fps: 15,
      clock: true,
    });
    expect(args[args.indexOf('-i') + 1]).toBe(
      'smptehdbars=s=426x240:r=15,hue=h=141,' +
        "drawtext=text='%{pts\\:hms}':fontcolor=white:fontsize=h/12:box=1:" +
        'boxcolor=black@0.5:boxborderw=6:x=(w-text_w)/2:y=(h-text_h)/2,format=yuv420p',
    );
    expect(args.slice(args.indexOf('-g'), args.indexOf('-g') + 2)).toEqual(['-g', '15']);
    expect(args.slice(args.indexOf('-t'), args.indexOf('-t') + 2)).toEqual(['-t', '2520']);
  });

  it('adds seeded film grain after the hue, before captions and the pixel format', () => {
    const args = testSourceArgs({
      output: 'x.mp4',
      durationS: 1,
      width: 64,
      height: 36,
      pattern: 'testsrc2',
      seed: 7,
      grain: 7,
      label: 'grain',
    });
    expect(args[args.indexOf('-i') + 1]).toMatch(
      /^testsrc2=s=64x36:r=25,hue=h=329,noise=alls=7:allf=t:all_seed=7,drawtext=.*,format=yuv420p$/,
    );
  });

  it.each([0, 2.5, 101, Number.NaN])('refuses the grain %s', (grain) => {
    const base = { output: 'x.mp4', durationS: 1, width: 64, height: 36, seed: 1 };
    expect(() => testSourceArgs({ ...base, pattern: 'testsrc2', grain })).toThrow(RangeError);
  });

  it.each([0, 2.5, 61, Number.NaN])('refuses the frame rate %s', (fps) => {
    const base = { output: 'x.mp4', durationS: 1, width: 64, height: 36, seed: 1 };
    expect(() => testSourceArgs({ ...base, pattern: 'testsrc2', fps })).toThrow(RangeError);
  });

  it.each(["it's", 'a:b', 'a,b', 'a\\b', ''])(
    'refuses the caption %j, which a filtergraph would read as syntax',
    (label) => {
      const base = { output: 'x.mp4', durationS: 1, width: 64, height: 36, seed: 1 };
      expect(() => testSourceArgs({ ...base, pattern: 'testsrc2', label })).toThrow(RangeError);
    },
  );
});
