import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const api = { target: 'http://localhost:3000', changeOrigin: false };

export default defineConfig({
  root: here('.'),
  plugins: [
    // The router plugin must run before react(): it generates src/routeTree.gen.ts and
    // splits every route's component into its own chunk.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./src/routes'),
      generatedRouteTree: here('./src/routeTree.gen.ts'),
    }),
    react(),
  ],
  server: {
    port: 5173,
    proxy: { '/trpc': api, '/api': api, '/files': api, '/healthz': api },
  },
  build: {
    outDir: here('./dist'),
    // The prerender reads it to link each page's route chunks and their CSS (scripts/prerender.mjs).
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // On a phone's slow connection each request costs a round trip (and its headers), and
        // over HTTP/1.1 only six go at once, so fewer, larger files:
        // - the icons in one chunk rather than one per icon;
        // - what the entry imports statically (every page runs it first) in one chunk, instead
        //   of the score of small ones Rolldown splits off where route chunks share a module
        //   with it (35 files for the home page became 17, and fewer bytes).
        // (Grouping Mantine as a whole cut more requests but put the home page over its
        // JavaScript budget.)
        codeSplitting: {
          groups: [
            { name: 'icons', test: /@tabler[\\/]icons-react/ },
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
