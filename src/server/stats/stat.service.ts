import { type ApiFailure, AppError } from '../../contracts/errors.ts';
import type {
  ViewRequest,
  ViewResponse,
  VoteRequest,
  VoteResponse,
} from '../../contracts/stat.schema.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import { RecentKeys } from './recent-keys.ts';
import type { StatRepository } from './stat.repository.ts';
import { voterFor } from './voter-identity.ts';

// The rules of the stat call (SPEC.md §4 votes and views, §6 "voting is offered to
// everyone; the server may refuse"):
// - one vote per object, ever: a member by id, a visitor by the hash of their address
//   (voter-identity.ts); a second vote is refused as `vote_already_voted`, a notify code;
// - a view counts once per visitor and video in 30 minutes, and always refreshes a
//   member's history row;
// - a view is answered only once it is stored (view-folder.ts adds it to the counters).

export const VIEW_REPEAT_WINDOW_MS = 30 * 60_000;
/** Visitor-and-video pairs remembered for the repeat window (about 100 bytes each). */
export const VIEW_REPEAT_MAX_ENTRIES = 100_000;
/** How long a video is known to exist for views, so a popular one is looked up rarely. */
export const LIVE_VIDEO_TTL_MS = 60_000;

/**
 * A failure the web app shows as a toast: `codes` carries the `notify` field that the
 * response interceptor of SPEC.md §7 looks for.
 */
export class NotifyError extends AppError {
  override toJSON(): ApiFailure {
    return { ...super.toJSON(), field: 'notify', codes: [{ field: 'notify', code: this.code }] };
  }
}

export interface StatServiceDeps {
  stats: Pick<StatRepository, 'castVote' | 'isLiveVideo' | 'recordView' | 'countAlbumView'>;
  /** App secret: keys the hash of visitors' addresses. */
  secret: string;
  /** Monotonic clock in ms for the repeat window; `performance.now` unless a test gives one. */
  now?: () => number;
}

export function createStatService(deps: StatServiceDeps) {
  const clock = deps.now ? { now: deps.now } : {};
  const recentViews = new RecentKeys({
    ttlMs: VIEW_REPEAT_WINDOW_MS,
    maxEntries: VIEW_REPEAT_MAX_ENTRIES,
    ...clock,
  });
  const liveVideos = new RecentKeys({ ttlMs: LIVE_VIDEO_TTL_MS, maxEntries: 50_000, ...clock });

  /** Who viewed, for the repeat window: a member by id, a visitor by address hash. */
  const viewerKey = (viewer: Viewer | null, ip: string) =>
    // 64 bits of the visitor hash are plenty to tell visitors apart and halve the memory.
    viewer ? `m${viewer.userId}` : voterFor(null, ip, deps.secret).voterHash.slice(0, 16);

  /** An album's view: once per visitor and album in the repeat window, like a video's. */
  async function albumView(id: number, viewer: Viewer | null, ip: string): Promise<ViewResponse> {
    const repeatKey = `${viewerKey(viewer, ip)}:a${id}`;
    if (!recentViews.addIfAbsent(repeatKey)) return { success: 1 };
    let counted: boolean;
    try {
      counted = await deps.stats.countAlbumView(id);
    } catch (error) {
      recentViews.delete(repeatKey);
      throw error;
    }
    if (!counted) {
      recentViews.delete(repeatKey);
      throw new AppError('not_found', { field: 'object_id' });
    }
    return { success: 1 };
  }

  return {
    async vote(request: VoteRequest, viewer: Viewer | null, ip: string): Promise<VoteResponse> {
      const voter = voterFor(viewer, ip, deps.secret);
      const outcome = await deps.stats.castVote(
        request.section,
        request.object_id,
        voter,
        request.vote === 1 ? 1 : 0,
      );
      switch (outcome.kind) {
        case 'not_found':
          throw new AppError('not_found', { field: 'object_id' });
        case 'already_voted':
          throw new NotifyError('vote_already_voted');
        case 'voted':
          return {
            success: 1,
            likes: String(outcome.likes),
            dislikes: String(outcome.dislikes),
            rating: String(outcome.rating),
          };
      }
    },

    /**
     * `country`: the viewer's, as the gates read it; '' when unknown (decision 0053). Asked
     * only for a view that counts (the only one whose country is added up): a repeat or a
     * missing video costs no lookup on this hot path.
     */
    async view(
      request: ViewRequest,
      viewer: Viewer | null,
      ip: string,
      country: () => string = () => '',
    ): Promise<ViewResponse> {
      if (request.section === 'album') return albumView(request.object_id, viewer, ip);
      const videoId = request.object_id;
      const key = String(videoId);
      if (!liveVideos.has(key)) {
        if (!(await deps.stats.isLiveVideo(videoId))) {
          throw new AppError('not_found', { field: 'object_id' });
        }
        liveVideos.add(key);
      }
      const repeatKey = `${viewerKey(viewer, ip)}:${videoId}`;
      const counted = recentViews.addIfAbsent(repeatKey);
      // A visitor's repeat changes nothing; a member's still refreshes their history.
      if (!counted && !viewer) return { success: 1 };
      try {
        const where = counted ? country() : '';
        await deps.stats.recordView({
          videoId,
          userId: viewer?.userId ?? null,
          counted,
          ...(where ? { country: where } : {}),
        });
      } catch (error) {
        // Not stored, so not answered: the visitor's next try must be able to count.
        if (counted) recentViews.delete(repeatKey);
        throw error;
      }
      return { success: 1 };
    },
  };
}

export type StatService = ReturnType<typeof createStatService>;
