// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of client/dist, at the
// strongest settings (done once per build, not per request). The server's @fastify/static
// serves them under `preCompressed` to browsers that accept them. See docs/decisions/014.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = process.env.DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.xml']);
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let raw = 0;
let brotli = 0;
for (const file of files(dist)) {
  if (!TEXT.has(path.extname(file))) continue;
  const content = fs.readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gz = zlib.gzipSync(content, { level: 9 });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  count += 1;
  raw += content.length;
  brotli += br.length;
}
console.log(
  `Precomprimidos ${count} archivos: ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB con brotli (y su copia gzip).`,
);
