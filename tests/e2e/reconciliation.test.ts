// Conciliación bancaria in the browser (docs/decisions/021-billing-in-bolivares.md): María reports paying one of her pending
// invoices by Pago Móvil; the cashier uploads the bank's statement at /admin/conciliacion, sees
// María's movement as "Coincide" (and a transfer nobody reported as such), approves the match with
// one click and sees it "Aprobado"; María's invoice is then paid. The transfer nobody reported is
// María's too: the cashier assigns it to her as credit on account, and María's credit grows.
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RECONCILIATION_MESSAGES as M, RECONCILIATION_STATE_LABELS as STATE, formatDate } from '@casillero/shared';
import {
  DEMO,
  chromiumOrExplain,
  fieldLabel,
  openFromNavigation,
  signIn,
  useBrowserSession,
  withScreenshotOnFailure,
} from './helpers';

const chromium = chromiumOrExplain();

/** A valid 1×1 PNG: the receipt image. */
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

type ApiInvoice = {
  id: string;
  number: string;
  status: string;
  canReport: boolean;
  openPaymentId: string | null;
  remainingVesCentimos: number | null;
};
type ApiMethod = { id: string; kind: string };

/** Bs. céntimos as the bank's CSV writes them: 1234,56. */
const bs = (centimos: number) => `${Math.trunc(centimos / 100)},${String(centimos % 100).padStart(2, '0')}`;
const today = () => formatDate(new Date());

describe.skipIf(!chromium)('conciliación bancaria', () => {
  const { url, newPage } = useBrowserSession(chromium);

  /** A tRPC query as the signed-in page's own request context asks it (its session cookie). */
  async function query<T>(request: APIRequestContext, path: string): Promise<T> {
    const answer = await request.get(`${url()}/trpc/${path}`);
    expect(answer.ok(), `${path}: ${answer.status()}`).toBe(true);
    return (await answer.json()).result.data as T;
  }

  /** María reports paying a pending invoice in full by Pago Móvil, as her Facturas page sends it. */
  async function mariaReportsPagoMovil(maria: Page, reference: string) {
    const { invoices } = await query<{ invoices: ApiInvoice[] }>(maria.request, 'billing.mine');
    const invoice = invoices.find((i) => i.canReport && i.remainingVesCentimos);
    expect(invoice, 'the demo must have an invoice of María’s to pay in Bs.').toBeDefined();
    const methods = await query<ApiMethod[]>(maria.request, 'paymentMethods.active');
    const pagoMovil = methods.find((m) => m.kind === 'pago_movil')!;

    const upload = await maria.request.post(`${url()}/api/files`, {
      headers: { origin: url() },
      multipart: { kind: 'receipt', file: { name: 'pago-movil.png', mimeType: 'image/png', buffer: RECEIPT_PNG } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const receipt = (await upload.json()) as { id: string };

    const reported = await maria.request.post(`${url()}/trpc/payments.report`, {
      headers: { origin: url() },
      data: {
        paymentId: invoice!.openPaymentId,
        invoiceId: invoice!.openPaymentId ? null : invoice!.id,
        methodId: pagoMovil.id,
        paymentReference: reference,
        amount: invoice!.remainingVesCentimos! / 100,
        receiptFileId: receipt.id,
      },
    });
    expect(reported.status(), await reported.text()).toBe(200);
    return { invoiceId: invoice!.id, vesCentimos: invoice!.remainingVesCentimos! };
  }

  it('la cajera sube el estado de cuenta, ve la coincidencia con el pago de María y la aprueba', async () => {
    const maria = await newPage();
    const reference = `PM-${Date.now().toString().slice(-8)}`;
    const digits = reference.replace(/\D/g, '');
    let paid = { invoiceId: '', vesCentimos: 0 };
    await withScreenshotOnFailure(maria, 'conciliacion-maria', async () => {
      await signIn(maria, url(), DEMO.customer, DEMO.password);
      await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      paid = await mariaReportsPagoMovil(maria, reference);
    });
    type ApiBalance = { balance: { balanceUsdCents: number } };
    let balanceBefore = 0;

    const page = await newPage();
    await withScreenshotOnFailure(page, 'conciliacion-caja', async () => {
      await signIn(page, url(), DEMO.caja, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));
      await openFromNavigation(page, 'Panel Admin', 'Conciliación');
      await page.getByRole('heading', { name: 'Conciliación bancaria', level: 1 }).waitFor();
      await page.getByText(M.tolerance, { exact: false }).first().waitFor();

      // The bank writes the reference with its zeros and without the dash.
      const csv = [
        'Fecha;Referencia;Descripción;Monto (Bs.)',
        `${today()};000${digits};PAGO MOVIL RECIBIDO;${bs(paid.vesCentimos)}`,
        `${today()};99887766;TRANSFERENCIA RECIBIDA;1.000,00`,
        `${today()};55443322;COMISION;-12,50`,
      ].join('\r\n');
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'banco-hoy.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
      await page
        .getByTestId('statement-uploaded')
        .getByText(`${M.uploaded(2, 0)} ${M.ignoredDebits(1)}`)
        .waitFor();

      const lines = page.getByTestId('statement-lines');
      const mariaLine = lines.getByRole('row').filter({ hasText: `000${digits}` });
      await mariaLine.getByText(STATE.matched, { exact: true }).waitFor();
      await mariaLine.getByText('María Fernanda González').waitFor();
      const unknownLine = lines.getByRole('row').filter({ hasText: '99887766' });
      await unknownLine.getByText(STATE.not_found, { exact: true }).waitFor();

      await page.getByRole('button', { name: 'Aprobar 1 coincidencia' }).click();
      await page.getByText(M.approved(1)).waitFor();
      await mariaLine.getByText(STATE.approved, { exact: true }).waitFor();
      await unknownLine.getByText(STATE.not_found, { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Aprobar 0 coincidencias' }).isDisabled()).toBe(true);
      // The statement is in the list with its approval.
      await page.getByTestId('statements').getByRole('row').filter({ hasText: 'banco-hoy.csv' }).waitFor();

      // The transfer nobody reported: the cashier knows it is María's and assigns it as credit.
      balanceBefore = (await query<ApiBalance>(maria.request, 'billing.mine')).balance.balanceUsdCents;
      await unknownLine.getByRole('button', { name: M.assignAction }).click();
      const dialog = page.getByRole('dialog', { name: M.assignTitle });
      const customer = dialog.getByRole('combobox', { name: fieldLabel('Cliente') });
      await customer.click();
      await customer.fill('maria@casillero');
      await page
        .getByRole('option', { name: /maria@casillero\.test/ })
        .first()
        .click();
      const invoice = dialog.getByRole('combobox', { name: fieldLabel(M.assignInvoiceLabel) });
      await expect.poll(() => invoice.isEnabled(), { timeout: 15_000 }).toBe(true);
      await invoice.click();
      await page.getByRole('option', { name: M.assignToCredit }).click();
      await dialog.getByRole('button', { name: M.assignConfirm }).click();
      await dialog.waitFor({ state: 'hidden' });
      await unknownLine.getByText(STATE.approved, { exact: true }).waitFor();
      await unknownLine.getByText('María Fernanda González').waitFor();
    });

    // María's invoice is paid.
    const { invoices } = await query<{ invoices: ApiInvoice[] }>(maria.request, 'billing.mine');
    expect(invoices.find((i) => i.id === paid.invoiceId)?.status).toBe('paid');
    // Bs. 1.000,00 at today's rate is now María's: what she owes went down by it (or became credit).
    const balanceAfter = (await query<ApiBalance>(maria.request, 'billing.mine')).balance.balanceUsdCents;
    expect(balanceAfter).toBeLessThan(balanceBefore);
  });
});
