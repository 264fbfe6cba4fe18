import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ViteDevServer } from 'vite';
import type { RenderRequest, RenderResult } from '../../web/ssr-types.ts';

// Loads the web app's server entry: the built bundle in production, Vite's module graph in
// development (with hot reload). Also knows which files a page needs from the build manifest.

export const CLIENT_ENTRY = 'src/web/entry-client.tsx';
const SERVER_ENTRY = 'src/web/entry-server.tsx';

export interface PageAssets {
  scripts: string[];
  styles: string[];
  routeAssets(ids: string[]): { styles: string[]; preloads: string[] };
}

export interface PageRenderer {
  assets: PageAssets;
  render(req: RenderRequest): Promise<RenderResult>;
  fixStack(error: unknown): void;
  close(): Promise<void>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** Files a chunk needs: its own JS and CSS plus those of its static imports. */
export function collectChunk(
  manifest: Manifest,
  id: string,
  seen = new Set<string>(),
): { js: string[]; css: string[] } {
  const out = { js: [] as string[], css: [] as string[] };
  const chunk = manifest[id];
  if (!chunk || seen.has(id)) return out;
  seen.add(id);
  out.js.push(`/${chunk.file}`);
  for (const css of chunk.css ?? []) out.css.push(`/${css}`);
  for (const imported of chunk.imports ?? []) {
    const sub = collectChunk(manifest, imported, seen);
    out.js.push(...sub.js);
    out.css.push(...sub.css);
  }
  return out;
}

export function manifestAssets(manifest: Manifest): PageAssets {
  const entrySeen = new Set<string>();
  const entry = collectChunk(manifest, CLIENT_ENTRY, entrySeen);
  const entryFile = entry.js[0];
  if (!entryFile) throw new Error(`the build manifest has no ${CLIENT_ENTRY}`);
  return {
    scripts: [entryFile],
    styles: entry.css,
    routeAssets(ids) {
      const seen = new Set(entrySeen);
      const styles: string[] = [];
      const preloads: string[] = [];
      for (const id of ids) {
        const chunk = collectChunk(manifest, id, seen);
        styles.push(...chunk.css);
        preloads.push(...chunk.js);
      }
      return { styles, preloads };
    },
  };
}

export async function createProdRenderer(distDir: string): Promise<PageRenderer> {
  const manifestPath = path.join(distDir, 'client/.vite/manifest.json');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  } catch {
    throw new Error(`No web build at ${distDir}: run \`npm run build\` first.`);
  }
  const entry = (await import(path.join(distDir, 'server/entry-server.js'))) as {
    render(req: RenderRequest): Promise<RenderResult>;
  };
  return {
    assets: manifestAssets(manifest),
    render: (req) => entry.render(req),
    fixStack: () => {},
    close: async () => {},
  };
}

export async function createDevRenderer(app: FastifyInstance): Promise<PageRenderer> {
  const { createServer } = await import('vite');
  const { default: middie } = await import('@fastify/middie');
  const vite: ViteDevServer = await createServer({
    server: { middlewareMode: true, hmr: { server: app.server } },
    appType: 'custom',
  });
  await app.register(middie);
  app.use(vite.middlewares);
  return {
    assets: {
      scripts: ['/@vite/client', `/${CLIENT_ENTRY}`],
      styles: [],
      routeAssets: () => ({ styles: [], preloads: [] }),
    },
    async render(req) {
      const entry = (await vite.ssrLoadModule(`/${SERVER_ENTRY}`)) as {
        render(r: RenderRequest): Promise<RenderResult>;
      };
      return entry.render(req);
    },
    fixStack: (error) => {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
    },
    close: () => vite.close(),
  };
}
