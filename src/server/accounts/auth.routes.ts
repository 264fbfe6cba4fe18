import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLanguage, LANGUAGE_COOKIE } from '../../contracts/constants.ts';
import { AppError } from '../../contracts/errors.ts';
import { z } from '../../contracts/zod.ts';
import { formFields } from '../kernel/http/form-body.ts';
import { describe, formBody } from '../kernel/http/openapi.ts';
import { SECOND_FACTOR, SECOND_FACTOR_LIMITS, STAFF_SESSION } from '../staff/staff.service.ts';
import { type AccountService, type ClientInfo, secondFactorRequired } from './account.service.ts';
import { SIGN_IN_LIMITS } from './sign-in-guard.ts';

// Accounts (SPEC.md §7): `login.php`, `signup.php`, the password reset (`restore.php`) and
// the confirmation link (`confirm.php`). Logout is the `logout` cookie (plugins/viewer.ts).

/**
 * Sign-in attempts per address, whatever the account (credential stuffing); the guard of
 * each account and address pair is sign-in-guard.ts.
 */
const LOGINS_PER_ADDRESS = { max: 50, windowMs: 10 * 60_000 };
const SIGNUPS_PER_ADDRESS = { max: 10, windowMs: 60 * 60_000 };
const RESTORES_PER_ADDRESS = { max: 10, windowMs: 60 * 60_000 };

function client(request: FastifyRequest): ClientInfo {
  const lang = request.cookies[LANGUAGE_COOKIE];
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    lang: isLanguage(lang) ? lang : 'en',
  };
}

/** The rate limit of one account call per address, answering `too_many_attempts`. */
function perAddress(bucket: string, limit: { max: number; windowMs: number }) {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    // An IPv6 visitor holds a whole /64: one address of it stands for all.
    keyGenerator: (request: FastifyRequest) => `${bucket}:${normalizeIP(request.ip)}`,
    errorResponseBuilder: () =>
      AppError.form([{ field: 'form', code: 'too_many_attempts' }]) as unknown as Error,
  };
}

const successSchema = z.object({ success: z.literal(1) });
const loginSchema = successSchema.extend({
  user: z.object({ id: z.number(), username: z.string() }),
  csrf: z.string().describe('The CSRF token to send in `x-csrf-token` with this session'),
});

export function authRoutes(deps: { accounts: AccountService }) {
  const { accounts } = deps;
  return async (app: FastifyInstance) => {
    app.post(
      '/api/login.php',
      {
        bodyLimit: 4096,
        config: { rateLimit: perAddress('login', LOGINS_PER_ADDRESS) },
        schema: {
          ...describe({
            summary: 'Sign in',
            tags: ['accounts'],
            description: `Form \`usr\` (username or email), \`pwd\` and, when asked for, \`captcha\` (a solved challenge of \`GET /api/captcha.php?action=login\`). Success sets the HttpOnly session cookie \`sid\` (a new session: the old one ends). Failures carry \`codes\`: \`required\`, \`invalid_usr_or_pwd\` (pwd), \`not_confirmed\` (usr); \`captcha_required\` (captcha) once an account had ${SIGN_IN_LIMITS.captchaAfterFailures} wrong passwords within ${SIGN_IN_LIMITS.failureWindowS / 60} minutes: from then on every sign-in to it needs a proof, and the answer that crosses the line carries it next to \`invalid_usr_or_pwd\`; \`captcha_invalid\` (captcha) for a proof that is wrong, expired, for another action or used before; \`too_many_attempts\` (form, 429) after ${SIGN_IN_LIMITS.attemptsPerPair} attempts at one account from one address within ${SIGN_IN_LIMITS.pairWindowS / 60} minutes without a success, or ${LOGINS_PER_ADDRESS.max} attempts from one address within ${LOGINS_PER_ADDRESS.windowMs / 60_000} minutes. Wrong passwords never lock an account. A staff account (decision 0038) answers the right password with \`second_factor_required\` (otp) and \`info.challenge\` (good for ${SECOND_FACTOR.challengeTtlS / 60} minutes), and no session; the second call sends \`challenge\` and \`otp\` (the 6-digit code of the authenticator app, or a recovery code) and starts a session of ${STAFF_SESSION.absoluteS / 3600} hours that is never extended. Its failures: \`second_factor_invalid\` (otp: wrong, or a code used before), \`second_factor_expired\` (form: the challenge is forged or too old), \`rate_limited\` (form, 429) after ${SECOND_FACTOR_LIMITS.wrongCodes} wrong codes at the account within ${SECOND_FACTOR_LIMITS.windowS / 60} minutes.`,
            response: loginSchema,
            failures: [403, 429],
          }),
          ...formBody({
            usr: 'Username or email',
            pwd: 'Password',
            captcha: 'The solved captcha (base64 JSON), when the last answer asked for one',
            challenge: 'Staff, second call: `info.challenge` of the first answer',
            otp: 'Staff, second call: the 6-digit code or a recovery code',
          }),
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const fields = formFields(request.body, ['usr', 'pwd', 'captcha', 'challenge', 'otp']);
        const session =
          fields.challenge === ''
            ? await accounts.login(fields, client(request))
            : await accounts.loginSecondStep(fields, client(request));
        await app.sessions.start(request, reply, session.token);
        return {
          success: 1,
          user: session.user,
          csrf: app.sessions.csrfTokenOf(session.token),
        };
      },
    );

    app.post(
      '/api/signup.php',
      {
        bodyLimit: 4096,
        config: { rateLimit: perAddress('signup', SIGNUPS_PER_ADDRESS) },
        schema: {
          ...describe({
            summary: 'Sign up',
            tags: ['accounts'],
            description:
              'Form `username` (3-32 latin letters, digits, `_ - .`), `email`, `pwd` (5-128) and `captcha` (a solved challenge of `GET /api/captcha.php?action=signup`, good once). Makes an unconfirmed account and mails a confirmation link (valid 48 hours) in the language of the `app_lang` cookie. Failures carry `codes` per field: `required`, `username_invalid`, `min_length`, `max_length`, `username_occupied`, `email_invalid`, `email_occupied`, `captcha_required`, `captcha_invalid` (wrong, expired, for another action or used before; checked before the names are looked up).',
            response: successSchema,
            failures: [403, 429],
          }),
          ...formBody({
            username: 'Username',
            email: 'Email',
            pwd: 'Password',
            captcha: 'The solved captcha (base64 JSON) of action `signup`',
          }),
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const input = formFields(request.body, ['username', 'email', 'pwd', 'captcha']);
        await accounts.signup(input, client(request));
        return { success: 1 as const };
      },
    );

    app.post(
      '/api/restore.php',
      {
        bodyLimit: 4096,
        config: { rateLimit: perAddress('restore', RESTORES_PER_ADDRESS) },
        schema: {
          ...describe({
            summary: 'Restore a password',
            tags: ['accounts'],
            description:
              'Two steps. Form `email`: mails a link to `/restore-password/?token=…` (valid 2 hours; at most 3 mails an hour per account); failures `required`, `email_invalid`, `eml_doesnt_exist`, `too_many_attempts`. Form `token` and `pwd`: sets the new password, ends every other session of the account and signs this browser in (a staff account instead gets `second_factor_required` with `challenge`, as at login, its password already changed); failures `required`, `min_length`, `max_length` (pwd) and `link_expired` (token).',
            response: successSchema,
            failures: [403, 429],
          }),
          ...formBody({
            email: 'Step 1: the account email',
            token: 'Step 2: the mailed token',
            pwd: 'Step 2: the new password',
          }),
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { email, token, pwd } = formFields(request.body, ['email', 'token', 'pwd']);
        if (token === '') {
          await accounts.requestReset(email);
          return { success: 1 as const };
        }
        const done = await accounts.completeReset(token, pwd, client(request));
        app.sessions.forget(done.userId);
        // Staff go on to the code step with the new password set (decision 0038).
        if (done.challenge !== undefined) throw secondFactorRequired(done.challenge);
        await app.sessions.start(request, reply, done.session.token);
        return { success: 1 as const };
      },
    );

    app.get<{ Querystring: { token?: unknown } }>(
      '/api/confirm.php',
      {
        schema: {
          summary: 'Confirm an email (the link of the confirmation mail)',
          tags: ['accounts'],
          description:
            'Redirects to `/signin/?confirmed=1` when the token is valid (the account is active; the link keeps working until it expires), otherwise to `/signin/?confirmed=0`.',
          querystring: {
            type: 'object',
            properties: { token: { type: 'string', description: 'The mailed token' } },
          },
          response: { 302: { description: 'To the sign-in page', type: 'null' } },
        },
      },
      async (request, reply) => {
        const token = typeof request.query.token === 'string' ? request.query.token : '';
        const ok = await accounts.confirm(token);
        return reply
          .header('cache-control', 'no-store')
          .redirect(`/signin/?confirmed=${ok ? 1 : 0}`, 302);
      },
    );
  };
}
