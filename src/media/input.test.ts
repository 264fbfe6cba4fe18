import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg, runFfprobe } from './exec.ts';
import { inputArgs, ownHlsInput, SOURCE_FORMATS } from './input.ts';
import { testSourceArgs } from './test-source.ts';

describe('inputArgs', () => {
  it('pins the demuxer, allows it and the file protocol only, and opens the path as a file', () => {
    expect(inputArgs({ path: '/media/sources/0/0/7.mkv', format: 'matroska' })).toEqual([
      ...['-protocol_whitelist', 'file', '-format_whitelist', 'matroska', '-f', 'matroska'],
      ...['-i', 'file:/media/sources/0/0/7.mkv'],
    ]);
  });

  it('keeps the external references of QuickTime files off', () => {
    expect(inputArgs({ path: '/s/7.mov', format: 'mov' })).toEqual([
      ...['-protocol_whitelist', 'file', '-format_whitelist', 'mov', '-f', 'mov'],
      ...['-enable_drefs', '0', '-i', 'file:/s/7.mov'],
    ]);
  });

  it('reads an own HLS playlist with its fMP4 segments and nothing else', () => {
    expect(inputArgs(ownHlsInput('/m/g1/hls/240/index.m3u8'))).toEqual([
      ...['-protocol_whitelist', 'file', '-format_whitelist', 'hls,mov', '-f', 'hls'],
      ...['-allowed_extensions', 'm3u8,mp4,m4s', '-i', 'file:/m/g1/hls/240/index.m3u8'],
    ]);
  });

  it('never allows a playlist or concat demuxer for an upload', () => {
    for (const format of SOURCE_FORMATS) {
      const args = inputArgs({ path: '/u/x', format });
      expect(args).not.toContain('hls');
      expect(args).not.toContain('concat');
      expect(args.filter((a) => a === '-i')).toEqual(['-i']);
    }
    expect(() => inputArgs({ path: '', format: 'mov' })).toThrow(RangeError);
    expect(() => inputArgs({ path: 'a\0b', format: 'mov' })).toThrow(RangeError);
  });
});

// Against the machine's ffmpeg 5.1: a missing ffmpeg fails these tests, it does not skip them.
describe('inputArgs with ffmpeg', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'afterglow-input-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('opens paths holding a colon or starting with a dash as plain files', async () => {
    const folder = path.join(dir, 'http:', '-i');
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, 'a:b.mp4');
    const options = { durationS: 1, width: 64, height: 36, pattern: 'testsrc2', seed: 1 } as const;
    await runFfmpeg('ffmpeg', testSourceArgs({ ...options, output: file }), {
      timeoutMs: 20_000,
    });
    const probe = await runFfprobe('ffprobe', { path: file, format: 'mov' }, { timeoutMs: 10_000 });
    expect([probe.width, probe.height]).toEqual([64, 36]);
  });
});
