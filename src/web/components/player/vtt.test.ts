import { describe, expect, it } from 'vitest';
import { cueAt, parseTimelineVtt, parseTimestamp, type TimelineCue } from './vtt.ts';

const BASE = 'https://media.example.test/timelines/v/12345.100.5.vtt';

function vtt(...cues: string[]): string {
  return ['WEBVTT', '', ...cues.flatMap((cue) => [cue, ''])].join('\n');
}

describe('parseTimestamp', () => {
  it('reads hours, minutes, seconds and milliseconds', () => {
    expect(parseTimestamp('00:00:05.000')).toBe(5);
    expect(parseTimestamp('01:02:03.500')).toBe(3723.5);
    expect(parseTimestamp('02:03.250')).toBe(123.25);
  });

  it('refuses malformed timestamps', () => {
    for (const bad of ['', '5', '00:05', '00:61:00.000', '00:00:05,000', 'aa:bb:cc.ddd']) {
      expect(parseTimestamp(bad), bad).toBeNaN();
    }
  });
});

describe('parseTimelineVtt', () => {
  it('reads each tile with its sheet resolved against the file URL', () => {
    const cues = parseTimelineVtt(
      vtt(
        '00:00:00.000 --> 00:00:05.000\nsprite.jpg#xywh=0,0,160,90',
        '00:00:05.000 --> 00:00:10.000\nsprite.jpg#xywh=160,0,160,90',
      ),
      BASE,
    );
    expect(cues).toEqual([
      {
        start: 0,
        end: 5,
        url: 'https://media.example.test/timelines/v/sprite.jpg',
        x: 0,
        y: 0,
        w: 160,
        h: 90,
      },
      {
        start: 5,
        end: 10,
        url: 'https://media.example.test/timelines/v/sprite.jpg',
        x: 160,
        y: 0,
        w: 160,
        h: 90,
      },
    ]);
  });

  it('keeps absolute and root-relative sheet URLs and several sheets apart', () => {
    const cues = parseTimelineVtt(
      vtt(
        '00:00.000 --> 00:05.000\n/sheets/a.jpg#xywh=0,0,100,56',
        '00:05.000 --> 00:10.000\nhttps://cdn.example.test/b.jpg?v=2#xywh=pixel:100,56,100,56',
      ),
      BASE,
    );
    expect(cues.map((c) => c.url)).toEqual([
      'https://media.example.test/sheets/a.jpg',
      'https://cdn.example.test/b.jpg?v=2',
    ]);
    expect(cues[1]).toMatchObject({ x: 100, y: 56, w: 100, h: 56 });
  });

  it('accepts a BOM, CRLF line ends, cue identifiers, cue settings and NOTE blocks', () => {
    const text =
      '\uFEFFWEBVTT - timeline\r\n\r\nNOTE made by the pipeline\r\n\r\n' +
      'tile-1\r\n00:00:00.000 --> 00:00:05.000 align:start\r\nsprite.jpg#xywh=0,0,160,90\r\n';
    const cues = parseTimelineVtt(text, BASE);
    expect(cues).toHaveLength(1);
    expect(cues[0]).toMatchObject({ start: 0, end: 5, x: 0, w: 160 });
  });

  it('sorts cues by start', () => {
    const cues = parseTimelineVtt(
      vtt(
        '00:00:05.000 --> 00:00:10.000\ns.jpg#xywh=160,0,160,90',
        '00:00:00.000 --> 00:00:05.000\ns.jpg#xywh=0,0,160,90',
      ),
      BASE,
    );
    expect(cues.map((c) => c.start)).toEqual([0, 5]);
  });

  it('leaves out cues that do not name a tile, and keeps the good ones', () => {
    const cues = parseTimelineVtt(
      vtt(
        '00:00:00.000 --> 00:00:05.000\nsprite.jpg',
        '00:00:05.000 --> 00:00:10.000\nsprite.jpg#xywh=1,2,3',
        '00:00:10.000 --> 00:00:15.000\nsprite.jpg#xywh=0,0,0,90',
        '00:00:15.000 --> 00:00:15.000\nsprite.jpg#xywh=0,0,160,90',
        '00:00:20.000 --> 00:00:25.000\n#xywh=0,0,160,90',
        'bad --> 00:00:30.000\nsprite.jpg#xywh=0,0,160,90',
        '00:00:30.000 --> 00:00:35.000\nsprite.jpg#xywh=320,90,160,90',
      ),
      BASE,
    );
    expect(cues).toHaveLength(1);
    expect(cues[0]).toMatchObject({ start: 30, end: 35, x: 320, y: 90 });
  });

  it('returns nothing for a file that is not WebVTT', () => {
    expect(parseTimelineVtt('<html>not found</html>', BASE)).toEqual([]);
    expect(parseTimelineVtt('', BASE)).toEqual([]);
  });
});

describe('cueAt', () => {
  const cue = (start: number, end: number): TimelineCue => ({
    start,
    end,
    url: 'https://media.example.test/s.jpg',
    x: start,
    y: 0,
    w: 160,
    h: 90,
  });
  const cues = [cue(0, 5), cue(5, 10), cue(10, 15), cue(20, 25)];

  it('finds the cue whose span holds the time (start inclusive, end exclusive)', () => {
    expect(cueAt(cues, 0)?.start).toBe(0);
    expect(cueAt(cues, 4.999)?.start).toBe(0);
    expect(cueAt(cues, 5)?.start).toBe(5);
    expect(cueAt(cues, 12.5)?.start).toBe(10);
  });

  it('counts the end of the last cue as inside it', () => {
    expect(cueAt(cues, 25)?.start).toBe(20);
  });

  it('returns null in gaps, before the first cue, after the last and for no cues', () => {
    expect(cueAt(cues, 17)).toBeNull();
    expect(cueAt(cues, -1)).toBeNull();
    expect(cueAt(cues, 25.1)).toBeNull();
    expect(cueAt([], 3)).toBeNull();
  });

  it('agrees with a linear scan on a long timeline', () => {
    const long = Array.from({ length: 500 }, (_, i) => cue(i * 2, i * 2 + 2));
    for (const t of [0, 1.5, 333.3, 998, 999.99]) {
      const expected = long.find((c) => c.start <= t && t < c.end);
      expect(cueAt(long, t), String(t)).toBe(expected);
    }
  });
});
