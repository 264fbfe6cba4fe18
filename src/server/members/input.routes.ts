import type { FastifyInstance } from 'fastify';
import { AppError } from '../../contracts/errors.ts';
import { parseInput } from '../../contracts/input.rules.ts';
import { z } from '../../contracts/zod.ts';
import { describe } from '../kernel/http/openapi.ts';
import type { MemberActionsService } from './member-actions.service.ts';

// `POST /api/input.php` (SPEC.md §7): a member's favourites, watch later, playlists,
// subscriptions and friends. Every change is the signed-in member's own (the session names them).

const CHANGES_PER_MINUTE = 120;

const answerSchema = z.object({
  success: z.literal(1),
  playlist_id: z.string().optional().describe('section=new: the new playlist'),
  subscribers: z.number().optional().describe('act=subscribe: the subscriber count now'),
  friend: z
    .enum(['sent', 'friends'])
    .optional()
    .describe('act=friend section=add: a request was sent, or theirs accepted'),
});

const field = (description: string) => ({ type: 'string', description });

export function inputRoutes(service: MemberActionsService) {
  return async (app: FastifyInstance) => {
    app.post(
      '/api/input.php',
      {
        bodyLimit: 8192,
        config: {
          rateLimit: {
            max: CHANGES_PER_MINUTE,
            timeWindow: 60_000,
            keyGenerator: (request) => `input:${request.viewer?.userId ?? request.ip}`,
          },
        },
        schema: {
          ...describe({
            summary: "Change the member's lists: favourites, watch later, playlists, subscriptions",
            tags: ['members'],
            description: [
              'Needs a session (401 `need_auth`) and its `x-csrf-token`.',
              '`act=favourite|watch_later`, `section=add|rem`, `video_id`.',
              '`act=playlist`: `section=new` with `title` (3-100), `desc` (5-500), `visible` (1 public, 0 private), `orientation` (str, she, gay), `categories` (up to 3 comma-separated ids) and optionally `video_id`, answering `playlist_id`; `section=upd` with `object_id` and the same fields; `section=del` with `object_id`; `section=add|rem` with `object_id` and `video_id`.',
              '`act=subscribe`, `section=add|rem`, `type=channel|model|member`, `object_id`, answering `subscribers`.',
              '`act=friend`, `object_id` (a member): `section=add` asks for friendship, or accepts that member’s waiting request, answering `friend: sent|friends`; `section=rem` ends a friendship, cancels this member’s request or declines theirs. Befriending oneself answers `friend_cant_add_myself` (notify).',
              'Adding what is already there answers `already_added`, subscribing to oneself `subscribe_cant_subscribe_myself` (both with `codes: [{field: "notify"}]`, shown as a toast). Another member’s playlist answers 403 `no_permission`. Form failures carry `codes` per field.',
            ].join(' '),
            response: answerSchema,
            failures: [401, 403, 429],
          }),
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: {
            type: 'object',
            properties: {
              act: field('favourite, watch_later, playlist, subscribe, friend'),
              section: field('add, rem, del, new, upd'),
              video_id: field('A video'),
              object_id: field('The playlist, the subscription target, or the member to befriend'),
              type: field('act=subscribe: channel, model, member'),
              title: field('Playlist title'),
              desc: field('Playlist description'),
              visible: field('1 public, 0 private'),
              orientation: field('str, she, gay'),
              categories: field('Up to 3 category ids, comma-separated'),
            },
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        if (!request.viewer) throw new AppError('need_auth');
        const parsed = parseInput(request.body);
        if (!parsed.ok) throw AppError.form(parsed.errors);
        return service.input(parsed.value, request.viewer);
      },
    );
  };
}
