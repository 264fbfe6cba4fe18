import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Two builds from one config: `vite build` makes the browser bundle (dist/client, with a
// manifest the server reads), `vite build --ssr` the server entry (dist/server).
export default defineConfig(({ isSsrBuild }) => ({
  publicDir: 'src/web/public',
  plugins: [react()],
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
        sourcemap: true,
        target: 'es2022',
        // Decision 0036: no dependency lists of the lazy chunks in the entry (the server
        // preloads a page's chunks itself), and short chunk names, for the first-paint budget.
        modulePreload: false,
        rollupOptions: {
          input: 'src/web/entry-client.tsx',
          output: { chunkFileNames: 'assets/[hash].js' },
        },
      },
}));
