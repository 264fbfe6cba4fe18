import { open } from 'node:fs/promises';
import { MediaError } from './ffmpeg.ts';
import type { MediaInput, SourceFormat } from './input.ts';

// Which demuxer reads an upload, from its first bytes (docs/decisions/0021). The extension is
// the member's word and decides nothing; bytes that are none of the containers SPEC.md §5
// allows (a playlist, a concat list, any text) are `video_corrupted_file` before ffmpeg
// sees them.

/** Enough for every signature below, the 204-byte MPEG-TS stride included. */
export const SNIFF_BYTES = 4096;

/** QuickTime / ISO BMFF top-level boxes a file may start with. */
const MOV_BOXES = new Set(['ftyp', 'moov', 'mdat', 'free', 'skip', 'wide', 'pnot']);

const ASF_GUID = [
  0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c,
];

/** MPEG-TS packet sizes: plain, M2TS/AVCHD (4-byte timestamp first), with Reed-Solomon. */
const TS_STRIDES = [188, 192, 204];
/** Sync bytes that must line up (fewer, but at least 3, when the file is shorter). */
const TS_PACKETS = 5;

/** The demuxer for a file starting with `head`; undefined when it is none we read. */
export function sniffFormat(head: Uint8Array): SourceFormat | undefined {
  const ascii = (from: number, length: number) =>
    String.fromCharCode(...head.subarray(from, from + length));
  const bytes = (from: number, expected: readonly number[]) =>
    head.length >= from + expected.length && expected.every((b, i) => head[from + i] === b);

  if (head.length >= 8 && MOV_BOXES.has(ascii(4, 4))) return 'mov';
  if (bytes(0, [0x1a, 0x45, 0xdf, 0xa3])) return 'matroska';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'AVI ') return 'avi';
  // A Video CD's `.dat`: MPEG program stream sectors in a RIFF CDXA wrapper.
  if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'CDXA') return 'mpeg';
  if (bytes(0, [0x00, 0x00, 0x01, 0xba])) return 'mpeg';
  // An MPEG-1/2 video elementary stream (`.m2v`) starts with its sequence header.
  if (bytes(0, [0x00, 0x00, 0x01, 0xb3])) return 'mpegvideo';
  if (ascii(0, 3) === 'FLV' && head[3] === 0x01) return 'flv';
  if (bytes(0, ASF_GUID)) return 'asf';
  if (ascii(0, 4) === '.RMF') return 'rm';
  if (isTransportStream(head)) return 'mpegts';
  return undefined;
}

/** Sync bytes (0x47) a packet apart; a capture may start mid-packet, so any first offset. */
function isTransportStream(head: Uint8Array): boolean {
  return TS_STRIDES.some((stride) => {
    for (let offset = 0; offset < stride; offset++) {
      const packets = Math.min(TS_PACKETS, Math.floor((head.length - offset) / stride));
      if (packets < 3) return false;
      let aligned = true;
      for (let i = 0; i < packets && aligned; i++) aligned = head[offset + i * stride] === 0x47;
      if (aligned) return true;
    }
    return false;
  });
}

/** An upload (or a video's source) as ffmpeg may open it; `video_corrupted_file` if unknown. */
export async function sourceInput(file: string): Promise<MediaInput> {
  const handle = await open(file, 'r');
  let head: Uint8Array;
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const format = sniffFormat(head);
  if (!format) {
    throw new MediaError('video_corrupted_file', 'Not a usable video: no known container');
  }
  return { path: file, format };
}
