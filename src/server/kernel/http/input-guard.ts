import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../../contracts/errors.ts';
import { decodeForm, fieldName, isCleanText } from '../../../contracts/text.ts';

// The one check of text reaching the handlers (decision 0026): the query, the path
// parameters and a parsed body (form or JSON, at any depth) are walked once before any
// handler runs; a value or name holding what contracts/text.ts refuses (U+0000, other C0
// controls, lone surrogates, percent-escapes that are not UTF-8) answers 400
// `invalid_characters` naming the input. Multipart fields are read by their handlers and go
// through the same rule in api/multipart-form.ts. Page routes (`config.pageRoute`) answer
// with the site's error page instead (ssr/pages.ts).

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A page route: it answers hostile input with an HTML page of its own. */
    pageRoute?: boolean;
  }
}

export interface HostileInput {
  where: 'query' | 'params' | 'body';
  field: string;
}

/**
 * The query straight from the URL: Fastify's own parser keeps an undecodable escape as raw
 * text, which would hide it from the character check.
 */
function queryProblem(url: string): string | undefined {
  const q = url.indexOf('?');
  if (q === -1) return undefined;
  const form = decodeForm(url.slice(q + 1));
  if (!form.ok) return form.field;
  for (const [name, value] of form.fields) {
    if (!isCleanText(name) || !isCleanText(value)) return fieldName(name);
  }
  return undefined;
}

/**
 * The URL with every query pair the rule refuses left out (pages: a broken `?promo=100%` of
 * somebody's link should still open the page, without the broken value); undefined when
 * nothing had to go.
 */
export function withoutHostileQuery(url: string): string | undefined {
  const q = url.indexOf('?');
  if (q === -1) return undefined;
  const pairs = url.slice(q + 1).split('&');
  const kept = pairs.filter((pair) => {
    const form = decodeForm(pair);
    return form.ok && form.fields.every(([name, value]) => isCleanText(name) && isCleanText(value));
  });
  if (kept.length === pairs.length) return undefined;
  const rest = kept.filter((pair) => pair !== '').join('&');
  return rest ? `${url.slice(0, q)}?${rest}` : url.slice(0, q);
}

/** The first string (value or key) of a parsed body the rule refuses, as a dotted path. */
function bodyProblem(body: unknown): string | undefined {
  if (typeof body === 'string') return isCleanText(body) ? undefined : 'form';
  if (typeof body !== 'object' || body === null || Buffer.isBuffer(body)) return undefined;
  // Breadth first, in the body's order: the failure names the first field a form shows.
  const queue: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  for (let i = 0; i < queue.length; i++) {
    const { value, path } = queue[i] as { value: unknown; path: string };
    if (typeof value === 'string') {
      if (!isCleanText(value)) return path || 'form';
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        const keyPath = path ? `${path}.${key}` : key;
        if (!isCleanText(key)) return fieldName(keyPath);
        queue.push({ value: inner, path: keyPath });
      }
    }
  }
  return undefined;
}

/** Where a request carries text the site refuses, if it does. */
export function findHostileInput(request: FastifyRequest): HostileInput | undefined {
  const query = queryProblem(request.url);
  if (query !== undefined) return { where: 'query', field: query };
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' && !isCleanText(value)) return { where: 'params', field: name };
  }
  const body = bodyProblem(request.body);
  if (body !== undefined) return { where: 'body', field: body };
  return undefined;
}

/** The failure of hostile input: forms get their per-field `codes` (SPEC.md §7). */
export function hostileInputError(found: HostileInput): AppError {
  return found.where === 'body'
    ? AppError.form([{ field: found.field, code: 'invalid_characters' }])
    : new AppError('invalid_characters', { field: found.field });
}

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (request.routeOptions.config?.pageRoute) return;
      const found = findHostileInput(request);
      if (found) throw hostileInputError(found);
    });
  },
  { name: 'input-guard' },
);
