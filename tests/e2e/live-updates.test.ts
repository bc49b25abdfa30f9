// Browser test of live updates (docs/product/messages-and-notifications.md#live-updates): María has Mis Trackings open; the
// administrator changes the status of one of her trackings; without a reload her page shows the
// new status and her bell counts one more unread notification, within seconds (the bell's own
// polling is once a minute, so only the live stream can do it this fast).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumOrExplain } from './browser';
import { DEMO, openPage, signIn, useBrowserSession, landedInCustomerArea } from './session';
import { withScreenshotOnFailure } from './screens';

const chromium = chromiumOrExplain();

/** How long the change may take to show: "within seconds". */
const LIVE_WITHIN_MS = 5_000;

describe.skipIf(!chromium)('actualizaciones en vivo en el navegador', () => {
  const { url, newPage } = useBrowserSession(chromium);
  let admin: Page;

  /** A tRPC procedure over HTTP as a signed-in browser calls it (no transformer: the input is the JSON). */
  async function call<T>(page: Page, path: string, input: unknown, method: 'GET' | 'POST'): Promise<T> {
    const res =
      method === 'POST'
        ? await page.request.post(`${url()}/trpc/${path}`, { data: input, headers: { origin: url() } })
        : await page.request.get(
            `${url()}/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          );
    const body = await res.json();
    expect(res.status(), JSON.stringify(body)).toBe(200);
    return body.result.data as T;
  }

  beforeAll(async () => {
    admin = await newPage();
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
  });

  it('María ve el nuevo estado de su tracking y la campana sin recargar la página', async () => {
    const maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL(landedInCustomerArea);
    await withScreenshotOnFailure(maria, 'en-vivo-mis-trackings', async () => {
      // The page opens its live stream as it loads: the change below must come after it.
      const streamOpen = maria.waitForResponse((r) => new URL(r.url()).pathname === '/trpc/live.events');
      await openPage(maria, `${url()}/dashboard/mis-trackings`);
      expect((await streamOpen).headers()['content-type']).toContain('text/event-stream');

      const trackings = await call<{ id: string; trackingNumber: string; status: string }[]>(
        maria,
        'trackings.mine',
        undefined,
        'GET',
      );
      const tracking = trackings.find((t) => t.status !== 'problem' && t.status !== 'delivered')!;
      expect(tracking, 'María tiene un tracking en curso en los datos demo').toBeDefined();
      const card = maria
        .getByRole('list', { name: 'Trackings' })
        .getByRole('listitem')
        .filter({ hasText: tracking.trackingNumber });
      await card.waitFor();
      expect(await card.textContent()).not.toContain('Problema');

      // The header's bell, once its count has loaded (the menu's link is just 'Notificaciones').
      const bell = maria.getByRole('link', { name: /^Notificaciones: / });
      await bell.waitFor();
      const unreadBefore = unreadIn(await bell.getAttribute('aria-label'));
      // Marks this document: a reload would make a new one without it.
      await maria.evaluate(() => ((window as unknown as { sinRecargar: boolean }).sinRecargar = true));

      await call(
        admin,
        'trackings.updateStatus',
        { id: tracking.id, status: 'problem', message: 'Caja dañada en el transporte' },
        'POST',
      );

      await expect.poll(() => card.textContent(), { timeout: LIVE_WITHIN_MS }).toContain('Problema');
      await expect
        .poll(async () => unreadIn(await bell.getAttribute('aria-label')), { timeout: LIVE_WITHIN_MS })
        .toBe(unreadBefore + 1);
      expect(await maria.evaluate(() => (window as unknown as { sinRecargar?: boolean }).sinRecargar)).toBe(true);
    });
  });
});

/** The unread count the bell's label says ('Notificaciones: 3 sin leer', '…: ninguna sin leer'). */
function unreadIn(label: string | null): number {
  const match = label?.match(/(\d+) sin leer/);
  return match ? Number(match[1]) : 0;
}
