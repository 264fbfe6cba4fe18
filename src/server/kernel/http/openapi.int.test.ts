import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../app.ts';
import { openApiDocument } from '../../openapi-document.ts';

describe('OpenAPI document', () => {
  it('is checked in up to date (run `npm run openapi` after changing a route)', async () => {
    const generated = await openApiDocument();
    const checkedIn = await readFile(path.join(ROOT_DIR, 'docs', 'openapi.json'), 'utf8');
    expect(JSON.parse(checkedIn)).toEqual(JSON.parse(generated));
  });

  it('documents every JSON call with its response and failure shapes', async () => {
    const document = JSON.parse(await openApiDocument()) as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    const paths = Object.keys(document.paths);
    for (const call of [
      '/api/json/videos2/{lifetime}/{gender}/{sort}/{count}/{tail}',
      '/api/json/video/{lifetime}/{e6}/{e3}/{file}',
      '/api/videofile.php',
    ]) {
      expect(paths).toContain(call);
      const get = document.paths[call]?.get;
      expect(Object.keys(get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400']));
    }
  });
});
