// Public pages that show what an administrator changes (the FAQ's answer on what may not travel,
// from the travel rules in effect): prerendered at build time like every public page, and drawn
// again by the server, with the same components (server-bundle.ts), whenever what their live
// queries answer differs from their last drawing (`liveQueries` in shared/src/public-pages.ts).
// A rule version that starts tomorrow shows from its first minute, with no build. The answers
// are asked as a visitor nobody knows asks them, so the page is nobody's and the same for all.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { PRERENDERED_PAGES, SERVER_DATA_ID, type PrerenderedPage } from '@casillero/shared';
import type { Config } from '../env';
import { publicHead, withPublicHead } from './public-head';
import { lazyServerBundle } from './server-bundle';

/** A public query by its procedure path, as a visitor without a session asks it. */
export type PublicQuery = (path: string) => Promise<unknown>;

const LIVE_PAGES = new Map<string, PrerenderedPage>(
  PRERENDERED_PAGES.filter((page) => page.liveQueries?.length).map((page) => [page.path, page]),
);

/** Whether the server draws this page path again when its data changes. */
export const isLivePublicPage = (urlPath: string) => LIVE_PAGES.has(urlPath);

/** The paths of the pages the server draws again. */
export const LIVE_PUBLIC_PAGE_PATHS = [...LIVE_PAGES.keys()];

/** The prerendered root and its data, which a new drawing replaces; the rest of the file (head, links) stays. */
const ROOT_AND_DATA = new RegExp(
  `<div id="root">[\\s\\S]*</div><script type="application/json" id="${SERVER_DATA_ID}">[\\s\\S]*?</script>`,
);

type Drawing = { html: string; etag: string };

export function livePublicPages(config: Config, publicQuery: PublicQuery) {
  const loadBundle = lazyServerBundle(config.clientDist);
  /** The last drawing of each page and the answers it was drawn with (a promise: concurrent visits after a change draw it once). */
  const drawings = new Map<string, { answers: string; drawing: Promise<Drawing> }>();

  async function draw(req: FastifyRequest, page: PrerenderedPage, answers: [string, unknown][]): Promise<Drawing> {
    const bundle = await loadBundle(req.log);
    if (typeof bundle?.render !== 'function') throw new Error('El bundle del servidor no exporta render');
    const drawn = await bundle.render(page.renderUrl ?? page.path, answers);
    const prerendered = await fs.promises.readFile(path.join(config.clientDist, page.file), 'utf8');
    if (!ROOT_AND_DATA.test(prerendered)) throw new Error(`${page.file}: sin raíz prerenderizada`);
    const html = withPublicHead(
      prerendered.replace(
        ROOT_AND_DATA,
        () =>
          `<div id="root">${drawn.html}</div><script type="application/json" id="${SERVER_DATA_ID}">${drawn.data}</script>`,
      ),
      // Its structured data says what the page now shows (the FAQ's rules in effect).
      publicHead(page, config.appUrl, answers),
    );
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    return { html, etag };
  }

  /**
   * The page drawn with today's answers, with its ETag; null when anything fails, for the caller
   * to send the prerendered file as before.
   */
  return async function current(req: FastifyRequest, urlPath: string): Promise<{ html: string; etag: string } | null> {
    const page = LIVE_PAGES.get(urlPath);
    if (!page) return null;
    try {
      const answers = await Promise.all(
        page.liveQueries!.map(
          async (procedure): Promise<[string, unknown]> => [procedure, await publicQuery(procedure)],
        ),
      );
      const key = JSON.stringify(answers);
      let last = drawings.get(urlPath);
      if (last?.answers !== key) {
        const fresh = { answers: key, drawing: draw(req, page, answers) };
        drawings.set(urlPath, fresh);
        // A failed drawing is not kept: the next visit tries again.
        fresh.drawing.catch(() => {
          if (drawings.get(urlPath) === fresh) drawings.delete(urlPath);
        });
        last = fresh;
      }
      return await last.drawing;
    } catch (err) {
      req.log.error({ err, url: req.url }, 'Error al dibujar de nuevo una página pública; va la prerenderizada');
      return null;
    }
  };
}
