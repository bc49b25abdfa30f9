// Compra asistida (docs/product/compra-asistida.md), on María's 390×844 phone: she asks us to buy
// two items for her Miami casillero; customer service quotes; she accepts and pays the invoice by
// Pago Móvil in bolívares from Facturas; the cashier approves; customer service records the
// purchase with the store's receipt and the carrier's tracking; María sees the pre-alert with the
// store's receipt as its invoice. The staff's steps go through the API (their screens are
// covered by the server tests); María's through her screens.
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COMPRA_STATUS_LABELS, PAYMENT_MESSAGES, formatVesCentimos } from '@casillero/shared';
import {
  DEMO,
  PHONE,
  chromiumOrExplain,
  expectNoHorizontalScroll,
  fieldLabel,
  listRows,
  openFromNavigation,
  responsiveList,
  signIn,
  useBrowserSession,
  withScreenshotOnFailure,
} from './helpers';

const chromium = chromiumOrExplain();

/** A valid 1×1 PNG: the payment receipt and the store's receipt. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function signedInApi(request: APIRequestContext, base: string, email: string) {
  const answer = await request.post(`${base}/trpc/auth.signIn`, { data: { email, password: DEMO.password } });
  expect(answer.ok(), await answer.text()).toBe(true);
}
async function call<T>(request: APIRequestContext, base: string, path: string, data: unknown): Promise<T> {
  const answer = await request.post(`${base}/trpc/${path}`, { headers: { origin: base }, data });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()).result.data as T;
}
async function read<T>(request: APIRequestContext, base: string, path: string, input: unknown): Promise<T> {
  const answer = await request.get(`${base}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()).result.data as T;
}

type Detail = {
  id: string;
  code: string;
  userId: string;
  items: { id: string; customerPriceUsdCents: number }[];
  invoice: { number: string; vesCentimos: number } | null;
};

describe.skipIf(!chromium)('Compra asistida en el teléfono de María', () => {
  const { url, newPage } = useBrowserSession(chromium, PHONE.contextOptions);

  it('pide dos productos, atención cotiza, paga con Pago Móvil en bolívares, caja aprueba, atención compra y registra el tracking, y ella ve la prealerta con el recibo de la tienda', async () => {
    const maria = await newPage();
    const atencion = (await newPage()).context().request;
    const caja = (await newPage()).context().request;
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

      // Customer service quotes it: the prices confirmed, $5 of sales tax, $7 of shipping.
      await signedInApi(atencion, url(), DEMO.atencion);
      const asked = await read<Detail>(atencion, url(), 'compras.adminDetail', { id });
      await call(atencion, url(), 'compras.quote', {
        id,
        items: asked.items.map((i) => ({ id: i.id, priceUsdCents: i.customerPriceUsdCents })),
        salesTaxUsdCents: 500,
        shippingUsdCents: 700,
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

      // The cashier approves it: the purchase is paid.
      await signedInApi(caja, url(), DEMO.caja);
      const payments = await read<{ id: string; paymentReference: string | null }[]>(
        maria.request,
        url(),
        'payments.mine',
        undefined,
      );
      const payment = payments.find((p) => p.paymentReference === reference)!;
      await call(caja, url(), 'payments.review', { id: payment.id, status: 'completed' });

      // Customer service buys: the order number, the final amount, the store's receipt; then the tracking.
      const upload = await atencion.post(`${url()}/api/files`, {
        headers: { origin: url() },
        multipart: {
          kind: 'invoice',
          ownerUserId: accepted.userId,
          file: { name: 'recibo-amazon.png', mimeType: 'image/png', buffer: PNG },
        },
      });
      expect(upload.status(), await upload.text()).toBe(201);
      const receipt = (await upload.json()) as { id: string };
      await call(atencion, url(), 'compras.recordPurchase', {
        id,
        storeOrderNumber: '112-5550001-0000001',
        finalUsdCents: 2 * 2_500 + 4_000 + 500 + 700,
        receiptFileId: receipt.id,
      });
      await call(atencion, url(), 'compras.addTrackings', { id, carrier: 'UPS', trackingNumbers: [tracking] });

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
