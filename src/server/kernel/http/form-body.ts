import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../../contracts/errors.ts';
import { decodeForm } from '../../../contracts/text.ts';

// Form bodies: browsers post `application/x-www-form-urlencoded` (src/web/api/client.ts
// postForm), as the network's forms do. Values arrive as strings; JSON bodies work too.
// Both are read as strict UTF-8 (decision 0026): bytes that are not UTF-8, raw or
// percent-encoded, are refused as `invalid_characters` instead of becoming U+FFFD.

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function strictText(body: Buffer): string | undefined {
  try {
    return utf8.decode(body);
  } catch {
    return undefined;
  }
}

const notText = (field: string) => AppError.form([{ field, code: 'invalid_characters' }]);

export default fp(
  async (app: FastifyInstance) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'buffer' },
      (_request, body, done) => {
        const text = strictText(body as Buffer);
        if (text === undefined) return done(notText('form'), undefined);
        const form = decodeForm(text);
        if (!form.ok) return done(notText(form.field), undefined);
        done(null, Object.fromEntries(form.fields));
      },
    );

    const json = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      const text = strictText(body as Buffer);
      if (text === undefined) return done(notText('form'), undefined);
      // Fastify's own parser (proto-poisoning checks included) answers through `done`.
      void json(request, text, done);
    });
  },
  { name: 'form-body' },
);

/** Form fields as strings; anything that is not a string (arrays, objects) counts as empty. */
export function formFields<K extends string>(
  body: unknown,
  names: readonly K[],
): Record<K, string> {
  const source = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const out = {} as Record<K, string>;
  for (const name of names) {
    const value = source[name];
    out[name] = typeof value === 'string' ? value.slice(0, 1000) : '';
  }
  return out;
}
