import type { FastifyInstance } from 'fastify';
import { successSchema } from '../../contracts/moderation.schema.ts';
import {
  banAnswerSchema,
  commentsRemovedSchema,
  consoleMemberPageSchema,
  memberCommentsSchema,
  memberReportsSchema,
  memberUploadsSchema,
  memberWallPostsSchema,
  strikeAnswerSchema,
  unbanAnswerSchema,
} from '../../contracts/people.schema.ts';
import { actorOf, consolePage, idParam } from '../kernel/http/console-params.ts';
import { describe, formBody } from '../kernel/http/openapi.ts';
import {
  type MemberAdminService,
  parseBan,
  parseNote,
  parseReason,
} from './member-admin.service.ts';

// One member in the console (issue 16, decision 0048): the record, its lists, and the acts on
// the account. Staff only, private, each act written to the audit log.

type Schema = Parameters<typeof describe>[0];

const REASON = 'One of the moderation reasons';
const NOTE = 'For the member and the record (required for `other`)';
const CSRF = ' Needs the session’s `x-csrf-token`.';

export function memberAdminRoutes(members: MemberAdminService) {
  return async (app: FastifyInstance) => {
    const list = (
      suffix: string,
      summary: string,
      response: Schema['response'],
      read: (
        service: MemberAdminService,
      ) => (
        viewer: Parameters<MemberAdminService['uploads']>[0],
        id: number,
        page: number,
      ) => Promise<unknown>,
    ) =>
      app.get<{ Params: { id: string }; Querystring: { page?: unknown } }>(
        `/api/admin/members/:id/${suffix}`,
        {
          schema: describe({
            summary,
            tags: ['staff'],
            description: 'Newest first, 50 a page. Staff with `read:member:any`.',
            params: { id: 'Member id' },
            querystring: { page: { description: 'Page, from 1' } },
            response,
            failures: [401, 403],
          }),
        },
        async (request) =>
          read(members)(
            request.viewer,
            idParam(request.params.id),
            consolePage(request.query.page),
          ),
      );

    app.get<{ Params: { id: string } }>(
      '/api/admin/members/:id',
      {
        schema: describe({
          summary: 'One member, for staff',
          tags: ['staff'],
          description:
            'The account (status, role, trusted, joined, last sign-in, email), counts of uploads, comments, wall posts and reports, the strikes, bans and statements of reasons on record. Staff with `read:member:any`.',
          params: { id: 'Member id' },
          response: consoleMemberPageSchema,
          failures: [401, 403, 404],
        }),
      },
      async (request) => members.member(request.viewer, idParam(request.params.id)),
    );
    list('uploads', 'A member’s videos in every state', memberUploadsSchema, (s) => s.uploads);
    list(
      'comments',
      'A member’s comments, shown and removed',
      memberCommentsSchema,
      (s) => s.comments,
    );
    list('wall_posts', 'Posts a member wrote on walls', memberWallPostsSchema, (s) => s.wallPosts);
    list(
      'reports',
      'Reports about a member, their videos, albums or comments',
      memberReportsSchema,
      (s) => s.reports,
    );

    app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
      '/api/admin/members/:id/ban',
      {
        bodyLimit: 16_384,
        schema: {
          ...describe({
            summary: 'Ban a member',
            tags: ['staff'],
            description: `Form \`reason\`, \`note\`, \`hide_content\` (1: their videos, albums, playlists, comments and wall posts are taken down with the ban; 0, the default: they stay). The member is signed out everywhere, cannot sign in (\`account_banned\`), their profile reads as missing, and they get a statement of reasons by mail. \`already_added\` when a ban is in force; \`no_permission\` for an administrator, for oneself, and for a moderator unless an administrator asks. Staff with \`disable:member:any\`.${CSRF}`,
            params: { id: 'Member id' },
            response: banAnswerSchema,
            failures: [401, 403, 404],
          }),
          ...formBody({ reason: REASON, note: NOTE, hide_content: '1 or 0' }),
        },
      },
      async (request) =>
        members.ban(actorOf(request), idParam(request.params.id), parseBan(request.body ?? {})),
    );

    app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
      '/api/admin/members/:id/unban',
      {
        bodyLimit: 16_384,
        schema: {
          ...describe({
            summary: 'Lift a member’s ban',
            tags: ['staff'],
            description: `The member may sign in again and what the ban took down comes back (what was taken down on its own stays down). Optional \`note\` for the record. \`not_found\` when no ban is in force. Staff with \`disable:member:any\`.${CSRF}`,
            params: { id: 'Member id' },
            response: unbanAnswerSchema,
            failures: [401, 403, 404],
          }),
          ...formBody({ note: 'Why, for the record' }),
        },
      },
      async (request) =>
        members.unban(actorOf(request), idParam(request.params.id), parseNote(request.body ?? {})),
    );

    app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
      '/api/admin/members/:id/strikes',
      {
        bodyLimit: 16_384,
        schema: {
          ...describe({
            summary: 'Give a member a strike',
            tags: ['staff'],
            description: `Form \`reason\`, \`note\`. The member gets a statement of reasons; at STRIKES_TO_BAN strikes in force (3 by default) they are banned at once (reason \`repeat_infringer\`; their content taken down with it unless STRIKE_BAN_HIDES_CONTENT=false), answered \`banned: true\`. Same rule of who may act on whom as a ban. Staff with \`disable:member:any\`.${CSRF}`,
            params: { id: 'Member id' },
            response: strikeAnswerSchema,
            failures: [401, 403, 404],
          }),
          ...formBody({ reason: REASON, note: NOTE }),
        },
      },
      async (request) =>
        members.strike(
          actorOf(request),
          idParam(request.params.id),
          parseReason(request.body ?? {}),
        ),
    );

    app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
      '/api/admin/strikes/:id/revoke',
      {
        bodyLimit: 16_384,
        schema: {
          ...describe({
            summary: 'Revoke a strike',
            tags: ['staff'],
            description: `The strike no longer counts towards the ban (a ban it helped make stays until lifted). Optional \`note\`. \`not_found\` when the strike is not in force; \`no_permission\` for one's own strike, and for a moderator another staff member's. Staff with \`disable:member:any\`.${CSRF}`,
            params: { id: 'Strike id' },
            response: successSchema,
            failures: [401, 403, 404],
          }),
          ...formBody({ note: 'Why, for the record' }),
        },
      },
      async (request) =>
        members.revokeStrike(
          actorOf(request),
          idParam(request.params.id),
          parseNote(request.body ?? {}),
        ),
    );

    app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
      '/api/admin/members/:id/comments/remove',
      {
        bodyLimit: 16_384,
        schema: {
          ...describe({
            summary: 'Remove all of a member’s comments',
            tags: ['staff'],
            description: `Form \`reason\`, \`note\`: every comment the member shows is removed (status 8) and the counts move; the member gets a statement of reasons. Answers how many. Staff with \`hide:comment:any\`.${CSRF}`,
            params: { id: 'Member id' },
            response: commentsRemovedSchema,
            failures: [401, 403, 404],
          }),
          ...formBody({ reason: REASON, note: NOTE }),
        },
      },
      async (request) =>
        members.removeComments(
          actorOf(request),
          idParam(request.params.id),
          parseReason(request.body ?? {}),
        ),
    );

    for (const [act, shown] of [
      ['hide', false],
      ['unhide', true],
    ] as const) {
      app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
        `/api/admin/wall_posts/:id/${act}`,
        {
          bodyLimit: 16_384,
          schema: {
            ...describe({
              summary: shown ? 'Show a hidden wall post again' : 'Hide a wall post',
              tags: ['staff'],
              description: `Optional \`note\` for the record. \`not_found\` when there is no such post or it already is ${shown ? 'shown' : 'hidden'}. Staff with \`hide:comment:any\`.${CSRF}`,
              params: { id: 'Wall post id' },
              response: successSchema,
              failures: [401, 403, 404],
            }),
            ...formBody({ note: 'Why, for the record' }),
          },
        },
        async (request) =>
          members.setWallPost(
            actorOf(request),
            idParam(request.params.id),
            shown,
            parseNote(request.body ?? {}),
          ),
      );
    }
  };
}
