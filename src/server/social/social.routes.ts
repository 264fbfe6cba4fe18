import type { FastifyInstance } from 'fastify';
import { AppError } from '../../contracts/errors.ts';
import { parseId } from '../../contracts/paths.ts';
import {
  conversationsResponseSchema,
  friendRequestsResponseSchema,
  RELATION_TYPES,
  type RelationType,
  relationResponseSchema,
  sendMessageResponseSchema,
  threadResponseSchema,
} from '../../contracts/social.schema.ts';
import { z } from '../../contracts/zod.ts';
import { describe } from '../kernel/http/openapi.ts';
import type { SocialService } from './social.service.ts';

// Between members (SPEC.md §1 friends and messages, §7 `POST /api/messages.php`): the
// signed-in member's relation to a profile, their friend requests and their messages. Every
// answer is the member's own and private (`no-store`); visitors get `need_auth`. Asking for
// friendship goes through input.php (`act=friend`) with the other list changes.

const MESSAGE_POSTS = { max: 30, timeWindow: 5 * 60_000 };
const MAX_PAGE = 1000;

/** A positive id from a query or form value; repeated or missing values are not ids. */
function idValue(value: unknown, field: string): number {
  const id = typeof value === 'string' ? parseId(value) : undefined;
  if (id === undefined) throw new AppError('invalid_params', { field });
  return id;
}

function pageValue(value: unknown): number {
  if (value === undefined || value === '') return 1;
  const page = idValue(value, 'page');
  if (page > MAX_PAGE) throw new AppError('invalid_params', { field: 'page' });
  return page;
}

const readAnswerSchema = z.object({ success: z.literal(1), read: z.number().int() });

export function socialRoutes(social: SocialService) {
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get<{ Querystring: { type?: unknown; object_id?: unknown } }>(
      '/api/relation.php',
      {
        schema: describe({
          summary: "The signed-in member's relation to a member, model or channel",
          tags: ['members'],
          description:
            'Whether the member subscribes to the object and, for a member, where a friendship stands, so the buttons of a profile start right.',
          querystring: {
            type: { description: 'member, model or channel', required: true },
            object_id: { description: 'Id of the member, model or channel', required: true },
          },
          response: relationResponseSchema,
          failures: [401],
        }),
      },
      async (request) => {
        const { type } = request.query;
        if (typeof type !== 'string' || !(RELATION_TYPES as readonly string[]).includes(type)) {
          throw new AppError('invalid_params', { field: 'type' });
        }
        const objectId = idValue(request.query.object_id, 'object_id');
        return social.relation(request.viewer, type as RelationType, objectId);
      },
    );

    app.get(
      '/api/friend_requests.php',
      {
        schema: describe({
          summary: "The signed-in member's friend requests",
          tags: ['members'],
          description:
            'Requests waiting for the member (accept with input.php `act=friend&section=add`, decline with `section=rem`) and the member’s own requests still waiting (cancel with `section=rem`). Up to 100 each, newest first.',
          response: friendRequestsResponseSchema,
          failures: [401],
        }),
      },
      async (request) => social.friendRequests(request.viewer),
    );

    app.get<{ Querystring: { with?: unknown; page?: unknown } }>(
      '/api/messages.php',
      {
        schema: describe({
          summary: "The signed-in member's conversations, or one of them",
          tags: ['members'],
          description: [
            'Without `with`: the conversations, newest first, 20 a page, each with its last message and unread count, and the member’s unread total.',
            'With `with={user_id}`: the messages between the two members, newest first, 30 a page (an answer of the thread shape).',
            'Reading does not mark messages read: POST `section=read`.',
          ].join(' '),
          querystring: {
            with: { description: 'The other member (optional)' },
            page: { description: 'Page, from 1' },
          },
          response: z.union([conversationsResponseSchema, threadResponseSchema]),
          failures: [401],
        }),
      },
      async (request) => {
        const page = pageValue(request.query.page);
        if (request.query.with === undefined) return social.conversations(request.viewer, page);
        return social.thread(request.viewer, idValue(request.query.with, 'with'), page);
      },
    );

    app.post<{ Body: Record<string, unknown> | undefined }>(
      '/api/messages.php',
      {
        bodyLimit: 16_384,
        config: {
          rateLimit: {
            ...MESSAGE_POSTS,
            keyGenerator: (request) => `messages:${request.viewer?.userId ?? request.ip}`,
          },
        },
        schema: {
          ...describe({
            summary: 'Send a message to another member, or mark a conversation read',
            tags: ['members'],
            description: [
              'Needs a session (401 `need_auth`) and its `x-csrf-token`.',
              '`section=send` (the default): `to` (user id) and `message` (1-2000 characters), answering the message; field failures carry `codes` (`required`, `max_length`), writing to oneself answers `message_cant_send_myself` as a notify code, an unknown or disabled member `not_found`.',
              '`section=read`, `with`: marks their messages to the member read.',
              '30 posts per 5 minutes per member.',
            ].join(' '),
            response: z.union([sendMessageResponseSchema, readAnswerSchema]),
            failures: [401, 403, 429],
          }),
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: {
            type: 'object',
            properties: {
              section: { type: 'string', description: 'send (default) or read' },
              to: { type: 'string', description: 'section=send: the recipient' },
              message: { type: 'string', description: 'section=send: the text' },
              with: { type: 'string', description: 'section=read: the other member' },
            },
          },
        },
      },
      async (request) => {
        if (!request.viewer) throw new AppError('need_auth');
        const body = request.body ?? {};
        const section = body.section ?? 'send';
        if (section === 'read') return social.markRead(request.viewer, idValue(body.with, 'with'));
        if (section !== 'send') throw new AppError('invalid_params', { field: 'section' });
        const to = idValue(body.to, 'to');
        const text = typeof body.message === 'string' ? body.message : '';
        return social.send(request.viewer, to, text);
      },
    );
  };
}
