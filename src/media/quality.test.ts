import { describe, expect, it } from 'vitest';
import { ownHlsInput } from './input.ts';
import { parseSsimStats, ssimArgs } from './quality.ts';

describe('ssimArgs', () => {
  it('measures the rung against the source scaled to its size, both from zero', () => {
    expect(
      ssimArgs({
        distorted: ownHlsInput('/w/720/index.m3u8'),
        reference: { path: '/w/source.mp4', format: 'mov' },
        width: 1280,
        height: 720,
        statsFile: '/w/720.ssim',
      }),
    ).toEqual([
      ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
      ...['-protocol_whitelist', 'file', '-format_whitelist', 'hls,mov', '-f', 'hls'],
      ...['-allowed_extensions', 'm3u8,mp4,m4s', '-i', 'file:/w/720/index.m3u8'],
      ...['-protocol_whitelist', 'file', '-format_whitelist', 'mov', '-f', 'mov'],
      ...['-enable_drefs', '0', '-i', 'file:/w/source.mp4'],
      '-lavfi',
      '[0:v]settb=AVTB,setpts=PTS-STARTPTS[distorted];' +
        '[1:v]scale=1280:720:flags=bicubic,settb=AVTB,setpts=PTS-STARTPTS[reference];' +
        '[distorted][reference]ssim=stats_file=/w/720.ssim',
      ...['-an', '-f', 'null', '-'],
    ]);
  });

  it.each([
    [1281, 720, '/w/a.ssim'],
    [1280, 0, '/w/a.ssim'],
    [1280, 720, ''],
    [1280, 720, '/w/a:b.ssim'],
    [1280, 720, '/w/a;b.ssim'],
  ])('refuses %s x %s into %j', (width, height, statsFile) => {
    const input = ownHlsInput('/w/i.m3u8');
    expect(() =>
      ssimArgs({ distorted: input, reference: input, width, height, statsFile }),
    ).toThrow(RangeError);
  });
});

describe('parseSsimStats', () => {
  it('averages the frames and keeps the worst', () => {
    const stats = [
      'n:1 Y:0.990000 U:0.995000 V:0.996000 All:0.992000 (20.969100)',
      'n:2 Y:0.980000 U:0.990000 V:0.990000 All:0.984000 (17.958800)',
      '',
    ].join('\n');
    const result = parseSsimStats(stats);
    expect(result.frames).toBe(2);
    expect(result.all).toBeCloseTo(0.988, 6);
    expect(result.y).toBeCloseTo(0.985, 6);
    expect(result.min).toBe(0.984);
  });

  it('throws when no frame was compared', () => {
    expect(() => parseSsimStats('')).toThrow();
  });
});
