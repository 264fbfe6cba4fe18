import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A stand-in web build in `root`, for tests of what the server does around a page render:
 * the client manifest the server reads its assets from, and a server entry whose module text
 * is `entry` (it must export `async function render(req)`; `PassThrough` is imported for it).
 */
export async function stubWebBuild(root: string, entry: string): Promise<void> {
  await mkdir(path.join(root, 'client/.vite'), { recursive: true });
  await mkdir(path.join(root, 'server'), { recursive: true });
  await writeFile(
    path.join(root, 'client/.vite/manifest.json'),
    JSON.stringify({ 'src/web/entry-client.tsx': { file: 'entry.js', isEntry: true } }),
  );
  await writeFile(path.join(root, 'server/package.json'), '{"type":"module"}');
  await writeFile(
    path.join(root, 'server/entry-server.js'),
    `import { PassThrough } from 'node:stream';\n${entry}`,
  );
}
