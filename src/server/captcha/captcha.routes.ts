import type { FastifyInstance } from 'fastify';
import { captchaChallengeSchema } from '../../contracts/captcha.schema.ts';
import { CAPTCHA_ACTIONS, CAPTCHA_PATH, isCaptchaAction } from '../../contracts/captcha.ts';
import { AppError } from '../../contracts/errors.ts';
import { describe } from '../kernel/http/openapi.ts';
import type { CaptchaService } from './captcha.service.ts';

// The captcha's challenge (SPEC.md §7 "a captcha with action login"; decision 0023). Making
// one costs two hashes and no query, so it needs no limit of its own: the work is the
// visitor's.

export function captchaRoutes(deps: { captcha: CaptchaService }) {
  return async (app: FastifyInstance) => {
    app.get<{ Querystring: { action?: unknown } }>(
      CAPTCHA_PATH,
      {
        schema: describe({
          summary: 'A proof-of-work captcha challenge',
          tags: ['accounts'],
          description: [
            `\`action\`: what the proof will be for (${CAPTCHA_ACTIONS.join(', ')}); any other answers 400 \`invalid_params\`. Never cached.`,
            'The client finds the `number` (0 to `maxnumber`) whose SHA-256 of `salt` followed by the number in decimal is `challenge`,',
            'and sends base64 of the JSON `{algorithm, challenge, number, salt, signature}` as the form field `captcha`.',
            'A proof works once, for its action, within 10 minutes of the challenge; otherwise the form answers `captcha_invalid` (field `captcha`).',
          ].join(' '),
          querystring: { action: { description: CAPTCHA_ACTIONS.join(', '), required: true } },
          response: captchaChallengeSchema,
        }),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { action } = request.query;
        if (!isCaptchaAction(action)) throw new AppError('invalid_params', { field: 'action' });
        return deps.captcha.challenge(action);
      },
    );
  };
}
