// Claims (docs/product/claims.md), on María's 390×844 phone: she opens a damaged-item claim from
// Almacén with two photos; customer service asks her for the receipt (the desk's clock pauses),
// she answers; the administrator approves part of it, and María sees the credit in Facturas: what
// she owes drops by the amount approved. Then the administrator insures a shipment of hers from
// 'Crear Envío' (docs/product/insurance.md): the premium is shown and her invoice carries it.
// And the desk approves "2,5" in part, typed with a decimal comma (filled at once, then pasted), on
// two claims of one parcel: each credits $2,50, and the second's drawer shows what the parcel was
// already paid and what is left of its cap (docs/product/claims.md#the-cap-across-claims).
import type { APIRequestContext, Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  CLAIM_KIND_LABELS,
  CLAIM_MESSAGES,
  CLAIM_STATUS_LABELS,
  DEFAULT_INSURANCE_RULE,
  INSURANCE_LABELS,
  WAREHOUSE_MESSAGES,
  formatUsdCents,
  insurancePremiumCents,
} from '@casillero/shared';
import { DEMO, fieldLabel, signIn, useBrowserSession } from './session';
import { DESKTOP, PHONE, expectNoHorizontalScroll, openFromNavigation, withScreenshotOnFailure } from './screens';
import { chromiumOrExplain } from './browser';
import { trpcCaller } from './app-server';

const chromium = chromiumOrExplain();

/** María's parcel received five days ago (the demo's), within the damaged-item window. */
const TRACKING = 'TBA301928374650';
/** María's Michael Kors bag (the demo's), declared at $198,00: a claim on it pays $99,00 at most. */
const BAG = '1Z999AA10198765430';

/** A valid 1×1 PNG: the photos she takes. */
const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function query<T>(request: APIRequestContext, base: string, path: string): Promise<T> {
  const answer = await request.get(`${base}/trpc/${path}`);
  expect(answer.ok(), `${path}: ${answer.status()}`).toBe(true);
  return (await answer.json()).result.data as T;
}
type Balance = { balance: { balanceUsdCents: number } };

/** The whole text pasted from the clipboard into the field, replacing what it had. */
async function paste(field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+A');
  await field.page().evaluate((t) => navigator.clipboard.writeText(t), text);
  await field.press('ControlOrMeta+V');
  await expect.poll(() => field.inputValue()).toBe(text);
}

describe.skipIf(!chromium)('Reclamos en el teléfono de María', () => {
  const { url, newPage } = useBrowserSession(chromium, PHONE.contextOptions);

  it('abre un reclamo por daño con dos fotos, atención pide el recibo, ella responde, el administrador aprueba una parte y ella ve el crédito en Facturas', async () => {
    const maria = await newPage();
    await withScreenshotOnFailure(maria, 'reclamos-maria', async () => {
      await signIn(maria, url(), DEMO.customer, DEMO.password);
      await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      const owedBefore = (await query<Balance>(maria.request, url(), 'billing.mine')).balance.balanceUsdCents;

      await openFromNavigation(maria, 'Mi Cuenta', 'Almacén');
      await maria.getByRole('link', { name: `Abrir reclamo de ${TRACKING}` }).click();
      await maria.waitForURL((u) => u.pathname === '/dashboard/reclamos');
      const form = maria.getByRole('region', { name: 'Abrir reclamo' });
      await form.getByRole('combobox', { name: '¿Qué pasó?' }).click();
      await maria.getByRole('option', { name: CLAIM_KIND_LABELS.damaged }).click();
      await form.getByLabel('Cuéntanos qué pasó').fill('La caja llegó aplastada y el frasco de perfume roto.');
      const files = form.locator('input[type=file]');
      await files.setInputFiles({ name: 'foto1.png', mimeType: 'image/png', buffer: PHOTO_PNG });
      await form.getByRole('button', { name: WAREHOUSE_MESSAGES.photoRemove(1) }).waitFor();
      await files.setInputFiles({ name: 'foto2.png', mimeType: 'image/png', buffer: PHOTO_PNG });
      await form.getByRole('button', { name: WAREHOUSE_MESSAGES.photoRemove(2) }).waitFor();
      await expectNoHorizontalScroll(maria);
      await form.getByRole('button', { name: 'Enviar reclamo' }).click();

      await maria.waitForURL((u) => u.searchParams.has('id'));
      const claimId = new URL(maria.url()).searchParams.get('id')!;
      const detail = maria.getByTestId('claim-detail');
      await detail.getByText(CLAIM_STATUS_LABELS.open).waitFor();
      await expect.poll(() => detail.getByRole('img', { name: 'Foto del reclamo' }).count()).toBe(2);
      await expectNoHorizontalScroll(maria);

      // Customer service asks for the receipt.
      const atencion = await newPage();
      await signIn(atencion, url(), DEMO.atencion, DEMO.password);
      await atencion.waitForURL((u) => u.pathname.startsWith('/admin'));
      await atencion.goto(`${url()}/admin/reclamos?ver=${claimId}`);
      const drawer = atencion.getByRole('dialog', { name: 'Reclamo' });
      await drawer
        .getByLabel('Pedir más información al cliente')
        .fill('Envíanos la foto del recibo de compra, por favor.');
      await drawer.getByRole('button', { name: 'Pedir al cliente' }).click();
      await drawer.getByText('Atención al cliente pidió más información').waitFor();

      // María answers.
      await maria.reload();
      await detail.getByText(CLAIM_STATUS_LABELS.waiting_customer).waitFor();
      await detail.getByText('Envíanos la foto del recibo de compra, por favor.').waitFor();
      await detail.getByLabel('Tu respuesta').fill('Aquí está el recibo de la tienda.');
      await detail.getByRole('button', { name: 'Enviar respuesta' }).click();
      await detail.getByText(CLAIM_STATUS_LABELS.open).waitFor();

      // The administrator approves part of it: $20.00 of the $32.25 allowed (50% of $64.50 declared).
      const admin = await newPage();
      await signIn(admin, url(), DEMO.admin, DEMO.password);
      await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
      await admin.goto(`${url()}/admin/reclamos?ver=${claimId}`);
      const desk = admin.getByRole('dialog', { name: 'Reclamo' });
      await desk.getByTestId('claim-payout-room').getByText(formatUsdCents(3225)).first().waitFor();
      // Her photos, in the desk's words.
      await desk.getByText(CLAIM_MESSAGES.staffPhotos).waitFor();
      expect(await desk.getByText(CLAIM_MESSAGES.customerPhotos).count()).toBe(0);
      await desk.getByText('Aprobar en parte').click();
      await desk.getByLabel('Monto a acreditar (USD)').fill('20');
      await desk.getByRole('button', { name: 'Confirmar decisión' }).click();
      await desk.getByText(CLAIM_STATUS_LABELS.partially_approved).first().waitFor();

      // María sees it in her claim and in Facturas.
      await maria.reload();
      await detail.getByText(CLAIM_STATUS_LABELS.partially_approved).first().waitFor();
      await detail.getByText(`Acreditado: ${formatUsdCents(2000)}`).waitFor();
      await openFromNavigation(maria, 'Mi Cuenta', 'Facturas');
      await maria.getByRole('heading', { name: 'Facturas', level: 1 }).waitFor();
      const owedAfter = owedBefore - 2000;
      const balance = maria.getByRole('region', { name: 'Tu saldo' });
      await balance
        .getByText(
          owedAfter > 0
            ? BILLING_MESSAGES.balanceOwed(formatUsdCents(owedAfter))
            : BILLING_MESSAGES.balanceCredit(formatUsdCents(-owedAfter)),
          { exact: true },
        )
        .waitFor();
      expect((await query<Balance>(maria.request, url(), 'billing.mine')).balance.balanceUsdCents).toBe(owedAfter);
      await expectNoHorizontalScroll(maria);
    });
  });
  it('atención aprueba en parte "2,5" (rellenado y pegado) en dos reclamos de un paquete: $2,50 cada uno, y ve lo pagado y lo disponible', async () => {
    const call = trpcCaller(url);
    const maria = await newPage();
    const atencion = await newPage({ ...DESKTOP.contextOptions, permissions: ['clipboard-read', 'clipboard-write'] });
    await withScreenshotOnFailure(atencion, 'reclamos-coma-decimal', async () => {
      await signIn(maria, url(), DEMO.customer, DEMO.password);
      await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      await signIn(atencion, url(), DEMO.atencion, DEMO.password);
      await atencion.waitForURL((u) => u.pathname.startsWith('/admin'));
      const shelf = await call<{ items: { id: string; trackingNumber: string | null }[] }>(
        maria,
        'packages.mine',
        { search: BAG },
        'GET',
      );
      const bag = shelf.items.find((p) => p.trackingNumber === BAG)!.id;
      const owedBefore = (await query<Balance>(maria.request, url(), 'billing.mine')).balance.balanceUsdCents;
      const openLost = () =>
        call<{ id: string }>(
          maria,
          'claims.open',
          { kind: 'lost', packageId: bag, text: 'El bolso no aparece en mi casillero.', photos: [] },
          'POST',
        );

      /** Opens the claim in the desk, approves "2,5" in part given by `enter`, and answers the drawer. */
      const approveTwoAndAHalf = async (id: string, enter: (field: Locator) => Promise<void>) => {
        await atencion.goto(`${url()}/admin/reclamos?ver=${id}`);
        const desk = atencion.getByRole('dialog', { name: 'Reclamo' });
        await desk.getByText('Aprobar en parte').click();
        const field = desk.getByRole('textbox', { name: 'Monto a acreditar (USD)' });
        await enter(field);
        await field.blur();
        expect(await field.inputValue()).toBe('2,50');
        await desk.getByRole('button', { name: 'Confirmar decisión' }).click();
        await desk.getByText(`Acreditado: ${formatUsdCents(250)}`).waitFor();
        return desk;
      };

      const first = await openLost();
      await approveTwoAndAHalf(first.id, (field) => field.fill('2,5'));

      // "Lost" again, once the first is decided: the drawer shows what was paid and what is left.
      const second = await openLost();
      await atencion.goto(`${url()}/admin/reclamos?ver=${second.id}`);
      const room = atencion.getByRole('dialog', { name: 'Reclamo' }).getByTestId('claim-payout-room');
      await room.getByText(`${CLAIM_MESSAGES.paidOnPackage}: ${formatUsdCents(250)}`).waitFor();
      await room.getByText(`${CLAIM_MESSAGES.payoutLeft}: ${formatUsdCents(9900 - 250)}`).waitFor();
      await approveTwoAndAHalf(second.id, (field) => paste(field, '2,5'));

      // María was credited $2,50 twice: she sees it on the claim, and owes $5,00 less.
      await maria.goto(`${url()}/dashboard/reclamos?id=${second.id}`);
      await maria
        .getByTestId('claim-detail')
        .getByText(`Acreditado: ${formatUsdCents(250)}`)
        .waitFor();
      expect((await query<Balance>(maria.request, url(), 'billing.mine')).balance.balanceUsdCents).toBe(
        owedBefore - 500,
      );
    });
  });

  it("el administrador asegura un envío de María en 'Crear Envío': ve la prima, y la factura la lleva", async () => {
    const admin = await newPage(DESKTOP.contextOptions);
    // The demo's Nike shoes ($129.99) and T-fal pans ($59.99), on María's shelf.
    const insured = 129_99 + 59_99;
    const premium = insurancePremiumCents(insured, DEFAULT_INSURANCE_RULE);
    let code = '';
    await withScreenshotOnFailure(admin, 'reclamos-envio-asegurado', async () => {
      await signIn(admin, url(), DEMO.admin, DEMO.password);
      await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
      await admin.goto(`${url()}/admin/envios`);
      await admin.getByRole('button', { name: 'Crear Envío' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Crear Envío' });
      const customer = dialog.getByRole('combobox', { name: fieldLabel('Cliente') });
      await customer.click();
      await customer.fill('maria@casillero');
      await admin
        .getByRole('option', { name: /maria@casillero\.test/ })
        .first()
        .click();
      await expect
        .poll(() => dialog.getByRole('combobox', { name: fieldLabel('Destinatario') }).inputValue())
        .toMatch(/^María Fernanda González/);
      const picker = dialog.getByLabel('Paquetes disponibles');
      await picker.getByRole('checkbox', { name: /1Z999AA10155512345/ }).check();
      await picker.getByRole('checkbox', { name: /TBA301122334455/ }).check();
      await dialog.getByRole('textbox', { name: 'Costo de envío (USD)' }).fill('40');
      await dialog.getByRole('switch', { name: INSURANCE_LABELS.switch }).check({ force: true });
      await dialog
        .getByTestId('shipment-insurance')
        .getByText(INSURANCE_LABELS.staffPremium(formatUsdCents(premium), formatUsdCents(insured)))
        .waitFor();
      await dialog.getByRole('button', { name: 'Crear Envío' }).click();
      const created = admin
        .locator('.mantine-Notification-root')
        .filter({ hasText: 'Envío creado exitosamente' })
        .first();
      await created.waitFor();
      code = /SH\d{8}/.exec((await created.textContent()) ?? '')![0];
    });

    // María's invoice for it carries the premium as its own line.
    const maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    const { invoices } = await query<{
      invoices: { shipmentCode: string | null; lines: { kind?: string; description: string; usdCents: number }[] }[];
    }>(maria.request, url(), 'billing.mine');
    const invoice = invoices.find((i) => i.shipmentCode === code);
    expect(invoice?.lines).toContainEqual({
      kind: 'insurance',
      description: INSURANCE_LABELS.invoiceLine(code, formatUsdCents(insured)),
      usdCents: premium,
    });
  });
});
