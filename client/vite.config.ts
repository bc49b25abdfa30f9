import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { theme } from './src/theme';
import { cssVariablesResolver } from './src/theme-css-variables';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const API_TARGET = 'http://localhost:3000';
const DEV_PORT = 5173;
/**
 * The API behind the dev server. A browser on this page sends `Origin: http://localhost:5173`,
 * which the server's cross-site check (rightly) does not know; the proxy presents this page's own
 * requests as the server's origin, and passes any other origin on untouched.
 */
const api = {
  target: API_TARGET,
  changeOrigin: false,
  configure: (proxy: {
    on(
      event: 'proxyReq',
      listener: (
        proxyReq: { setHeader(name: string, value: string): void },
        req: { headers: Record<string, string | string[] | undefined> },
      ) => void,
    ): void;
  }) => {
    const devOrigins = new Set(['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${DEV_PORT}`));
    proxy.on('proxyReq', (proxyReq, req) => {
      if (typeof req.headers.origin === 'string' && devOrigins.has(req.headers.origin))
        proxyReq.setHeader('origin', API_TARGET);
    });
  },
};

/**
 * `virtual:mantine-theme.css`: the CSS variables of our theme and Mantine's responsive classes,
 * exactly as MantineProvider would write them into a <style> element on every start, rendered
 * here once at build time into the entry's stylesheet (the provider is told not to). On a
 * phone's CPU that is work taken off every page's first render (docs/decisions/014-prerendered-and-compressed.md), and the browser
 * parses the stylesheet while the scripts are still arriving.
 */
function mantineThemeCss(): Plugin {
  const id = 'virtual:mantine-theme.css';
  const resolved = `\0${id}`;
  return {
    name: 'casillero:mantine-theme-css',
    resolveId: (source) => (source === id ? resolved : undefined),
    load(moduleId) {
      if (moduleId !== resolved) return undefined;
      const html = renderToStaticMarkup(createElement(MantineProvider, { theme, cssVariablesResolver }));
      const rules = Array.from(html.matchAll(/<style data-mantine-styles[^>]*>([\s\S]*?)<\/style>/g), (m) => m[1]);
      if (rules.length === 0) throw new Error('MantineProvider no escribió sus variables CSS');
      return rules.join('\n');
    },
  };
}

/**
 * Marks the entry chunk with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome
 * 136+): nearly all of it (React, the router, Mantine's core, the app's frame) runs on every
 * start, so V8 compiles it on a background thread while the file streams in instead of function
 * by function on the main thread as each is first called. On a phone's CPU that took ~150 ms
 * off the main thread of a repeat visit that has no code cache yet (decision 014). Written
 * after the bundle (the hint must open the file, before what Vite prepends), browser build only.
 */
function compileHintForEntry(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'casillero:compile-hint-for-entry',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry || !options.dir) continue;
        const file = path.join(options.dir, chunk.fileName);
        fs.writeFileSync(file, HINT + fs.readFileSync(file, 'utf8'));
      }
    },
  };
}

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
    mantineThemeCss(),
    compileHintForEntry(),
  ],
  // The server bundle (vite build --ssr) carries its dependencies: the server imports it at run
  // time (docs/decisions/033-server-rendered-signed-in-pages.md), where only the server's own
  // packages are installed (the production image).
  ssr: { noExternal: true },
  server: {
    port: DEV_PORT,
    proxy: { '/trpc': api, '/api': api, '/files': api, '/healthz': api },
  },
  build: {
    outDir: here('./dist'),
    // The prerender reads it to link each page's route chunks and their CSS (scripts/prerender.mjs).
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      // @trpc/client does not say its modules are free of side effects, so the bundle kept its
      // WebSocket client, which the app never uses (its links are HTTP), in every page's entry.
      // Its modules only define things; undefined leaves every other package to its own word.
      treeshake: {
        moduleSideEffects: (id) => (/[\\/]@trpc[\\/]client[\\/]/.test(id) ? false : undefined),
      },
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
