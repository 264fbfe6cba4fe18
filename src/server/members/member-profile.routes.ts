import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../contracts/errors.ts';
import {
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_FIELDS,
  PROFILE_FIELDS,
  PROFILE_IMAGES,
  PROFILE_LIMITS,
} from '../../contracts/profile.rules.ts';
import { memberAnswerSchema } from '../../contracts/profile.schema.ts';
import { EMAIL_CHANGE_LIMITS, type EmailChangeService } from '../accounts/email-change.service.ts';
import { formFields } from '../kernel/http/form-body.ts';
import { readMultipartForm } from '../kernel/http/multipart-form.ts';
import { describe } from '../kernel/http/openapi.ts';
import type { MemberProfileService } from './member-profile.service.ts';
import type { ProfileImageKind } from './profile-images.ts';

// `POST /api/member.php` (SPEC.md §6 "own profile via POST", §7): the signed-in member's
// own profile. A form (or JSON) call reads it (`section=get`, the default), changes its
// fields (`upd`), the password (`pwd`) or the email address (`email`, `email_cancel`), or
// removes a picture (`del_ava`, `del_cover`); a multipart call with `section` before one
// image `file` uploads the avatar (`u_ava`) or the cover (`u_cover`). The session names the
// member: no field can name another one. `GET /api/confirm_email.php` is the link mailed to
// a new address (decision 0034).

/** Calls per member in ten minutes: an edit screen makes a few; uploads cost CPU. */
const CALLS_PER_TEN_MINUTES = 60;

const SECTIONS = [
  'get',
  'upd',
  'pwd',
  'email',
  'email_cancel',
  'u_ava',
  'u_cover',
  'del_ava',
  'del_cover',
] as const;
type Section = (typeof SECTIONS)[number];
const UPLOADS: Partial<Record<Section, ProfileImageKind>> = { u_ava: 'avatar', u_cover: 'cover' };
const REMOVALS: Partial<Record<Section, ProfileImageKind>> = {
  del_ava: 'avatar',
  del_cover: 'cover',
};

function sectionOf(value: unknown): Section {
  const section = value === undefined || value === '' ? 'get' : value;
  if (typeof section !== 'string' || !(SECTIONS as readonly string[]).includes(section)) {
    throw AppError.form([{ field: 'section', code: 'invalid_params' }]);
  }
  return section as Section;
}

/** The section and image of a multipart call (fields in any order), read up to the limit. */
async function uploadedImage(request: FastifyRequest): Promise<{ section: Section; data: Buffer }> {
  const { fields, files } = await readMultipartForm(request, {
    files: ['file'],
    maxFileBytes: PROFILE_IMAGES.maxBytes,
    tooLarge: (field) =>
      new AppError('file_too_large', {
        field,
        codes: [{ field, code: 'file_too_large' }],
        info: { size: PROFILE_IMAGES.maxBytes },
        status: 413,
      }),
  });
  const query = request.query as Record<string, unknown> | undefined;
  const known = sectionOf(fields.section ?? query?.section);
  if (!UPLOADS[known]) throw AppError.form([{ field: 'section', code: 'invalid_params' }]);
  const data = files.file;
  if (!data || data.length === 0) throw AppError.form([{ field: 'file', code: 'required' }]);
  return { section: known, data };
}

const text = (description: string) => ({ type: 'string', description });

export function memberProfileRoutes(deps: {
  profiles: MemberProfileService;
  emails: EmailChangeService;
}) {
  const { profiles: service, emails } = deps;

  return async (app: FastifyInstance) => {
    app.post(
      '/api/member.php',
      {
        bodyLimit: 16_384,
        config: {
          rateLimit: {
            max: CALLS_PER_TEN_MINUTES,
            timeWindow: 10 * 60_000,
            keyGenerator: (request) => `member:${request.viewer?.userId ?? request.ip}`,
          },
        },
        schema: {
          ...describe({
            summary: "The member's own profile: read, change, password, avatar and cover",
            tags: ['members'],
            description: [
              'Needs a session (401 `need_auth`) and its `x-csrf-token`; always the session’s own member (any `user_id` is ignored). Answers `no-store`.',
              '`section=get` (the default) answers the whole profile, e-mail and birth date included.',
              `\`section=upd\` changes the fields given (an empty value clears one; fields left out keep their value; unknown fields are ignored): \`gender\` (1-3), \`relationship\` (1-3), \`orientation\` (1-5), \`birth_date\` (YYYY-MM-DD, age 18-120, else \`invalid_params\`), \`country\` (a two-letter code of the site's list), \`website\` (http or https, a bare host gets https://, else \`invalid_url\`; at most ${PROFILE_LIMITS.website}), \`city\` (${PROFILE_LIMITS.city}), \`education\` (${PROFILE_LIMITS.education}), \`occupation\` (${PROFILE_LIMITS.occupation}), \`interests\` (${PROFILE_LIMITS.interests}), \`about\` (${PROFILE_LIMITS.about}) → \`max_length\`. Any failing field changes nothing; failures carry \`codes\` per field.`,
              '`section=pwd` with `pwd` (the current password; wrong: `invalid_password`) and `new_pwd` (5-128): every other session of the member ends, this one stays.',
              `\`section=email\` with \`email\` (the new address: \`required\`, \`eml_invalid\`, \`email_occupied\` when it is this or another account's) and \`pwd\` (the current password: \`required\`, \`invalid_password\`): mails a link to the new address (valid ${EMAIL_CHANGE_TTL_HOURS} hours; a new request replaces it) and a notice to the current one, at most ${EMAIL_CHANGE_LIMITS.mailsPerHour} an hour (\`too_many_attempts\`). The address changes only when the link is opened; meanwhile \`pending_email\` names the new one. \`section=email_cancel\` drops the pending change. Both answer the profile.`,
              `Multipart \`section=u_ava|u_cover\` (the field before the file, or in the query) with one image \`file\` (JPEG, PNG, WebP, GIF or AVIF, up to ${PROFILE_IMAGES.maxBytes / 1024 / 1024} MB, else \`file_invalid_type\` / 413 \`file_too_large\`): the avatar (at least ${PROFILE_IMAGES.avatarMin.width}x${PROFILE_IMAGES.avatarMin.height}, cropped square to 320x320) or the cover (at least ${PROFILE_IMAGES.coverMin.width}x${PROFILE_IMAGES.coverMin.height}, cropped to 1250x250), written as WebP without metadata; too small answers the notify code \`invalid_img_size\` with the minimum in \`info\`. \`section=del_ava|del_cover\` removes one. Each answers the profile with the new versioned URL.`,
              `At most ${CALLS_PER_TEN_MINUTES} calls per member in ten minutes (429 \`rate_limited\`).`,
            ].join(' '),
            response: memberAnswerSchema,
            failures: [401, 403, 413, 429],
          }),
          consumes: [
            'application/x-www-form-urlencoded',
            'application/json',
            'multipart/form-data',
          ],
          body: {
            type: 'object',
            properties: {
              section: text(
                'get (default), upd, pwd, email, email_cancel, u_ava, u_cover, del_ava, del_cover',
              ),
              ...Object.fromEntries(PROFILE_FIELDS.map((name) => [name, text(`upd: ${name}`)])),
              pwd: text('pwd, email: the current password'),
              email: text('email: the new address'),
              new_pwd: text('pwd: the new password'),
              file: { type: 'string', format: 'binary', description: 'u_ava, u_cover: the image' },
            },
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const viewer = request.viewer;
        if (!viewer) throw new AppError('need_auth');
        if (request.isMultipart()) {
          const { section, data } = await uploadedImage(request);
          const kind = UPLOADS[section] as ProfileImageKind;
          return { success: 1, member: await service.uploadImage(viewer, kind, data) };
        }
        const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
        const section = sectionOf((body as Record<string, unknown>).section);
        const removal = REMOVALS[section];
        if (removal) return { success: 1, member: await service.removeImage(viewer, removal) };
        switch (section) {
          case 'get':
            return { success: 1, member: await service.own(viewer) };
          case 'upd':
            return { success: 1, member: await service.update(viewer, body) };
          case 'pwd':
            await service.changePassword(viewer, formFields(body, ['pwd', 'new_pwd']));
            return { success: 1 };
          case 'email':
            await emails.request(viewer, formFields(body, EMAIL_FIELDS));
            return { success: 1, member: await service.own(viewer) };
          case 'email_cancel':
            await emails.cancel(viewer);
            return { success: 1, member: await service.own(viewer) };
          default:
            // u_ava and u_cover carry a file: only multipart calls can.
            throw AppError.form([{ field: 'file', code: 'required' }]);
        }
      },
    );

    app.get<{ Querystring: { token?: unknown } }>(
      '/api/confirm_email.php',
      {
        schema: {
          summary: 'Confirm a new email address (the link mailed to it)',
          tags: ['members'],
          description:
            'Opens the link of `section=email`: a live token changes the account’s address and is used up; reset links mailed to the old address stop working; sessions stay. Redirects to `/edit/?email=changed` for the member’s own signed-in browser, else to `/signin/?email=changed`; `email=expired` when the token is unknown, used or expired, `email=occupied` when another account took the address meanwhile.',
          querystring: {
            type: 'object',
            properties: { token: { type: 'string', description: 'The mailed token' } },
          },
          response: { 302: { description: 'To the profile or the sign-in page', type: 'null' } },
        },
      },
      async (request, reply) => {
        const token = typeof request.query.token === 'string' ? request.query.token : '';
        const result = await emails.confirm(token);
        const own =
          request.viewer !== null &&
          (result.outcome === 'expired' || request.viewer.userId === result.userId);
        const page = own ? '/edit/' : '/signin/';
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${page}?email=${result.outcome}`, 302);
      },
    );
  };
}
