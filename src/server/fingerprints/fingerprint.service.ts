import type { Logger } from 'pino';
import type { ModerationReason } from '../../contracts/moderation.ts';
import {
  type Comparison,
  compareUpload,
  indexKeys,
  packHashes,
  queryKeys,
  unpackHashes,
  verdictOf,
  type WindowHashes,
} from '../../media/fingerprint.ts';
import { SYSTEM_ACTOR } from '../kernel/audit/audit-entry.ts';
import type {
  FingerprintRepository,
  MatchedVideoRow,
  StoredMatch,
} from './fingerprint.repository.ts';

// What an upload's fingerprint decides (issue 17, decision 0056), in the pipeline's first
// step, before anything of it can be published:
// - a copy of a video taken down for copyright or for illegal content is refused: it fails
//   with `video_reupload_blocked` and the takedown's reason, a report waits in the staff
//   inbox and the audit log records the site's act;
// - a copy of a live public video fails as `video_duplicate`, as the same file does at
//   upload;
// - a video merely like another one (or a copy of one that is neither public nor blocked:
//   in review, private, rejected, taken down for something else) waits in the review queue,
//   the match shown beside it, even when its uploader is trusted.
// Every processed video's fingerprint is kept, so later uploads are compared with it.

/** Takedown reasons whose video may never come back as somebody's upload. */
export const BLOCKING_REASONS: ReadonlySet<ModerationReason> = new Set([
  'copyright',
  'minors',
  'animals',
  'non_consent',
  'incest',
  'violence',
  'gore',
]);

/** Candidates compared frame by frame, those sharing the most band keys first. */
const COMPARED = 12;
/** Matches kept with a held upload for the console. */
const KEPT = 5;

export type ScreenOutcome = 'clear' | 'review' | 'duplicate' | 'refused';

export interface FingerprintMatch extends Comparison {
  video: MatchedVideoRow;
  verdict: 'match' | 'near';
}

export interface FingerprintDeps {
  fingerprints: FingerprintRepository;
}

const blocking = (reason: string | null): boolean =>
  reason !== null && BLOCKING_REASONS.has(reason as ModerationReason);

const percent = (similarity: number) => `${Math.round(similarity * 100)}%`;

function stored(matches: FingerprintMatch[]): StoredMatch[] {
  return matches.slice(0, KEPT).map((m) => ({
    id: Number(m.video.id),
    similarity: Math.round(m.similarity * 1000) / 1000,
    offsetS: m.offsetS,
    verdict: m.verdict,
  }));
}

export function createFingerprintService(deps: FingerprintDeps) {
  const { fingerprints } = deps;

  /** The videos an upload is like, best first (the index finds them, the frames decide). */
  async function matchesOf(videoId: number, upload: WindowHashes): Promise<FingerprintMatch[]> {
    const candidates = await fingerprints.candidates(queryKeys(upload), videoId, COMPARED);
    const rows = await fingerprints.matched(candidates.map((c) => Number(c.video_id)));
    const found: FingerprintMatch[] = [];
    for (const video of rows) {
      const comparison = compareUpload(upload, unpackHashes(video.hashes));
      const verdict = verdictOf(comparison);
      if (verdict !== 'none') found.push({ ...comparison, video, verdict });
    }
    return found.sort((a, b) => b.similarity - a.similarity || b.agreeing - a.agreeing);
  }

  return {
    matchesOf,

    /**
     * Keeps a processed video's fingerprint and, for a new upload (`screen`), decides what
     * becomes of it. `refused` and `duplicate` uploads have failed; `review` ones wait for a
     * moderator once playable.
     */
    async screen(
      videoId: number,
      upload: WindowHashes,
      opts: { screen: boolean; log: Pick<Logger, 'info' | 'warn'> },
    ): Promise<{ outcome: ScreenOutcome; matches: FingerprintMatch[] }> {
      const own = upload[0] ?? [];
      await fingerprints.save(videoId, packHashes(own), indexKeys(own));
      if (!opts.screen) return { outcome: 'clear', matches: [] };
      const matches = await matchesOf(videoId, upload);
      const copies = matches.filter((m) => m.verdict === 'match');
      const blocked = copies.find((m) => blocking(m.video.takedown_reason));
      if (blocked) {
        const reason = blocked.video.takedown_reason ?? 'other';
        const matchId = Number(blocked.video.id);
        const note = `Matches video #${matchId} “${blocked.video.title}”, taken down (${reason}): ${percent(blocked.similarity)} of frames alike`;
        const done = await fingerprints.refuse(
          videoId,
          { id: matchId, reason, similarity: Math.round(blocked.similarity * 1000) / 1000 },
          {
            subject: reason === 'copyright' ? 'dmca' : 'inappropriate',
            message: `Automatic flag: a re-upload of a taken-down video was refused. ${note}.`,
          },
          {
            actor: SYSTEM_ACTOR,
            action: 'video.reupload_refused',
            objectType: 'video',
            objectId: videoId,
            before: { state: 'processing' },
            after: { state: 'error', matches: matchId },
            reason,
            note,
          },
        );
        if (done) {
          opts.log.warn({ videoId, matchId, reason }, 're-upload of a taken-down video refused');
          return { outcome: 'refused', matches };
        }
        return { outcome: 'clear', matches };
      }
      const live = copies.find((m) => m.video.public);
      if (live) {
        if (
          await fingerprints.duplicate(
            videoId,
            stored([live, ...matches.filter((m) => m !== live)]),
          )
        ) {
          opts.log.info({ videoId, matchId: Number(live.video.id) }, 'upload is a duplicate');
          return { outcome: 'duplicate', matches };
        }
        return { outcome: 'clear', matches };
      }
      if (matches.length > 0) {
        await fingerprints.holdForReview(videoId, stored(matches));
        opts.log.info(
          { videoId, matches: matches.map((m) => Number(m.video.id)) },
          'upload like another video: held for review',
        );
        return { outcome: 'review', matches };
      }
      return { outcome: 'clear', matches };
    },
  };
}

export type FingerprintService = ReturnType<typeof createFingerprintService>;
