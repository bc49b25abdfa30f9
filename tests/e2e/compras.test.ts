// Compra asistida (docs/product/compra-asistida.md), on María's 390×844 phone: she asks us to buy
// two items for her Miami casillero; customer service quotes; she accepts and pays the invoice by
// Pago Móvil in bolívares from Facturas; the cashier approves; customer service records the
// purchase with the store's receipt and the carrier's tracking; María sees the pre-alert with the
// store's receipt as its invoice. On the way the store is out of one item: atención marks it,
// María cancels it and sees its share back as credit. Everyone works on their own screens: María
// on her phone, atención at /admin/compras and the cashier at /admin/pagos on a desktop.
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  COMPRA_MESSAGES,
  COMPRA_STATUS_LABELS,
  PAYMENT_MESSAGES,
  compraItemShare,
  formatUsdFromCents,
  formatVesCentimos,
} from '@casillero/shared';
import { DEMO, fieldLabel, signIn, useBrowserSession } from './session';
import {
  DESKTOP,
  PHONE,
  expectNoHorizontalScroll,
  listRows,
  openFromNavigation,
  responsiveList,
  withScreenshotOnFailure,
} from './screens';
import { chromiumOrExplain } from './browser';

const chromium = chromiumOrExplain();

/** A valid 1×1 PNG: the payment receipt and the store's receipt. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function read<T>(request: APIRequestContext, base: string, path: string, input: unknown): Promise<T> {
  const answer = await request.get(`${base}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()).result.data as T;
}

type Detail = {
  id: string;
  code: string;
  userId: string;
  itemsUsdCents: number;
  salesTaxUsdCents: number;
  shippingUsdCents: number;
  feeUsdCents: number;
  items: { id: string; name: string; quantity: number; quotedPriceUsdCents: number }[];
  invoice: { number: string; vesCentimos: number } | null;
};

/** Staff work on a desktop. */
const STAFF_SCREEN = { ...DESKTOP.contextOptions, isMobile: false, hasTouch: false };

async function staffSignIn(page: Page, base: string, email: string) {
  await signIn(page, base, email, DEMO.password);
  await page.waitForURL((u) => u.pathname.startsWith('/admin'));
}

/**
 * Atención opens the request's drawer: the first time from the menu and the desk's list, found by
 * its code; later by loading the desk again (its address keeps the search and the open request).
 */
async function openCompra(page: Page, code: string, first = false) {
  const drawer = page.getByRole('dialog', { name: 'Compra asistida' });
  if (first) {
    await openFromNavigation(page, 'Panel Admin', 'Compras');
    await page.waitForURL((u) => u.pathname === '/admin/compras');
    await page.getByRole('textbox', { name: 'Buscar' }).fill(code);
    await page.waitForURL((u) => u.searchParams.get('q') === code);
    await page
      .getByRole('button', { name: `Ver ${code}` })
      .first()
      .click();
  } else {
    await page.reload();
  }
  await drawer.getByText(code).first().waitFor();
  return drawer;
}

describe.skipIf(!chromium)('Compra asistida en el teléfono de María', () => {
  const { url, newPage } = useBrowserSession(chromium, PHONE.contextOptions);

  it('pide dos productos, atención cotiza, paga con Pago Móvil en bolívares, caja aprueba, un artículo se agota y ella lo cancela con saldo a favor, atención compra y registra el tracking, y ella ve la prealerta con el recibo de la tienda', async () => {
    const maria = await newPage();
    const atencion = await newPage(STAFF_SCREEN);
    const caja = await newPage(STAFF_SCREEN);
    const tracking = `1ZCOMPRA${Date.now().toString(36).toUpperCase()}`;
    await withScreenshotOnFailure(maria, 'compras-maria', async () => {
      await signIn(maria, url(), DEMO.customer, DEMO.password);
      await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      await openFromNavigation(maria, 'Mi Cuenta', 'Compras');
      await maria.waitForURL((u) => u.pathname === '/dashboard/compras');

      // Two items to her Miami casillero.
      await maria.getByRole('button', { name: 'Nueva solicitud de compra' }).click();
      const form = maria.getByRole('region', { name: 'Nueva solicitud de compra' });
      await form.getByRole('combobox', { name: 'Casillero de destino' }).click();
      await maria.getByRole('option', { name: /Miami/ }).first().click();
      const first = form.getByRole('group', { name: 'Producto 1' });
      await first.getByLabel('Enlace del producto').fill('https://www.amazon.com/dp/B0CAMISA01');
      await first.getByLabel('Nombre').fill('Camisa de lino');
      await first.getByLabel('Opciones (talla, color)').fill('Talla M, blanca');
      await first.getByLabel('Cantidad').fill('2');
      await first.getByLabel('Precio que ves (USD)').fill('25');
      await form.getByRole('button', { name: 'Agregar otro producto' }).click();
      const second = form.getByRole('group', { name: 'Producto 2' });
      await second.getByLabel('Enlace del producto').fill('https://www.amazon.com/dp/B0AUDIFONO');
      await second.getByLabel('Nombre').fill('Audífonos');
      await second.getByLabel('Precio que ves (USD)').fill('40');
      await expectNoHorizontalScroll(maria);
      await form.getByRole('button', { name: 'Enviar solicitud' }).click();
      await maria.waitForURL((u) => u.searchParams.has('id'));
      const id = new URL(maria.url()).searchParams.get('id')!;
      const card = maria.getByTestId('compra-detail');
      await card.getByText(COMPRA_STATUS_LABELS.requested).waitFor();

      const code = (await read<Detail>(maria.request, url(), 'compras.detail', { id })).code;

      // Customer service quotes it on the desk: the prices confirmed as seen, $5 of sales tax, $7 of shipping.
      await withScreenshotOnFailure(atencion, 'compras-atencion-cotiza', async () => {
        await staffSignIn(atencion, url(), DEMO.atencion);
        const drawer = await openCompra(atencion, code, true);
        const quote = drawer.getByRole('region', { name: 'Cotizar' });
        await quote.getByLabel('Impuesto de la tienda (sales tax)').fill('5');
        await quote.getByLabel('Envío de la tienda a nuestro almacén').fill('7');
        await quote.getByRole('button', { name: 'Enviar cotización' }).click();
        await atencion.getByText(COMPRA_MESSAGES.quoted(code)).waitFor();
        await drawer.getByText(COMPRA_STATUS_LABELS.quoted).first().waitFor();
      });

      // María sees the quote and accepts it: an invoice to pay in Facturas.
      await maria.reload();
      await card.getByText(COMPRA_STATUS_LABELS.quoted).waitFor();
      await card.getByText('Total').waitFor();
      await card.getByRole('button', { name: 'Aceptar y pagar' }).click();
      await card.getByText(COMPRA_STATUS_LABELS.accepted).waitFor();
      const accepted = await read<Detail>(maria.request, url(), 'compras.detail', { id });
      expect(accepted.invoice).not.toBeNull();
      await card.getByRole('link', { name: 'Pagar en Facturas' }).click();
      await maria.waitForURL((u) => u.pathname === '/dashboard/facturas');

      // Pago Móvil, in bolívares: the amount is what the invoice owes at its frozen rate.
      const row = listRows(responsiveList(maria, 'Tus facturas')).filter({ hasText: accepted.code });
      await row.getByRole('button', { name: 'Reportar pago' }).click();
      const dialog = maria.getByRole('dialog', { name: 'Reportar pago' });
      await dialog.getByText(`Factura ${accepted.invoice!.number}`).waitFor();
      await dialog.getByRole('radio', { name: /^Pago Móvil/ }).click();
      const amount = dialog.getByLabel(fieldLabel('Monto pagado en Bs.'));
      await expect.poll(() => amount.inputValue()).toBe(formatVesCentimos(accepted.invoice!.vesCentimos));
      const reference = `PMC${Date.now().toString(36).toUpperCase()}`;
      await dialog.getByLabel(fieldLabel('Referencia')).fill(reference);
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: 'pago-movil.png', mimeType: 'image/png', buffer: PNG });
      await dialog.getByRole('img', { name: 'Vista previa del comprobante' }).waitFor();
      await dialog.getByRole('button', { name: 'Reportar pago' }).click();
      await dialog.waitFor({ state: 'detached' });
      await maria.getByText(PAYMENT_MESSAGES.reportedMessage).waitFor();

      // The cashier approves it on the payments screen: the purchase is paid.
      await withScreenshotOnFailure(caja, 'compras-caja-aprueba', async () => {
        await staffSignIn(caja, url(), DEMO.caja);
        await openFromNavigation(caja, 'Panel Admin', 'Pagos');
        await caja.waitForURL((u) => u.pathname === '/admin/pagos');
        await caja.getByRole('textbox', { name: 'Buscar' }).fill(reference);
        await caja.waitForURL((u) => u.searchParams.get('q')?.replace(/"/g, '') === reference);
        const row = caja.getByRole('row').filter({ hasText: reference });
        await row.getByRole('button', { name: /Ver Detalles/ }).click();
        const details = caja.getByRole('dialog', { name: 'Detalles del Pago' });
        await details.getByText(reference).waitFor();
        await details
          .getByRole('radiogroup', { name: 'Estado del pago' })
          .getByRole('radio', { name: 'Aprobado' })
          .check();
        await details.getByRole('button', { name: 'Actualizar Pago' }).click();
        await caja.getByText('Pago actualizado').waitFor();
      });
      // María, back in Compras (as from the notice's link), sees it paid.
      await maria.goto(`${url()}/dashboard/compras?id=${id}`);
      await card.getByText(COMPRA_STATUS_LABELS.paid, { exact: true }).waitFor();

      // The store has no headphones: atención marks them out of stock, with a note for María.
      await withScreenshotOnFailure(atencion, 'compras-atencion-agotado', async () => {
        const drawer = await openCompra(atencion, code);
        const issue = drawer.getByRole('region', { name: 'Artículo con problema' });
        await issue.getByRole('combobox', { name: 'Artículo' }).click();
        await atencion.getByRole('option', { name: 'Audífonos' }).click();
        await issue.getByRole('radio', { name: 'Agotado' }).check();
        await issue.getByLabel('Nota para el cliente').fill('La tienda ya no tiene estos audífonos.');
        await issue.getByRole('button', { name: 'Avisar al cliente' }).click();
        await atencion.getByText(COMPRA_MESSAGES.issueMarked).waitFor();
        // The purchase waits for María's choice.
        await drawer.getByText(COMPRA_MESSAGES.issuePending).waitFor();
      });

      // María cancels the headphones: their share of what she paid comes back as credit.
      const paid = await read<Detail>(maria.request, url(), 'compras.detail', { id });
      const headphones = paid.items.find((i) => i.name === 'Audífonos');
      const share = compraItemShare(
        {
          itemsUsdCents: paid.itemsUsdCents,
          salesTaxUsdCents: paid.salesTaxUsdCents,
          shippingUsdCents: paid.shippingUsdCents,
          feeUsdCents: paid.feeUsdCents,
        },
        headphones!.quotedPriceUsdCents * headphones!.quantity,
      );
      await maria.reload();
      const item = card.getByRole('listitem', { name: 'Audífonos' });
      await item.getByText('La tienda ya no tiene estos audífonos.').waitFor();
      // Out of stock: only cancelling is offered.
      expect(await item.getByRole('button', { name: 'Aceptar el nuevo precio' }).count()).toBe(0);
      await item.getByRole('button', { name: 'Cancelar este artículo' }).click();
      const credit = formatUsdFromCents(share.totalUsdCents);
      // The notice says it, and so does the item.
      await maria.getByText(COMPRA_MESSAGES.itemCancelled(credit)).first().waitFor();
      await item.getByText(`Artículo cancelado: ${credit} quedó como saldo a favor.`).waitFor();
      await expect.poll(() => item.getByRole('button', { name: 'Cancelar este artículo' }).count()).toBe(0);
      await expectNoHorizontalScroll(maria);

      // Customer service buys the shirts: the order number, the amount the store charged (the quote
      // less the headphones' share), the store's receipt; then the carrier's tracking.
      await withScreenshotOnFailure(atencion, 'compras-atencion-compra', async () => {
        const drawer = await openCompra(atencion, code);
        const purchase = drawer.getByRole('region', { name: 'Registrar la compra' });
        const expected = paid.itemsUsdCents + paid.salesTaxUsdCents + paid.shippingUsdCents - share.storeUsdCents;
        await purchase.getByText(`Total de la tienda esperado: ${formatUsdFromCents(expected)}`).waitFor();
        await purchase.getByLabel('Número de pedido de la tienda').fill('112-5550001-0000001');
        await purchase
          .locator('input[type="file"]')
          .setInputFiles({ name: 'recibo-amazon.png', mimeType: 'image/png', buffer: PNG });
        await purchase.getByRole('button', { name: 'Registrar compra' }).click();
        await atencion.getByText(COMPRA_MESSAGES.purchased).waitFor();
        const trackings = drawer.getByRole('region', { name: 'Trackings de la tienda' });
        await trackings.getByLabel('Transportista').fill('UPS');
        await trackings.getByLabel('Números de tracking (separados por coma)').fill(tracking);
        await trackings.getByRole('button', { name: 'Registrar trackings' }).click();
        await atencion.getByText(COMPRA_MESSAGES.trackingsAdded(1)).waitFor();
        await drawer.getByText(COMPRA_STATUS_LABELS.shipped).first().waitFor();
      });

      // María sees the purchase shipped, its tracking and the store's receipt…
      // (She opens Compras again later: a fresh load, as after a notification.)
      await maria.goto(`${url()}/dashboard/compras`);
      // The card's name is what it shows, its code first (axe: the visible text in the name).
      await maria.getByRole('button', { name: new RegExp(`^${accepted.code}`) }).click();
      await card.getByText(COMPRA_STATUS_LABELS.shipped).waitFor();
      await card.getByText(tracking).waitFor();
      await card.getByRole('link', { name: 'Ver el recibo de la tienda' }).waitFor();
      await expectNoHorizontalScroll(maria);
      // …and its pre-alert, with the store's receipt as its invoice.
      await card.getByRole('link', { name: 'Ver mis prealertas' }).click();
      await maria.waitForURL((u) => u.pathname === '/dashboard/prealertas');
      const prealert = maria.getByRole('article', { name: `Prealerta ${tracking}` });
      await prealert.getByRole('button', { name: 'Ver factura' }).waitFor();
    });
  });
});
