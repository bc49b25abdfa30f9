// The manifest import in the browser (docs/product/warehouse-intake.md#manifest-import): the admin uploads a small CSV at
// /admin/importar, reads the dry run with its error line and cannot import; uploads the corrected
// file, sees what each row will become, imports it and reads the counts. María, whose casillero
// code was in the file, finds the parcel in Almacén and the one notification.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FILE_MESSAGES, IMPORT_MESSAGES as M } from '@casillero/shared';
import { chromiumOrExplain } from './browser';
import { DEMO, openPage, signIn, useBrowserSession } from './session';
import { openFromNavigation, withScreenshotOnFailure } from './screens';
import { recordStatusTexts, statusTexts, throttleNetwork } from './progress';

const chromium = chromiumOrExplain();

describe.skipIf(!chromium)('importar manifiesto', () => {
  const { url, newPage } = useBrowserSession(chromium);
  const run = Date.now().toString(36).toUpperCase();
  const forMaria = `1ZE2E${run}01`;
  const nobodys = `1ZE2E${run}02`;

  async function signInAs(page: Page, email: string, landing: string) {
    await signIn(page, url(), email, DEMO.password);
    await page.waitForURL((u) => u.pathname.startsWith(landing));
  }

  async function upload(page: Page, name: string, csv: string) {
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await page
      .getByTestId('import-preview')
      .getByRole('heading', { name: new RegExp(name.replace('.', '\\.')) })
      .waitFor();
  }

  it('dry run with an error, corrected file, import, counts; the customer is told once', async () => {
    const customer = await newPage();
    let mailboxCode = '';
    await withScreenshotOnFailure(customer, 'importar-codigo-cliente', async () => {
      await signInAs(customer, DEMO.customer, '/dashboard');
      await openPage(customer, `${url()}/dashboard/almacen`);
      await customer.getByRole('row').nth(1).waitFor();
      mailboxCode = /MV-19487-\d+/.exec((await customer.locator('main').textContent()) ?? '')![0];
    });

    const page = await newPage();
    await withScreenshotOnFailure(page, 'importar-manifiesto', async () => {
      await signInAs(page, DEMO.admin, '/admin');
      await openFromNavigation(page, 'Panel Admin', 'Importar');
      await page.getByRole('heading', { name: M.title }).waitFor();

      const header = 'Tracking;Casillero;Descripción;Peso (kg);Dimensiones';
      const wrong = [
        header,
        `${forMaria};${mailboxCode};Zapatos deportivos;1,5;30x20x15`,
        `${nobodys};;Caja sin nombre;abc;`,
      ].join('\r\n');
      await upload(page, 'manifiesto-con-error.csv', wrong);
      const errors = page.getByTestId('import-errors');
      await errors.getByText(M.errorAt(3, 'Peso (kg)', M.weightNotNumber('abc'))).waitFor();
      await page.getByText(M.fixAndRetry).waitFor();
      const importButton = page.getByRole('button', { name: M.apply(1), exact: true });
      expect(await importButton.isDisabled()).toBe(true);

      const fixed = [
        header,
        `${forMaria};${mailboxCode};Zapatos deportivos;1,5;30x20x15`,
        `${nobodys};;Caja sin nombre;2;`,
      ].join('\r\n');
      await upload(page, 'manifiesto-corregido.csv', fixed);
      await errors.waitFor({ state: 'detached' });
      const rows = page.getByTestId('import-rows');
      await rows
        .getByRole('row')
        .filter({ hasText: forMaria })
        .getByText(M.actionReceive('María Fernanda González', mailboxCode))
        .waitFor();
      await rows.getByRole('row').filter({ hasText: nobodys }).getByText(M.actionUnclaimed, { exact: true }).waitFor();
      await page.getByLabel(`${M.summaryReceive}: 1`).waitFor();
      await page.getByLabel(`${M.summaryUnclaimed}: 1`).waitFor();
      await page.getByLabel(`${M.summaryErrors}: 0`).waitFor();

      await page.getByRole('button', { name: M.apply(2) }).click();
      const result = page.getByTestId('import-result');
      await result.getByText(M.appliedTitle).waitFor();
      expect(await result.textContent()).toContain(M.applied(1, 1, 0));

      // The same file again: every row already received, nothing to import.
      await upload(page, 'manifiesto-corregido.csv', fixed);
      await page.getByLabel(`${M.summaryAlreadyReceived}: 2`).waitFor();
      await page.getByText(M.nothingToApply).waitFor();
      expect(await page.getByRole('button', { name: M.apply(0) }).isDisabled()).toBe(true);
    });

    await withScreenshotOnFailure(customer, 'importar-cliente-almacen', async () => {
      await openPage(customer, `${url()}/dashboard/almacen`);
      await customer.getByRole('row').filter({ hasText: forMaria }).waitFor();
      await customer.goto(`${url()}/dashboard/notificaciones`);
      const notice = customer
        .getByRole('listitem')
        .filter({ hasText: `Recibimos 1 paquete en tu casillero ${mailboxCode}` });
      await notice.first().waitFor();
      expect(await notice.count()).toBe(1);
      expect(await notice.first().textContent()).toContain(M.notificationTitle(1));
    });
  });
  it('imports the good rows of a file with a bad one, and hands back the bad row with its error to correct', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'importar-parcial', async () => {
      await signInAs(page, DEMO.admin, '/admin');
      await page.goto(`${url()}/admin/importar`);
      await page.getByRole('heading', { name: M.title }).waitFor();
      const good = `1ZE2E${run}03`;
      const bad = `1ZE2E${run}04`;
      const csv = ['Tracking;Peso (kg)', `${good};2,5`, `${bad};abc`].join('\r\n');
      await upload(page, 'manifiesto-parcial.csv', csv);
      await page.getByText(M.fixAndRetry).waitFor();
      await page.getByRole('button', { name: M.applyGoodRows(1) }).click();
      await page
        .getByTestId('import-result')
        .getByText(M.applied(0, 1, 0))
        .waitFor();
      await page.getByText(M.rejectedTitle(1)).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: M.rejectedDownload }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('manifiesto-parcial-filas-con-errores.csv');
      const text = (await download.createReadStream().then((stream) => stream.toArray())).join('');
      expect(text).toContain(`"${bad}","abc","Peso (kg): ${M.weightNotNumber('abc')}"`);
      expect(text).not.toContain(good);
    });
  });

  it('a large manifest: the upload shows its percentage and can be cancelled; then the rows checked and applied, counted as they go', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'importar-progreso', async () => {
      await signInAs(page, DEMO.admin, '/admin');
      await page.goto(`${url()}/admin/importar`);
      await page.getByRole('heading', { name: M.title }).waitFor();
      await recordStatusTexts(page);
      // Half the most a file may hold: five batches to check, five to apply.
      const rows = 5000;
      const csv = [
        'Tracking;Peso (kg)',
        ...Array.from({ length: rows }, (_, i) => `1ZE2E${run}9${String(i).padStart(5, '0')};1,5`),
      ].join('\r\n');
      const file = { name: 'manifiesto-grande.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') };

      // On a slow uplink the file is seen going up, then cancelled: nothing was checked.
      const cdp = await page.context().newCDPSession(page);
      await throttleNetwork(cdp, { up: 10 * 1024 });
      await page.locator('input[type="file"]').setInputFiles(file);
      const bar = page.getByRole('progressbar');
      await page.getByText(/^Subiendo… \d+ %$/).waitFor();
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
      await page.getByRole('button', { name: FILE_MESSAGES.cancel }).click();
      await page.getByText(M.uploadCancelled).waitFor();
      expect(await bar.count()).toBe(0);

      // At full speed: the dry run, then the import, each with the server's count.
      await throttleNetwork(cdp);
      await page.locator('input[type="file"]').setInputFiles(file);
      await page.getByLabel(`${M.summaryUnclaimed}: ${rows}`).waitFor();
      await page.getByRole('button', { name: M.apply(rows) }).click();
      await page
        .getByTestId('import-result')
        .getByText(M.applied(0, rows, 0))
        .waitFor();
      expect(await bar.count()).toBe(0);

      const seen = await statusTexts(page);
      const checking = seen.filter((t) => /^Comprobando filas… [\d.]+ de 5\.000$/.test(t));
      const applying = seen.filter((t) => /^Aplicando… [\d.]+ de 5\.000$/.test(t));
      // Checked twice (the dry run, and again on importing), applied once.
      expect(checking.length, JSON.stringify(seen)).toBeGreaterThan(0);
      expect(applying.length, JSON.stringify(seen)).toBeGreaterThan(0);
      expect(seen.findIndex((t) => applying.includes(t))).toBeGreaterThan(seen.findIndex((t) => checking.includes(t)));
      expect(seen.some((t) => /^Subiendo… \d+ %/.test(t))).toBe(true);
    });
  }, 180_000);
});
