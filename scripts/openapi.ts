import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT_DIR } from '../src/server/app.ts';
import { openApiDocument } from '../src/server/openapi-document.ts';

// `npm run openapi`: writes the OpenAPI document of the JSON API to docs/openapi.json, the
// checked-in copy that shows API changes in review (a test fails when it is stale).

const file = path.join(ROOT_DIR, 'docs', 'openapi.json');
await writeFile(file, await openApiDocument());
console.log(`wrote ${path.relative(ROOT_DIR, file)}`);
