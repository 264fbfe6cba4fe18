import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../contracts/errors.ts';
import {
  parseStatRequest,
  statRequestSchema,
  statResponseSchema,
} from '../../contracts/stat.schema.ts';
import { z } from '../../contracts/zod.ts';
import { describe } from '../kernel/http/openapi.ts';
import type { MemberActionsService } from '../members/member-actions.service.ts';
import type { StatService } from './stat.service.ts';
import { startViewFolder, type ViewFolder } from './view-folder.ts';

// The stat call of SPEC.md §7 (its path is not shown there; ours is the network's
// `/api/stat.php`): votes, views and comments (`act=comm`, through the member actions).

export interface StatRoutesOptions {
  /** How often stored views are added to the counters (tests make it short or long). */
  viewFoldMs?: number;
}

export const VIEW_FOLD_MS = 5000;
/**
 * Views per fold statement. Its cost is one counter update per distinct video, most of it
 * the category listing copies' trigger (decision 0012 has the numbers): 200 keeps a fold
 * short enough that the pages queued behind it on PGlite wait little.
 */
export const VIEW_FOLD_BATCH = 200;
/** Statements per round: 5000 views, also the most the last round at shutdown takes. */
const VIEW_FOLD_MAX_BATCHES = 25;
/** Per address and minute: votes are rare, views come with every page. */
const VOTES_PER_MINUTE = 60;
const VIEWS_PER_MINUTE = 300;

const COMMENTS_PER_MINUTE = 10;

/** The rate-limit bucket of a request: votes, comments and views count apart. */
/** `nogeo` of a view, set to anything but nothing, '' or 0. */
function noGeo(body: unknown): boolean {
  const value =
    typeof body === 'object' && body !== null && 'nogeo' in body ? body.nogeo : undefined;
  return value !== undefined && value !== null && value !== '' && value !== '0' && value !== 0;
}

function bucketOf(request: FastifyRequest): 'vote' | 'comm' | 'view' {
  const body = request.body;
  const act = typeof body === 'object' && body !== null && 'act' in body ? body.act : undefined;
  return act === 'vote' ? 'vote' : act === 'comm' ? 'comm' : 'view';
}

const LIMITS = { vote: VOTES_PER_MINUTE, comm: COMMENTS_PER_MINUTE, view: VIEWS_PER_MINUTE };

const bodyJson = z.toJSONSchema(statRequestSchema, {
  target: 'draft-2020-12',
  io: 'input',
  unrepresentable: 'any',
});
delete bodyJson.$schema;

export function statRoutes(
  deps: {
    stats: StatService;
    /** Adds up to `limit` stored views to the counters; answers how many it took. */
    foldViews(limit: number): Promise<number>;
    /** Comments (`act=comm`) go through the member actions. */
    members?: MemberActionsService;
    /**
     * The visitor's country as the age gates read it (two lower-case letters, '' unknown):
     * recorded with each view (decision 0053). Without it views carry no country.
     */
    countryOf?: (request: FastifyRequest) => string;
  },
  options: StatRoutesOptions = {},
) {
  const { stats: service, members } = deps;

  return async (app: FastifyInstance) => {
    let folder: ViewFolder | undefined;
    app.addHook('onReady', async () => {
      folder = startViewFolder({
        foldBatch: (limit) => deps.foldViews(limit),
        intervalMs: options.viewFoldMs ?? VIEW_FOLD_MS,
        batchSize: VIEW_FOLD_BATCH,
        maxBatches: VIEW_FOLD_MAX_BATCHES,
        onError: (error) => {
          // The views stay stored; the next round takes them again.
          app.log.error({ err: error }, 'counting views failed');
        },
      });
    });
    app.addHook('onClose', async () => {
      await folder?.stop();
    });

    app.post(
      '/api/stat.php',
      {
        bodyLimit: 4096,
        config: {
          rateLimit: {
            // After the body is parsed, so votes and views get their own buckets.
            hook: 'preHandler',
            timeWindow: 60_000,
            max: (request) => LIMITS[bucketOf(request)],
            keyGenerator: (request) => `stat:${bucketOf(request)}:${request.ip}`,
          },
        },
        schema: {
          ...describe({
            summary: 'Vote for an object or count a view of a video or an album',
            tags: ['stat'],
            description: [
              'Body (form-encoded or JSON):',
              '`act=vote&section={video|album}&object_id={id}&vote={1 like|0 dislike}`, or',
              '`act=view&section={video|album}&object_id={id}` (with `nogeo` set, to anything but `0` or empty, the view stores no country; `user_id` is accepted and ignored).',
              'One vote per object, ever: a member by account, a visitor by address (IPv6 by /64).',
              'A second vote answers 400 `vote_already_voted` with `codes: [{field: "notify"}]`, which the web app shows as a toast.',
              'A view is stored before it is answered and shows in the counters within a few seconds; the same visitor viewing the same video again within 30 minutes is counted once (a member’s history is refreshed every time); an album’s view is counted at once, with the same 30-minute rule.',
              '`act=comm&section={video|album|model|channel|member|playlist}&object_id={id}&msg={text}` posts a comment (`member`: on that member’s wall) for a signed-in member (401 `need_auth` otherwise) and answers it; `msg` must hold 5-2000 characters (`required`, `min_length`, `max_length` with `info.length`).',
              'A missing or deleted object answers 404 `not_found`. Limits per address: 60 votes, 10 comments and 300 views a minute (429 `rate_limited`).',
            ].join(' '),
            response: statResponseSchema,
            failures: [429],
          }),
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: bodyJson,
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const parsed = parseStatRequest(request.body);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const input = parsed.value;
        switch (input.act) {
          case 'vote':
            return service.vote(input, request.viewer, request.ip);
          case 'view':
            // SPEC.md §7: with `nogeo` set the view stores no country.
            return service.view(input, request.viewer, request.ip, () =>
              noGeo(request.body) ? '' : (deps.countryOf?.(request) ?? ''),
            );
          case 'comm':
            if (!members) throw new AppError('unavailable');
            return members.comment(input, request.viewer);
        }
      },
    );
  };
}
