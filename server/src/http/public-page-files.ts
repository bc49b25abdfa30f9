// The prerendered public pages as the server sends them: the build's file with the server's head
// (public-head.ts: absolute URLs from APP_URL, so the build's precompressed copies cannot be
// used), made and compressed once per process, on the page's first visit.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_SHELL_FILE, type PrerenderedPage } from '@casillero/shared';
import { publicHead, withPublicHead } from './public-head';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type PreparedPage = { html: string; br: Buffer; gzip: Buffer; etag: string };

/** A page's HTML, compressed as the build compresses its files (client/scripts/precompress.mjs). */
export async function preparePage(html: string): Promise<PreparedPage> {
  const [br, gz] = await Promise.all([
    brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip(html, { level: 9 }),
  ]);
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  return { html, br, gzip: gz, etag };
}

/**
 * Each prerendered page with the server's head, made on first use and kept; with `fromShell`,
 * the app shell with that page's head instead (a page the browser renders whose link preview is
 * that public page's: a tracking number's answer previews as /rastreo).
 */
export function publicPageFiles(clientDist: string, appUrl: string) {
  const pages = new Map<string, Promise<PreparedPage>>();
  return (page: PrerenderedPage, { fromShell = false } = {}): Promise<PreparedPage> => {
    const key = `${fromShell ? 'shell:' : ''}${page.path}`;
    let prepared = pages.get(key);
    if (!prepared) {
      prepared = fs.promises
        .readFile(path.join(clientDist, fromShell ? APP_SHELL_FILE : page.file), 'utf8')
        .then((html) => preparePage(withPublicHead(html, publicHead(page, appUrl))));
      pages.set(key, prepared);
      // A failure (the file missing) is not kept: the next visit tries again.
      prepared.catch(() => pages.delete(key));
    }
    return prepared;
  };
}

/** Sends a prepared page in the encoding the browser accepts, revalidated on every visit. */
export function sendPreparedPage(req: FastifyRequest, reply: FastifyReply, page: PreparedPage, status = 200) {
  reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding');
  if (status === 200 && req.headers['if-none-match'] === page.etag) return reply.status(304).send();
  reply.status(status).type('text/html; charset=utf-8');
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}
