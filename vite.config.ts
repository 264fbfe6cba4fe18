import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * With `cssCodeSplit: false` Vite writes one stylesheet but names it in no chunk of the
 * manifest; this lists it as the entry's, where the server looks for a page's styles.
 */
function entryStylesheet(): Plugin {
  return {
    name: 'afterglow:entry-stylesheet',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const sheets = Object.values(bundle).filter(
        (file) => file.type === 'asset' && file.fileName.endsWith('.css'),
      );
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.isEntry) continue;
        for (const sheet of sheets) file.viteMetadata?.importedCss.add(sheet.fileName);
      }
    },
  };
}

/**
 * Vite wraps every dynamic import in its preload helper, which first loads the chunk's
 * stylesheets and dependencies. Here a chunk has neither (`cssCodeSplit: false`, one
 * stylesheet in the entry; `modulePreload: false`, decision 0036), so the helper is a
 * pass-through and its code (0.7 KB compressed) need not be in every first load.
 */
function passThroughPreload(): Plugin {
  return {
    name: 'afterglow:pass-through-preload',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      if (config.build.cssCodeSplit || config.build.modulePreload !== false) {
        throw new Error('passThroughPreload needs cssCodeSplit and modulePreload off');
      }
    },
    load: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler: () => 'export const __vitePreload = (load) => load();',
    },
    // Each call's list of dependencies, which Vite writes in at the end, is not asked for
    // (blanked, not cut, so the source maps keep their columns).
    renderChunk: (code) =>
      code.includes('__VITE_PRELOAD__')
        ? {
            code: code.replace(/, __VITE_PRELOAD__/g, (marker) => ' '.repeat(marker.length)),
            map: null, // nothing moved: the chunk's map stays right
          }
        : null,
  };
}

// Two builds from one config: `vite build` makes the browser bundle (dist/client, with a
// manifest the server reads), `vite build --ssr` the server entry (dist/server).
export default defineConfig(({ isSsrBuild }) => ({
  publicDir: 'src/web/public',
  plugins: [react(), entryStylesheet(), ...(isSsrBuild ? [] : [passThroughPreload()])],
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        rollupOptions: { input: 'src/web/entry-server.tsx' },
        emptyOutDir: true,
        sourcemap: true,
        copyPublicDir: false,
      }
    : {
        outDir: 'dist/client',
        manifest: true,
        emptyOutDir: true,
        // Maps are written for the operator's error reports but not named in the chunks: a
        // visitor's browser never fetches them, and the comment cost each chunk its bytes.
        sourcemap: 'hidden',
        target: 'es2022',
        // Decision 0036: no dependency lists of the lazy chunks in the entry (the server
        // preloads a page's chunks itself), and short chunk names, for the first-paint budget.
        modulePreload: false,
        cssCodeSplit: false,
        rollupOptions: {
          input: 'src/web/entry-client.tsx',
          output: {
            chunkFileNames: 'assets/[hash].js',
            // Everything the entry imports stays in the entry's file (decision 0061): without
            // this group Rolldown puts what the lazy screens share with it (React, the
            // QueryClientProvider, Vite's preload helper) in small chunks of their own.
            codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
          },
        },
      },
}));
