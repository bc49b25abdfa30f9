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
    emptyOutDir: true,
  },
});
