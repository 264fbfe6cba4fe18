import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../contracts/errors.ts';
import {
  parseStatRequest,
  statRequestSchema,
  statResponseSchema,
} from '../../contracts/stat.schema.ts';
import { createStatRepository } from '../repositories/stat.repository.ts';
import { createStatService } from '../services/stat.service.ts';
import { startViewFlusher, ViewBuffer } from '../services/view-buffer.ts';
import type { ApiDeps } from './deps.ts';
import { describe } from './openapi.ts';

// The stat call of SPEC.md §7 (its path is not shown there; ours is the network's
// `/api/stat.php`): votes and views. Comments (`act=comm`) are not taken here yet.

export interface StatRoutesOptions {
  /** How often buffered views are written (tests make it short). */
  viewFlushMs?: number;
}

export const VIEW_FLUSH_MS = 5000;
/** Per address and minute: votes are rare, views come with every page. */
const VOTES_PER_MINUTE = 60;
const VIEWS_PER_MINUTE = 300;

/** The rate-limit bucket of a request: votes and everything else count apart. */
function bucketOf(request: FastifyRequest): 'vote' | 'view' {
  const body = request.body;
  return typeof body === 'object' && body !== null && 'act' in body && body.act === 'vote'
    ? 'vote'
    : 'view';
}

const bodyJson = z.toJSONSchema(statRequestSchema, {
  target: 'draft-2020-12',
  io: 'input',
  unrepresentable: 'any',
});
delete bodyJson.$schema;

export function statRoutes(deps: ApiDeps, options: StatRoutesOptions = {}) {
  const stats = createStatRepository(deps.database);
  const views = new ViewBuffer();
  const service = createStatService({ stats, views, secret: deps.secret });

  return async (app: FastifyInstance) => {
    const flusher = startViewFlusher({
      buffer: views,
      write: (batch) => stats.writeViews(batch),
      intervalMs: options.viewFlushMs ?? VIEW_FLUSH_MS,
      onError: (error, batch) => {
        app.log.error({ err: error, videos: batch.videoIds.length }, 'writing views failed');
      },
    });
    app.addHook('onClose', async () => {
      await flusher.stop();
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
            max: (request) => (bucketOf(request) === 'vote' ? VOTES_PER_MINUTE : VIEWS_PER_MINUTE),
            keyGenerator: (request) => `stat:${bucketOf(request)}:${request.ip}`,
          },
        },
        schema: {
          ...describe({
            summary: 'Vote for an object or count a view of a video',
            tags: ['stat'],
            description: [
              'Body (form-encoded or JSON):',
              '`act=vote&section={video|album}&object_id={id}&vote={1 like|0 dislike}`, or',
              '`act=view&section=video&object_id={id}` (`nogeo` and `user_id` are accepted and ignored).',
              'One vote per object, ever: a member by account, a visitor by address (IPv6 by /64).',
              'A second vote answers 400 `vote_already_voted` with `codes: [{field: "notify"}]`, which the web app shows as a toast.',
              'A view answers at once and is written within a few seconds; the same visitor viewing the same video again within 30 minutes is counted once.',
              'A missing or deleted object answers 404 `not_found`. Limits per address: 60 votes and 300 views a minute (429 `rate_limited`).',
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
            return service.view(input, request.viewer, request.ip);
        }
      },
    );
  };
}
