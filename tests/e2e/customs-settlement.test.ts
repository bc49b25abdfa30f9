// Browser test of the customs settlement (docs/product/customs.md#settled-against-what-customs-charged):
// the administrator opens Aduanas, chooses the departure that carries María's shipment, uploads the
// broker's file, reads the dry run (her line charged), applies it; María opens her notices and reads
// both figures, the estimate and what customs charged. Every amount is the one the server answers.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CUSTOMS_SETTLEMENT_MESSAGES as M, formatUsdCents } from '@casillero/shared';
import { openFromNavigation, DESKTOP, withScreenshotOnFailure } from './screens';
import { DEMO, fieldLabel, signIn, useBrowserSession } from './session';
import { chromiumOrExplain } from './browser';

/** A staff query as the page's session reads it. */
async function query<T>(page: Page, url: string, path: string, input: unknown): Promise<T> {
  const res = await page.request.get(`${url}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(200);
  return body.result.data as T;
}

const chromium = chromiumOrExplain();

describe.skipIf(!chromium)('liquidación de aduana', () => {
  const { url, newPage } = useBrowserSession(chromium, DESKTOP.contextOptions);

  it('el administrador carga el archivo del agente de aduanas y María ve la diferencia con ambas cifras', async () => {
    const admin = await newPage();
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    // The closed departure with María's shipment, and its code.
    const closed = await query<{ rows: { id: string; code: string }[] }>(admin, url(), 'departures.list', {
      status: 'closed',
    });
    let found: { code: string; shipmentCode: string } | null = null;
    for (const d of closed.rows) {
      const detail = await query<{ shipments: { shipmentCode: string; email: string }[] }>(
        admin,
        url(),
        'departures.detail',
        { id: d.id },
      );
      const hers = detail.shipments.find((s) => s.email === DEMO.customer);
      if (hers) found = { code: d.code, shipmentCode: hers.shipmentCode };
    }
    expect(found).not.toBeNull();
    const { code, shipmentCode } = found!;
    const paid = 90_000;

    await withScreenshotOnFailure(admin, 'aduana-liquidacion', async () => {
      await openFromNavigation(admin, 'Panel Admin', 'Aduanas');
      const section = admin.getByRole('region', { name: M.title });
      await section.getByRole('combobox', { name: fieldLabel(M.departure) }).click();
      await admin.getByRole('option', { name: code, exact: true }).click();
      await section.locator('input[type="file"]').setInputFiles({
        name: 'agente.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`guia;monto_usd\n${shipmentCode};900,00\n`, 'utf8'),
      });
      const review = section.getByTestId('liquidacion-revision');
      await review.getByText(M.checked(1, 0)).waitFor();
      const line = review.getByRole('row').filter({ hasText: shipmentCode });
      await line.getByText(formatUsdCents(paid)).waitFor();
      await line.getByText(M.outcomes.charge).waitFor();
      await review.getByRole('button', { name: M.apply }).click();
      await admin.getByText(M.applied(1, 1, 0, 0, 0)).waitFor();
    });

    const maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    await withScreenshotOnFailure(maria, 'aduana-aviso', async () => {
      await maria.goto(`${url()}/dashboard/notificaciones`);
      await maria.getByText(M.noticeTitle(shipmentCode)).first().waitFor();
      await maria
        .getByText(`la aduana cobró ${formatUsdCents(paid)}`, { exact: false })
        .first()
        .waitFor();
      await maria.getByText('se cargó a tu cuenta', { exact: false }).first().waitFor();
    });
  });
});
