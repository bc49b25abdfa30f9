// The customer's Facturas in bolívares (docs/decisions/021-billing-in-bolivares.md): María sees her balance and her invoices in $
// and Bs. at the rate of the day each was issued (never today's), reports part of a pending
// invoice with Pago Móvil (its bank details on screen, the phone copied with one tap, the amount
// prefilled in Bs.), sees the report in review and downloads the invoice's PDF; once the cashier
// approves it the invoice is partly paid and says what is still owed in both currencies.
// On a desktop and on a 390 px phone, where each invoice is a card with its status and actions.
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  DEMO_PAYMENT_METHODS,
  INVOICE_STATUS_LABELS,
  PAYMENT_MESSAGES,
  formatRate,
  formatUsdCents,
  formatVesCentimos,
  usdCentsToVesCentimos,
  vesCentimosToUsdCents,
} from '@casillero/shared';
import { DEMO, fieldLabel, signIn, useBrowserSession } from './session';
import {
  SCREEN_PROFILES,
  expectNoHorizontalScroll,
  expectWithinViewportWidth,
  listRows,
  openFromNavigation,
  responsiveList,
  withScreenshotOnFailure,
} from './screens';
import { chromiumOrExplain } from './browser';

const chromium = chromiumOrExplain();

/** A valid 1×1 PNG: the receipt image. */
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** María's tracking ready to ship: the demo has its shipping invoice pending, not yet reported. */
const READY_TRACKING = '781234567890';
const PAGO_MOVIL = DEMO_PAYMENT_METHODS.find((m) => m.kind === 'pago_movil')!;

type ApiInvoice = {
  id: string;
  number: string;
  status: 'pending' | 'partial' | 'paid' | 'void';
  description: string;
  usdCents: number;
  vesCentimos: number | null;
  vesPerUsd: string | null;
  rateDate: string | null;
  issueDate: string;
  remainingUsdCents: number;
  remainingVesCentimos: number | null;
  rateIsEarlier: boolean;
  canReport: boolean;
};
type ApiBilling = {
  invoices: ApiInvoice[];
  balance: { balanceUsdCents: number; owedVesCentimos: number; owedWithoutRateUsdCents: number };
};

/** A tRPC query as the signed-in page's own request context asks it (its session cookie). */
async function query<T>(request: APIRequestContext, base: string, path: string): Promise<T> {
  const answer = await request.get(`${base}/trpc/${path}`);
  expect(answer.ok(), `${path}: ${answer.status()}`).toBe(true);
  return (await answer.json()).result.data as T;
}

const day = (iso: string) => iso.split('-').reverse().join('/');

describe.skipIf(!chromium).each(SCREEN_PROFILES)('Facturas en dólares y bolívares ($name)', (profile) => {
  const { url, newPage } = useBrowserSession(chromium, profile.contextOptions);
  const shot = (name: string) => `${name}-${profile.name}`;

  const invoiceRows = (page: Page) => listRows(responsiveList(page, 'Tus facturas'));
  const shippingInvoice = (page: Page) => invoiceRows(page).filter({ hasText: READY_TRACKING });

  async function openFacturas(page: Page) {
    await signIn(page, url(), DEMO.customer, DEMO.password);
    await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    await openFromNavigation(page, 'Mi Cuenta', 'Facturas');
    await page.getByRole('heading', { name: 'Facturas', level: 1 }).waitFor();
  }

  // Shared by the journey's steps: the reference of her report.
  const reference = `PM${Date.now().toString(36).toUpperCase()}`;
  let reportedVesCentimos = 0;

  it('ve su saldo y sus facturas en $ y Bs. con la tasa del día de emisión, y reporta un pago parcial con Pago Móvil', async () => {
    const page = await newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url() });
    await withScreenshotOnFailure(page, shot('facturas-bolivares'), async () => {
      await openFacturas(page);
      const billing = await query<ApiBilling>(page.request, url(), 'billing.mine');
      const invoice = billing.invoices.find((i) => i.description.includes(READY_TRACKING));
      expect(invoice, 'the demo must have María’s pending shipping invoice for 781234567890').toBeDefined();
      const { vesPerUsd, rateDate } = invoice!;
      expect(vesPerUsd, 'the demo invoice was issued with a rate').not.toBeNull();
      expect(invoice!.status).toBe('pending');
      expect(invoice!.canReport).toBe(true);
      // Issued days ago at that day's rate: its Bs. are the frozen rate's, not today's.
      expect(rateDate).toBe(invoice!.issueDate);
      const frozenVes = usdCentsToVesCentimos(invoice!.usdCents, vesPerUsd!);
      expect(invoice!.vesCentimos).toBe(frozenVes);

      // The balance: what she owes in $, and in Bs. at each open invoice's own rate.
      const balance = page.getByRole('region', { name: 'Tu saldo' });
      expect(billing.balance.balanceUsdCents).toBeGreaterThan(0);
      await balance
        .getByText(BILLING_MESSAGES.balanceOwed(formatUsdCents(billing.balance.balanceUsdCents)), { exact: true })
        .waitFor();
      const openVes = billing.invoices
        .filter((i) => i.status === 'pending' || i.status === 'partial')
        .reduce((sum, i) => sum + (i.remainingVesCentimos ?? 0), 0);
      // The same figure staff read in her account (one figure for one debt), summed by the server.
      expect(billing.balance.owedVesCentimos).toBe(openVes);
      await balance
        .getByText(
          BILLING_MESSAGES.owedInBolivares(
            formatVesCentimos(openVes),
            billing.balance.owedWithoutRateUsdCents > 0
              ? formatUsdCents(billing.balance.owedWithoutRateUsdCents)
              : null,
          ),
          { exact: true },
        )
        .waitFor();

      // The invoice: its number, its date, the total in both currencies and the rate it used.
      const row = shippingInvoice(page);
      await row.getByText(invoice!.number, { exact: true }).waitFor();
      await row.getByText(day(invoice!.issueDate), { exact: true }).waitFor();
      await row
        .getByText(`${formatUsdCents(invoice!.usdCents)} · ${formatVesCentimos(frozenVes)}`, { exact: true })
        .waitFor();
      await row.getByText(BILLING_MESSAGES.rateUsed(formatRate(vesPerUsd!), day(rateDate!)), { exact: true }).waitFor();
      expect(await row.getByText(BILLING_MESSAGES.rateNotToday(day(rateDate!))).count()).toBe(0);
      // Status and action in sight, on a phone too, with nothing to scroll sideways.
      await expectWithinViewportWidth(row.getByText(INVOICE_STATUS_LABELS.pending, { exact: true }));
      await expectWithinViewportWidth(row.getByRole('button', { name: 'Reportar pago' }));
      await expectNoHorizontalScroll(page);

      // Reportar pago: the methods, and Pago Móvil's details to pay with.
      await row.getByRole('button', { name: 'Reportar pago' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reportar pago' });
      await dialog.getByText(`Factura ${invoice!.number}`).waitFor();
      await dialog.getByRole('radio', { name: /^Zelle/ }).waitFor();
      await dialog.getByRole('radio', { name: /^Pago Móvil/ }).click();
      const details = dialog.getByRole('region', { name: 'Datos para pagar con Pago Móvil' });
      for (const value of Object.values(PAGO_MOVIL.details)) await details.getByText(value, { exact: true }).waitFor();
      await details.getByText(PAGO_MOVIL.instructions!).waitFor();
      // One tap copies the phone, and the button says so.
      await details.getByRole('button', { name: 'Copiar Teléfono' }).click();
      await details.getByRole('button', { name: 'Teléfono: Copiado' }).getByText('Copiado', { exact: true }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PAGO_MOVIL.details.phone);

      // The amount is in Bs., prefilled with what is still owed at the invoice's rate.
      const amount = dialog.getByLabel(fieldLabel('Monto pagado en Bs.'));
      await expect.poll(() => amount.inputValue()).toBe(formatVesCentimos(invoice!.remainingVesCentimos!));
      // She paid about half of it.
      reportedVesCentimos = Math.floor(invoice!.remainingVesCentimos! / 200) * 100;
      await amount.fill(String(reportedVesCentimos / 100));
      await amount.blur();
      await expect.poll(() => amount.inputValue()).toBe(formatVesCentimos(reportedVesCentimos));
      await dialog.getByLabel(fieldLabel('Referencia')).fill(reference);

      // Without the receipt the report is refused before anything is sent.
      await dialog.getByRole('button', { name: 'Reportar pago' }).click();
      await dialog.getByText(PAYMENT_MESSAGES.receiptRequired).waitFor();
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: 'pago-movil.png', mimeType: 'image/png', buffer: RECEIPT_PNG });
      await dialog.getByRole('img', { name: 'Vista previa del comprobante' }).waitFor();
      await dialog.getByRole('button', { name: 'Reportar pago' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(PAYMENT_MESSAGES.reportedMessage).waitFor();

      // The invoice waits for the review; no second report meanwhile.
      await shippingInvoice(page).getByText('Pago reportado: en revisión').waitFor();
      expect(await shippingInvoice(page).getByRole('button', { name: 'Reportar pago' }).count()).toBe(0);
      // Her report in the history, in bolívares, in review.
      const reported = listRows(responsiveList(page, 'Mis pagos')).filter({ hasText: reference });
      await reported.getByText(formatVesCentimos(reportedVesCentimos), { exact: true }).waitFor();
      await expectWithinViewportWidth(reported.getByText(/: en revisión$/));
      await reported.getByText('Pago Móvil', { exact: true }).waitFor();
      await expectNoHorizontalScroll(page);

      // The invoice's PDF.
      const pdfLink = shippingInvoice(page).getByRole('link', {
        name: `Descargar PDF de la factura ${invoice!.number}`,
      });
      await expectWithinViewportWidth(pdfLink);
      expect(await pdfLink.getAttribute('target')).toBe('_blank');
      const pdf = await page.request.get(new URL((await pdfLink.getAttribute('href'))!, url()).toString());
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });
  });

  it('aprobado el pago, la factura queda con pago parcial y dice lo que falta en $ y Bs.', async () => {
    expect(reportedVesCentimos).toBeGreaterThan(0);
    // The cashier approves the report (through the API: the admin screens have their own tests).
    const cashier = (await newPage()).context().request;
    const signedIn = await cashier.post(`${url()}/trpc/auth.signIn`, {
      data: { email: DEMO.caja, password: DEMO.password },
    });
    expect(signedIn.ok()).toBe(true);

    const page = await newPage();
    await withScreenshotOnFailure(page, shot('facturas-pago-parcial'), async () => {
      await openFacturas(page);
      const payments = await query<{ id: string; paymentReference: string | null }[]>(
        page.request,
        url(),
        'payments.mine',
      );
      const payment = payments.find((p) => p.paymentReference === reference);
      expect(payment).toBeDefined();
      const reviewed = await cashier.post(`${url()}/trpc/payments.review`, {
        data: { id: payment!.id, status: 'completed' },
      });
      expect(reviewed.ok(), await reviewed.text()).toBe(true);

      const billing = await query<ApiBilling>(page.request, url(), 'billing.mine');
      const invoice = billing.invoices.find((i) => i.description.includes(READY_TRACKING))!;
      // The Bs. paid count at the invoice's frozen rate; the rest is owed in both currencies.
      const paidUsd = vesCentimosToUsdCents(reportedVesCentimos, invoice.vesPerUsd!);
      const remainingUsd = invoice.usdCents - paidUsd;
      expect(invoice.status).toBe('partial');
      expect(invoice.remainingUsdCents).toBe(remainingUsd);
      const remainingVes = Math.round((invoice.vesCentimos! * remainingUsd) / invoice.usdCents);
      expect(invoice.remainingVesCentimos).toBe(remainingVes);

      await page.reload();
      const row = shippingInvoice(page);
      await expectWithinViewportWidth(row.getByText(INVOICE_STATUS_LABELS.partial, { exact: true }));
      await row
        .getByText(`Falta por pagar: ${formatUsdCents(remainingUsd)} · ${formatVesCentimos(remainingVes)}`, {
          exact: true,
        })
        .waitFor();
      // The rest can be reported now, prefilled with what is still owed.
      await expectWithinViewportWidth(row.getByRole('button', { name: 'Reportar pago' }));
      await page
        .getByRole('region', { name: 'Tu saldo' })
        .getByText(BILLING_MESSAGES.balanceOwed(formatUsdCents(billing.balance.balanceUsdCents)), { exact: true })
        .waitFor();
      await row.getByRole('button', { name: 'Reportar pago' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reportar pago' });
      await dialog.getByRole('radio', { name: /^Zelle/ }).click();
      await expect
        .poll(() => dialog.getByLabel(fieldLabel('Monto pagado en USD')).inputValue())
        .toBe(formatUsdCents(remainingUsd));
    });
  });
});
