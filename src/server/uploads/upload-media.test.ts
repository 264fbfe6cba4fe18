import { describe, expect, it } from 'vitest';
import { candidateFrameArgs, candidateTimes } from './upload-media.ts';

const asf = (file: string) => ({ path: file, format: 'asf' as const });

describe('upload candidate frames', () => {
  it('spreads the frames across the video, away from its ends', () => {
    expect(candidateTimes(600, 6)).toEqual([50, 150, 250, 350, 450, 550]);
    expect(candidateTimes(7, 2)).toEqual([1.8, 5.3]);
    expect(candidateTimes(0, 6)).toEqual([]);
    expect(candidateTimes(Number.NaN, 6)).toEqual([]);
  });

  it('seeks to a keyframe and decodes keyframes only', () => {
    expect(
      candidateFrameArgs({
        input: asf('/in/a.wmv'),
        output: '/out/1.jpg',
        atS: 12.5,
        width: 640,
        height: 360,
      }),
    ).toEqual([
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-noaccurate_seek',
      '-skip_frame',
      'nokey',
      '-ss',
      '12.5',
      ...['-protocol_whitelist', 'file', '-format_whitelist', 'asf', '-f', 'asf'],
      ...['-i', 'file:/in/a.wmv'],
      '-map',
      '0:v:0',
      '-frames:v',
      '1',
      '-vf',
      'scale=640:360:force_original_aspect_ratio=increase:flags=lanczos,crop=640:360,setsar=1',
      '-c:v',
      'mjpeg',
      '-q:v',
      '3',
      '-update',
      '1',
      '/out/1.jpg',
    ]);
  });

  it('decodes up to the time asked when told to be exact', () => {
    const args = candidateFrameArgs({
      input: asf('a.wmv'),
      output: 'a.jpg',
      atS: 3,
      width: 64,
      height: 36,
      exact: true,
    });
    expect(args).not.toContain('-skip_frame');
    expect(args).not.toContain('-noaccurate_seek');
    expect(args.slice(5, 7)).toEqual(['-ss', '3']);
    expect(args.slice(11, 15)).toEqual(['-f', 'asf', '-i', 'file:a.wmv']);
  });

  it('refuses nonsense sizes and other image types', () => {
    const base = { input: asf('a.wmv'), output: 'a.jpg', atS: 0, width: 640, height: 360 };
    expect(() => candidateFrameArgs({ ...base, width: 0 })).toThrow(RangeError);
    expect(() => candidateFrameArgs({ ...base, output: 'a.png' })).toThrow(RangeError);
  });
});
