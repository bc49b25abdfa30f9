// Conciliación bancaria in the browser (docs/decisions/021-billing-in-bolivares.md): María reports paying one of her pending
// invoices by Pago Móvil; the cashier uploads the bank's statement at /admin/conciliacion, sees
// María's movement as "Coincide" (and a transfer nobody reported as such), approves the match with
// one click and sees it "Aprobado"; María's invoice is then paid. The transfer nobody reported is
// María's too: the cashier assigns it to her as credit on account, and María's credit grows.
// A bank reference pays once (docs/product/admin-payments-and-billing.md#a-bank-reference-pays-once):
// Carlos's Pago Móvil, approved in Pagos (where the list shows the bolívares he reported, as its
// details do), is shown in the bank's statement with his payment, never as money nobody reported,
// and cannot be credited a second time.
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  FILE_MESSAGES,
  RECONCILIATION_MESSAGES as M,
  RECONCILIATION_STATE_LABELS as STATE,
  formatDate,
  formatVesFromCents,
} from '@casillero/shared';
import { DEMO, fieldLabel, signIn, useBrowserSession } from './session';
import { chromiumOrExplain } from './browser';
import { openFromNavigation, withScreenshotOnFailure } from './screens';
import { recordStatusTexts, statusTexts, throttleNetwork } from './progress';

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
type ApiPaymentRow = { id: string; status: string; paymentReference: string | null };

/** Bs. céntimos as the bank's CSV writes them: 1234,56. */
const bs = (centimos: number) => `${Math.trunc(centimos / 100)},${String(centimos % 100).padStart(2, '0')}`;
const today = () => formatDate(new Date());
/** The day before today, as the bank writes it. */
const yesterday = () => formatDate(new Date(Date.now() - 24 * 3600 * 1000));

describe.skipIf(!chromium)('conciliación bancaria', () => {
  const { url, newPage } = useBrowserSession(chromium);

  /** A tRPC query as the signed-in page's own request context asks it (its session cookie). */
  async function query<T>(request: APIRequestContext, path: string): Promise<T> {
    const answer = await request.get(`${url()}/trpc/${path}`);
    expect(answer.ok(), `${path}: ${answer.status()}`).toBe(true);
    return (await answer.json()).result.data as T;
  }

  /** The receipt image, uploaded as the report form uploads it. */
  async function uploadReceipt(customer: Page) {
    const upload = await customer.request.post(`${url()}/api/files`, {
      headers: { origin: url() },
      multipart: { kind: 'receipt', file: { name: 'pago-movil.png', mimeType: 'image/png', buffer: RECEIPT_PNG } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    return (await upload.json()) as { id: string };
  }

  /** María reports paying a pending invoice in full by Pago Móvil, as her Facturas page sends it. */
  async function mariaReportsPagoMovil(maria: Page, reference: string) {
    const { invoices } = await query<{ invoices: ApiInvoice[] }>(maria.request, 'billing.mine');
    const invoice = invoices.find((i) => i.canReport && i.remainingVesCentimos);
    expect(invoice, 'the demo must have an invoice of María’s to pay in Bs.').toBeDefined();
    const methods = await query<ApiMethod[]>(maria.request, 'paymentMethods.active');
    const pagoMovil = methods.find((m) => m.kind === 'pago_movil')!;

    const receipt = await uploadReceipt(maria);

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

  it('un Pago Móvil aprobado en Pagos aparece en el estado de cuenta con su pago y no se acredita dos veces', async () => {
    const reference = '0045111122223333';
    const reported = 2_636_070; // Bs. 26.360,70
    const carlos = await newPage();
    await withScreenshotOnFailure(carlos, 'pago-unico-carlos', async () => {
      await signIn(carlos, url(), DEMO.otherCustomer, DEMO.password);
      await carlos.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      const methods = await query<ApiMethod[]>(carlos.request, 'paymentMethods.active');
      const receipt = await uploadReceipt(carlos);
      // A payment on account, as Facturas' "Reportar pago" sends it.
      const answer = await carlos.request.post(`${url()}/trpc/payments.report`, {
        headers: { origin: url() },
        data: {
          transactionType: 'credit_purchase',
          methodId: methods.find((m) => m.kind === 'pago_movil')!.id,
          paymentReference: reference,
          amount: reported / 100,
          description: 'Recarga de saldo',
          receiptFileId: receipt.id,
        },
      });
      expect(answer.status(), await answer.text()).toBe(200);
    });

    const page = await newPage();
    await withScreenshotOnFailure(page, 'pago-unico-caja', async () => {
      await signIn(page, url(), DEMO.caja, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));

      // Pagos: the list shows the bolívares Carlos reported, the same figure as the details.
      await openFromNavigation(page, 'Panel Admin', 'Pagos');
      await page.getByRole('heading', { name: 'Gestión de Pagos' }).waitFor();
      await page.getByRole('textbox', { name: 'Buscar' }).fill(reference);
      await page.waitForURL((u) => u.searchParams.get('q')?.replace(/"/g, '') === reference);
      const row = page.getByRole('row').filter({ hasText: reference });
      await row.getByText('Pendiente').waitFor();
      await row.getByText(formatVesFromCents(reported), { exact: true }).waitFor();
      expect(await row.textContent()).not.toContain('Bs. 2.636.070,00');
      await row.getByRole('button', { name: /Ver Detalles/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Detalles del Pago' });
      await dialog.getByText(formatVesFromCents(reported)).first().waitFor();
      await dialog
        .getByRole('radiogroup', { name: 'Estado del pago' })
        .getByRole('radio', { name: 'Aprobado' })
        .check();
      await dialog.getByRole('button', { name: 'Actualizar Pago' }).click();
      await page.getByText('El estado del pago ha sido actualizado exitosamente').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await row.getByText('Completado').waitFor();

      // The bank's statement has the reference: for Bs. 26.000,00 today, and as reported yesterday.
      await page.goto(`${url()}/admin/conciliacion`);
      await page.getByRole('heading', { name: 'Conciliación bancaria', level: 1 }).waitFor();
      const csv = [
        'Fecha;Referencia;Descripción;Monto (Bs.)',
        `${today()};${reference};PAGO MOVIL RECIBIDO;${bs(2_600_000)}`,
        `${yesterday()};${reference};PAGO MOVIL RECIBIDO;${bs(reported)}`,
      ].join('\r\n');
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'banco-pago-unico.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
      await page.getByTestId('statement-uploaded').getByText(M.uploaded(2, 0)).waitFor();

      const lines = page.getByTestId('statement-lines');
      const differs = lines.getByRole('row').filter({ hasText: formatVesFromCents(2_600_000) });
      await differs.getByText(STATE.amount_differs, { exact: true }).waitFor();
      await differs.getByText('Carlos Eduardo Rodríguez').waitFor();
      await differs.getByText(M.countedOn(today())).waitFor();
      await differs.getByText(M.countedAmountDiffers).waitFor();
      const counted = lines.getByRole('row').filter({ hasText: yesterday() });
      await counted.getByText(STATE.reconciled, { exact: true }).waitFor();
      await counted.getByText('Carlos Eduardo Rodríguez').waitFor();
      // Nothing to assign or approve: the money is counted.
      expect(await lines.getByRole('button', { name: new RegExp(M.assignAction) }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Aprobar 0 coincidencias' }).isDisabled()).toBe(true);
      expect(await lines.getByText(STATE.not_found, { exact: true }).count()).toBe(0);

      // Asked anyway (an old screen), the server refuses and changes nothing.
      const { statementId } = Object.fromEntries(new URL(page.url()).searchParams) as { statementId: string };
      const shown = await query<{ lines: { id: string; candidate: { paymentId: string } | null }[] }>(
        page.request,
        `reconciliation.lines?input=${encodeURIComponent(JSON.stringify({ statementId }))}`,
      );
      const carlosId = (await query<{ user: { id: string } }>(carlos.request, 'auth.me')).user.id;
      const refused = await page.request.post(`${url()}/trpc/reconciliation.assignLine`, {
        headers: { origin: url() },
        data: { lineId: shown.lines[0]!.id, userId: carlosId },
      });
      expect(refused.status()).toBe(409);
      expect(await refused.text()).toContain('un movimiento del banco se acredita una sola vez');

      // The link opens the payment it belongs to.
      await differs.getByRole('link', { name: new RegExp(M.viewPayment) }).click();
      await page.waitForURL(
        (u) => u.pathname === '/admin/pagos' && u.searchParams.get('ver') === shown.lines[0]!.candidate!.paymentId,
      );
      await page.getByRole('dialog', { name: 'Detalles del Pago' }).getByText(reference).first().waitFor();
    });

    // One payment carries the reference, approved once.
    const payments = await query<{ rows: ApiPaymentRow[] }>(
      page.request,
      `payments.list?input=${encodeURIComponent(JSON.stringify({ q: reference }))}`,
    );
    expect(payments.rows.map((p) => p.status)).toEqual(['completed']);
  });

  it('un estado de cuenta grande: la subida muestra su porcentaje y se cancela; luego el avance del servidor y el resultado', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'conciliacion-progreso', async () => {
      await signIn(page, url(), DEMO.caja, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));
      await page.goto(`${url()}/admin/conciliacion`);
      await page.getByRole('heading', { name: 'Conciliación bancaria', level: 1 }).waitFor();
      await recordStatusTexts(page);
      // The most a statement may hold: the server stores it in ten batches.
      const credits = 5000;
      const run = Date.now().toString().slice(-7);
      const csv = [
        'Fecha;Referencia;Descripción;Monto (Bs.)',
        ...Array.from(
          { length: credits },
          (_, i) => `${today()};7${run}${String(i).padStart(4, '0')};TRANSFERENCIA;${bs(10_000 + i)}`,
        ),
      ].join('\r\n');
      const file = { name: 'banco-grande.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') };

      const cdp = await page.context().newCDPSession(page);
      await throttleNetwork(cdp, { up: 5 * 1024 });
      await page.locator('input[type="file"]').setInputFiles(file);
      const bar = page.getByRole('progressbar');
      await page.getByText(/^Subiendo… \d+ %$/).waitFor();
      await page.getByRole('button', { name: FILE_MESSAGES.cancel }).click();
      await page.getByTestId('statement-error').getByText(M.uploadCancelled).waitFor();
      expect(await bar.count()).toBe(0);

      await throttleNetwork(cdp);
      await page.locator('input[type="file"]').setInputFiles(file);
      await page.getByTestId('statement-uploaded').getByText(M.uploaded(credits, 0)).waitFor();
      expect(await bar.count()).toBe(0);

      const seen = await statusTexts(page);
      expect(seen.some((t) => /^Subiendo… \d+ %/.test(t))).toBe(true);
      expect(
        seen.some((t) => /^(Comprobando filas|Aplicando)… [\d.]+ de 5\.000$/.test(t)),
        JSON.stringify(seen),
      ).toBe(true);
    });
  }, 180_000);
});
