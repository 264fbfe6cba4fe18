// How ffmpeg and ffprobe open a file (docs/decisions/0021). Left to itself ffmpeg guesses the
// container from the bytes and follows whatever the file points to: an upload that is an HLS
// playlist, a concat list or an ffconcat script names other files (or URLs) and ffmpeg reads
// those instead. So every run names the demuxer (the one the magic bytes chose, sniff.ts),
// allows that demuxer only and the `file` protocol only, and opens the path itself.

/** The demuxers an upload may be read with: what SPEC.md §5's extensions hold. */
export const SOURCE_FORMATS = [
  'mov',
  'matroska',
  'avi',
  'mpegts',
  'mpeg',
  'mpegvideo',
  'flv',
  'asf',
  'rm',
] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

/** A file and the demuxer that reads it; `hls` only for the pipeline's own rung playlists. */
export interface MediaInput {
  path: string;
  format: SourceFormat | 'hls';
}

/** An HLS rung playlist the pipeline wrote itself (its segments are fMP4: the mov demuxer). */
export function ownHlsInput(playlist: string): MediaInput {
  return { path: playlist, format: 'hls' };
}

/**
 * The options that open one input, ending in its `-i`; options of that input (`-ss`, `-t`,
 * `-skip_frame`) go before them. `file:` makes the path a path even when it holds a `:` or
 * starts with `-`. No `-safe`: only the concat demuxer knows it and ffmpeg refuses an option
 * the pinned demuxer does not take; concat is never allowed, so there is nothing to make safe.
 */
export function inputArgs(input: MediaInput): string[] {
  if (input.path === '' || input.path.includes('\0')) {
    throw new RangeError(`Invalid input path: ${JSON.stringify(input.path)}`);
  }
  return [
    ...['-protocol_whitelist', 'file'],
    // Nested demuxers inherit the list: HLS segments are fMP4, read by mov.
    ...['-format_whitelist', input.format === 'hls' ? 'hls,mov' : input.format],
    ...['-f', input.format],
    ...demuxerOptions(input.format),
    ...['-i', `file:${input.path}`],
  ];
}

function demuxerOptions(format: MediaInput['format']): string[] {
  switch (format) {
    case 'mov':
      // External data references (`dref` atoms) stay off: the default, said out loud.
      return ['-enable_drefs', '0'];
    case 'hls':
      return ['-allowed_extensions', 'm3u8,mp4,m4s'];
    default:
      return [];
  }
}
