import type { FastifyInstance } from 'fastify';
import { AppError } from '../../contracts/errors.ts';
import {
  isCommentSection,
  isProfileSection,
  parseMembers,
  parseObjectPath,
} from '../../contracts/members.paths.ts';
import {
  commentsResponseSchema,
  memberResponseSchema,
  membersResponseSchema,
  subscriptionsResponseSchema,
} from '../../contracts/members.schema.ts';
import type { Config } from '../config.ts';
import { describe } from '../kernel/http/openapi.ts';
import { cacheAnswer, cacheFor } from '../kernel/http/response-cache.ts';
import type { MemberService } from './member.service.ts';

// Member calls of SPEC.md §7: the member index, a profile (and wall), comments on any
// object, and a member's subscriptions. One's own profile is read through POST
// /api/member.php (members issue), never from these cached paths.

const MEMBERS_MAX = 500;
const objectParams = {
  lifetime: 'Cache lifetime in seconds',
  e6: 'floor(id / 1e6) * 1e6',
  e3: 'floor(id / 1e3) * 1e3',
  file: '{id}.json',
};

export function membersRoutes(deps: {
  members: MemberService;
  config: Pick<Config, 'maxCacheLifetime'>;
}) {
  const service = deps.members;
  const maxLifetime = deps.config.maxCacheLifetime;

  return async (app: FastifyInstance) => {
    app.get<{
      Params: {
        lifetime: string;
        section: string;
        filt: string;
        sort: string;
        count: string;
        file: string;
      };
      Querystring: { q?: unknown };
    }>(
      '/api/json/members/:lifetime/:section/:filt/:sort/:count/:file',
      {
        config: { cache: true },
        schema: describe({
          summary: 'Members, filtered, with an optional name search',
          tags: ['members'],
          description:
            'Path: `/api/json/members/{lifetime}/{section}/filt{7 slots}/{sort}/{count}/{page}.json[?q=]`. Slots: country, gender (1-3), age group (1-4), relationship (1-3), avatar (1 yes, 2 no), orientation (1-5), object_id. Sections: all; friends, subscribers, subscriptions of the member in object_id. Sorts: recent (newest members; `latest` is accepted for it), most-popular, most-videos, alphabetical, last-login. `q`: 3-69 characters of a username or display name.',
          params: {
            lifetime: 'Cache lifetime in seconds',
            section: 'all, friends, subscribers, subscriptions',
            filt: '`filt` and seven `.value` slots',
            sort: 'recent (also latest), most-popular, most-videos, alphabetical, last-login',
            count: 'Members per page (SPEC: 96)',
            file: '{page}.json',
          },
          querystring: { q: { description: 'Name search, 3-69 characters' } },
          response: membersResponseSchema,
        }),
      },
      async (request, reply) => {
        const parsed = parseMembers(request.params, request.query.q, MEMBERS_MAX);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const result = await service.members(parsed.value);
        cacheFor(reply, parsed.value.lifetime, maxLifetime);
        return result;
      },
    );

    app.get<{
      Params: { lifetime: string; section: string; e6: string; e3: string; file: string };
    }>(
      '/api/json/member/:lifetime/:section/:e6/:e3/:file',
      {
        config: { cache: true },
        schema: describe({
          summary: 'A member’s public profile (section profile) or profile and wall (section wall)',
          tags: ['members'],
          params: { ...objectParams, section: 'profile or wall' },
          response: memberResponseSchema,
        }),
      },
      async (request, reply) => {
        const { lifetime: lifetimeRaw, section, e6, e3, file } = request.params;
        if (!isProfileSection(section)) throw new AppError('invalid_params', { field: 'section' });
        const parsed = parseObjectPath(lifetimeRaw, e6, e3, file);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const result = await service.member(parsed.value.id, section);
        cacheFor(reply, parsed.value.lifetime, maxLifetime);
        return result;
      },
    );

    app.get<{
      Params: { lifetime: string; section: string; e6: string; e3: string; file: string };
    }>(
      '/api/json/comments/:lifetime/:section/:e6/:e3/:file',
      {
        config: { cache: true },
        schema: describe({
          summary: 'Comments on an object, newest first (up to 500)',
          tags: ['members'],
          description:
            'Sections: video, album, model, channel, member, playlist. SPEC: lifetime 3600, 0 when signed in. A private playlist’s comments answer 403 playlist_is_private to anyone but its owner.',
          params: { ...objectParams, section: 'video, album, model, channel, member, playlist' },
          response: commentsResponseSchema,
          failures: [403],
        }),
      },
      async (request, reply) => {
        const { lifetime: lifetimeRaw, section, e6, e3, file } = request.params;
        if (!isCommentSection(section)) throw new AppError('invalid_params', { field: 'section' });
        const parsed = parseObjectPath(lifetimeRaw, e6, e3, file);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const result = await service.comments(section, parsed.value.id, request.viewer);
        cacheAnswer(reply, parsed.value.lifetime, maxLifetime, result);
        return result.body;
      },
    );

    app.get<{ Params: { lifetime: string; e6: string; e3: string; file: string } }>(
      '/api/json/subscriptions/:lifetime/:e6/:e3/:file',
      {
        config: { cache: true },
        schema: describe({
          summary: 'What a member subscribes to: channels, models and members',
          tags: ['members'],
          params: objectParams,
          response: subscriptionsResponseSchema,
        }),
      },
      async (request, reply) => {
        const { lifetime: lifetimeRaw, e6, e3, file } = request.params;
        const parsed = parseObjectPath(lifetimeRaw, e6, e3, file);
        if (!parsed.ok) throw new AppError(parsed.code, { field: parsed.field });
        const result = await service.subscriptions(parsed.value.id);
        cacheFor(reply, parsed.value.lifetime, maxLifetime);
        return result;
      },
    );
  };
}
