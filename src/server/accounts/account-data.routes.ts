import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_PURGE_DAYS,
  DELETE_ATTEMPTS_PER_TEN_MINUTES,
  DELETE_FIELDS,
  EXPORTS_PER_HOUR,
} from '../../contracts/account-data.ts';
import { z } from '../../contracts/zod.ts';
import { formFields } from '../kernel/http/form-body.ts';
import { describe, formBody } from '../kernel/http/openapi.ts';
import type { AccountDataService } from './account-data.service.ts';
import { SIGN_IN_LIMITS } from './sign-in-guard.ts';

// A member's own data (GDPR, decision 0057): `GET /api/my_data.php` downloads it as one JSON
// file; `POST /api/account_delete.php` deletes the account. Both act on the session's member
// only: nothing in a request can name another one.

export function accountDataRoutes(service: AccountDataService) {
  return async (app: FastifyInstance) => {
    app.get(
      '/api/my_data.php',
      {
        config: {
          rateLimit: {
            max: EXPORTS_PER_HOUR,
            timeWindow: 60 * 60_000,
            keyGenerator: (request) => `my-data:${request.viewer?.userId ?? request.ip}`,
          },
        },
        schema: {
          summary: "Download the member's own data (GDPR)",
          tags: ['members'],
          description: [
            'Needs a session (401 `need_auth`); always the session’s own member.',
            'Answers one JSON file as an attachment (`no-store`): the profile (every field but the password hash and tokens), uploads’ metadata with categories, tags, models and states, moderation decisions, strikes and bans, comments, messages sent and received, wall posts written and on the member’s wall, playlists with their videos, favourites, watch later, history, subscriptions, friends, votes, albums with their photos’ metadata, sessions (times, browser and address; never their ids) and age checks.',
            `At most ${EXPORTS_PER_HOUR} an hour per member (429 \`rate_limited\`). Each export is written to the audit log by the member’s id.`,
          ].join(' '),
          response: {
            200: {
              description: 'The data, as `application/json` with `content-disposition: attachment`',
              type: 'object',
              additionalProperties: true,
            },
            401: { description: 'Not signed in', type: 'object', additionalProperties: true },
            429: { description: 'Too many exports', type: 'object', additionalProperties: true },
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const file = await service.exportData(request.viewer);
        return reply
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('x-content-type-options', 'nosniff')
          .type('application/json; charset=utf-8')
          .send(file.body);
      },
    );

    app.post(
      '/api/account_delete.php',
      {
        bodyLimit: 4096,
        config: {
          rateLimit: {
            max: DELETE_ATTEMPTS_PER_TEN_MINUTES,
            timeWindow: 10 * 60_000,
            keyGenerator: (request) => `account-delete:${request.viewer?.userId ?? request.ip}`,
          },
        },
        schema: {
          ...describe({
            summary: "Delete the member's own account (GDPR)",
            tags: ['members'],
            description: [
              'With a session (and its `x-csrf-token`), always the session’s own member. Without one (401 `need_auth`), only a banned member, whose sessions the ban ended, deletes their account: with `usr` (the username or e-mail address) and `pwd`, as sign-in takes them, and counted by the sign-in’s guard as a sign-in attempt.',
              `Its failures are sign-in’s: \`required\`, \`invalid_usr_or_pwd\` (usr); \`captcha_required\` (captcha: a solved challenge of \`GET /api/captcha.php?action=login\`) once the account had ${SIGN_IN_LIMITS.captchaAfterFailures} wrong passwords within ${SIGN_IN_LIMITS.failureWindowS / 60} minutes, at sign-in or here, and next to the answer that crosses that line; \`captcha_invalid\` (captcha); \`too_many_attempts\` (form, 429) after ${SIGN_IN_LIMITS.attemptsPerPair} attempts at one account from one address within ${SIGN_IN_LIMITS.pairWindowS / 60} minutes. The right password of an account that is not banned deletes nothing: \`not_confirmed\` (usr) for an unconfirmed one, else 401 \`need_auth\` (usr): it signs in and deletes from its settings.`,
              'With a session, confirmed with `pwd`, the account’s password (`required`, `invalid_password`); an account without a password (made with Google) types its username in `confirm` instead (`required`, `username_mismatch`). A refused confirmation changes nothing.',
              `At once: the profile, uploads, albums, playlists, comments and wall posts are gone from every page and list, every session ends, sign-in is refused and the username and e-mail address are free again. Within ${ACCOUNT_PURGE_DAYS} days (in practice minutes, by the \`account.purge\` job) the media files are deleted and every other row is removed or anonymised; 2257 records and moderation records stay, by id. Written to the audit log by the member’s id.`,
              `At most ${DELETE_ATTEMPTS_PER_TEN_MINUTES} attempts in ten minutes (429 \`rate_limited\`).`,
            ].join(' '),
            response: z.object({ success: z.literal(1) }),
            failures: [401, 403, 429],
          }),
          ...formBody({
            pwd: 'The account’s password',
            confirm: 'The username, typed (accounts without a password)',
            usr: 'Without a session: the username or e-mail address',
            captcha: 'Without a session: the solved captcha (base64 JSON), when asked for one',
          }),
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        await service.deleteAccount(
          request.viewer,
          formFields(request.body, DELETE_FIELDS),
          request.ip,
        );
        return { success: 1 as const };
      },
    );
  };
}
