// `npm run build -w server`: the server as plain JavaScript for `node` (docs/decisions/017).
// esbuild bundles the entry points with the workspace packages (@casillero/shared is TypeScript
// source) inlined; every npm package stays an import of node_modules, as installed by
// `npm ci --omit=dev` (native @node-rs/argon2 and PGlite's wasm files load from there).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(serverDir, 'dist');

/** Bare imports are external, except this repository's own workspaces. */
const externalPackages = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@casillero/') ? undefined : { path: args.path, external: true },
    );
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
const result = await build({
  absWorkingDir: serverDir,
  entryPoints: [
    'src/main.ts',
    'src/cli/migrate.ts',
    'src/cli/seed.ts',
    'src/cli/admin-create.ts',
    'src/cli/create-bucket.ts',
  ],
  outbase: 'src',
  outdir,
  bundle: true,
  // Code the entry points share goes to chunks/ once rather than into each bundle.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'node',
  // The oldest Node in engines (22.12): the bundle uses no syntax it lacks.
  target: 'node22.12',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  plugins: [externalPackages],
  metafile: true,
  logLevel: 'warning',
});

const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
const total = outputs.reduce((sum, [, output]) => sum + output.bytes, 0);
for (const [file, output] of outputs) {
  if (output.entryPoint)
    console.log(`  ${path.relative(serverDir, path.resolve(serverDir, file))}  ${kb(output.bytes)}`);
}
console.log(
  `Servidor compilado en ${path.relative(process.cwd(), outdir) || outdir} (${outputs.length} archivos, ${kb(total)}) en ${Date.now() - started} ms`,
);
