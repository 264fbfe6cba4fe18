import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { apiFailureSchema } from '../../../contracts/errors.schema.ts';
import { z } from '../../../contracts/zod.ts';

// The OpenAPI 3.1 document is generated from the contract schemas (src/contracts): each
// route describes itself with `describe()`. Fastify uses these schemas for documentation
// only: input is parsed with zod inside the route (one schema, one set of error codes) and
// output is written with JSON.stringify, so a schema can never silently drop a field.

type ZodLike = z.ZodType;

export interface RouteDoc {
  summary: string;
  tags: string[];
  description?: string;
  /** Path parameters, all strings in the path grammar. */
  params?: Record<string, string>;
  querystring?: Record<string, { description: string; required?: boolean }>;
  response: ZodLike;
  /** Extra documented failures besides 400/404. */
  failures?: number[];
}

function toJsonSchema(schema: ZodLike): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any' });
  delete json.$schema;
  return json as Record<string, unknown>;
}

const failureJson = toJsonSchema(apiFailureSchema);

export function describe(doc: RouteDoc): FastifySchema {
  const response: Record<number, unknown> = {
    200: { description: 'OK', ...toJsonSchema(doc.response) },
    400: { description: 'Bad input', ...failureJson },
    404: { description: 'Not found', ...failureJson },
  };
  for (const status of doc.failures ?? [])
    response[status] = { description: 'Failure', ...failureJson };
  const schema: FastifySchema = {
    summary: doc.summary,
    tags: doc.tags,
    response,
  };
  if (doc.description) schema.description = doc.description;
  if (doc.params) {
    schema.params = {
      type: 'object',
      properties: Object.fromEntries(
        Object.entries(doc.params).map(([name, description]) => [
          name,
          { type: 'string', description },
        ]),
      ),
      required: Object.keys(doc.params),
    };
  }
  if (doc.querystring) {
    schema.querystring = {
      type: 'object',
      properties: Object.fromEntries(
        Object.entries(doc.querystring).map(([name, q]) => [
          name,
          { type: 'string', description: q.description },
        ]),
      ),
      required: Object.entries(doc.querystring)
        .filter(([, q]) => q.required)
        .map(([name]) => name),
    };
  }
  return schema;
}

/** Registers the document (`/api/docs/json`) and its browsable UI (`/api/docs/`). */
export async function registerOpenApi(app: FastifyInstance, info: { siteName: string }) {
  // Schemas document; zod validates inside routes and JSON.stringify writes responses.
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${info.siteName} JSON API`,
        version: '1.0.0',
        description:
          'The read and write calls of the site (SPEC.md §7, API-CONTRACT.md). Counts and ids travel as strings. Failures carry `error` and `code`.',
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/**
 * The body of a form call as the OpenAPI document shows it: string fields by name with what
 * each is, sent form-encoded (as the site's pages post) or as JSON.
 */
export function formBody(fields: Record<string, string>) {
  return {
    consumes: ['application/x-www-form-urlencoded', 'application/json'],
    body: {
      type: 'object',
      properties: Object.fromEntries(
        Object.entries(fields).map(([name, description]) => [
          name,
          { type: 'string', description },
        ]),
      ),
    },
  };
}
