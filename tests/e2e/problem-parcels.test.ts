// Problem parcels in the browser (docs/product/problem-parcels.md): staff hold one of María's
// parcels as "Sin factura" with an extra charge and find it, with every customer's open problems,
// under 'Con problema' in Gestión de Paquetes; María, on a phone, finds it in Acción requerida
// (Almacén) next to the demo's parcel without a declared value, chooses to pay the charge and
// continue, and finds the invoice in Facturas.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DECLARED_VALUE_LABELS,
  PROBLEM_CHOICE_LABELS,
  PROBLEM_LIST_FILTER_LABELS,
  PROBLEM_MESSAGES as M,
  formatUsdCents,
} from '@casillero/shared';
import { chromiumOrExplain } from './browser';
import { DEMO, fieldLabel, openPage, signIn, useBrowserSession } from './session';
import { DESKTOP, PHONE, withScreenshotOnFailure } from './screens';

const chromium = chromiumOrExplain();
const NOTE = 'La aduana pide la factura de compra; la tramitamos nosotros.';

describe.skipIf(!chromium)('paquetes con problemas: retenido sin factura, el cliente paga y continúa', () => {
  const { url, newPage } = useBrowserSession(chromium);

  /** A tRPC procedure over HTTP as the signed-in page calls it (no transformer: the input is the JSON). */
  async function call<T>(page: Page, path: string, input: unknown): Promise<T> {
    const res = await page.request.get(`${url()}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
    const body = await res.json();
    expect(res.status(), JSON.stringify(body)).toBe(200);
    return body.result.data as T;
  }

  /** Picks an option of a Mantine Select inside `scope` (its options open in a portal of the page). */
  async function choose(page: Page, scope: Locator, combobox: string, option: string) {
    await scope.getByRole('combobox', { name: fieldLabel(combobox) }).click();
    await page.getByRole('option', { name: option }).first().click();
  }

  it('el almacén retiene un paquete sin factura con un cargo; María paga y continúa desde el teléfono', async () => {
    const maria = await newPage(PHONE.contextOptions);
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    const { items } = await call<{
      items: {
        id: string;
        status: string;
        shipmentId: string | null;
        warehouseReceipt: string | null;
        trackingNumber: string | null;
        estimatedValueUsdCents: number | null;
      }[];
    }>(maria, 'packages.mine', {});
    const shelf = items.filter((p) => (p.status === 'received' || p.status === 'in_warehouse') && !p.shipmentId);
    const onShelf = shelf.find((p) => p.estimatedValueUsdCents !== null && p.trackingNumber);
    expect(onShelf, 'María tiene un paquete en el almacén').toBeTruthy();
    // The demo gives her one without a declared value, to confirm in Acción requerida.
    const undeclared = shelf.find((p) => p.estimatedValueUsdCents === null);
    expect(undeclared?.warehouseReceipt, 'María tiene un paquete sin valor declarado').toBeTruthy();

    const admin = await newPage(DESKTOP.contextOptions);
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    await withScreenshotOnFailure(admin, 'problema-marcar', async () => {
      await admin.goto(`${url()}/admin/paquetes?ver=${onShelf!.id}`);
      const drawer = admin.getByRole('dialog', { name: 'Detalles del paquete' });
      await drawer.getByRole('button', { name: 'Marcar problema' }).click();
      const form = admin.getByRole('dialog', { name: 'Marcar problema' });
      await choose(admin, form, 'Motivo', 'Sin factura');
      await form.getByRole('textbox', { name: fieldLabel('Nota para el cliente') }).fill(NOTE);
      await form.getByRole('textbox', { name: fieldLabel('Cargo adicional para continuar (USD)') }).fill('12.50');
      await form.getByRole('button', { name: 'Marcar problema' }).click();
      await form.waitFor({ state: 'hidden' });
      await drawer.getByText('Esperando al cliente').waitFor();
    });

    // Every customer's open problems: Gestión de Paquetes, filter 'Problema' → 'Con problema'.
    await withScreenshotOnFailure(admin, 'problema-lista', async () => {
      await admin.goto(`${url()}/admin/paquetes`);
      await admin.getByRole('heading', { name: 'Gestión de Paquetes' }).waitFor();
      await choose(admin, admin.locator('body'), 'Problema', PROBLEM_LIST_FILTER_LABELS.open);
      await admin.waitForURL((u) => u.searchParams.get('problema') === 'open');
      const row = admin.getByRole('row').filter({ hasText: onShelf!.trackingNumber! });
      await row.getByText('Esperando al cliente').waitFor();
      await row.getByText('Sin factura', { exact: false }).waitFor();
      await row.getByRole('button', { name: `Ver detalles de ${onShelf!.trackingNumber}` }).click();
      await admin.waitForURL((u) => u.searchParams.get('ver') === onShelf!.id);
      await admin.getByRole('dialog', { name: 'Detalles del paquete' }).waitFor();
    });

    const price = formatUsdCents(1250);
    await withScreenshotOnFailure(maria, 'problema-elegir', async () => {
      await openPage(maria, `${url()}/dashboard/almacen`);
      await maria.getByRole('heading', { name: M.sectionTitle }).waitFor();
      await maria.getByText(DECLARED_VALUE_LABELS.sectionItem(undeclared!.warehouseReceipt!)).waitFor();
      const card = maria.locator('[aria-label^="Paquete retenido"]').first();
      await card.getByText(NOTE).waitFor();
      await card.getByText('Sin factura').first().waitFor();
      // The flag allows the three choices; the charge is on its button.
      for (const label of [PROBLEM_CHOICE_LABELS.return_to_seller, PROBLEM_CHOICE_LABELS.dispose])
        await card.getByRole('button', { name: new RegExp(`^${label}`) }).waitFor();
      const pay = `${PROBLEM_CHOICE_LABELS.pay_and_continue} (${price})`;
      await card.getByRole('button', { name: pay }).click();
      const confirm = maria.getByRole('dialog');
      await confirm.getByText(M.confirmChoice(pay)).waitFor();
      await confirm.getByRole('button', { name: 'Confirmar' }).click();
      await maria.getByText(M.decided.pay_and_continue).waitFor();
      // The held parcel leaves Acción requerida; the declared value still waits there.
      await card.waitFor({ state: 'detached' });
      await maria.getByText(DECLARED_VALUE_LABELS.sectionItem(undeclared!.warehouseReceipt!)).waitFor();
    });

    const [problem] = await call<{ state: string; invoiceNumber: string | null }[]>(admin, 'problemParcels.ofPackage', {
      packageId: onShelf!.id,
    });
    expect(problem!.state).toBe('resolved');
    expect(problem!.invoiceNumber).toMatch(/^F-\d{4}-\d{6}$/);
    await withScreenshotOnFailure(maria, 'problema-factura', async () => {
      await openPage(maria, `${url()}/dashboard/facturas`);
      await maria.getByText(problem!.invoiceNumber!).first().waitFor();
    });
  });
});
