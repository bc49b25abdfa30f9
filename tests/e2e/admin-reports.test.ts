// Reportes y Analíticas in the browser: the admin opens the page from the side navigation,
// changes the period (the period's figures follow it, the others stay), and downloads the report
// as Excel (opened back with exceljs) and as CSV.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumOrExplain } from './browser';
import { DEMO, signIn, useBrowserSession } from './session';
import { withScreenshotOnFailure, openFromNavigation } from './screens';
import ExcelJS from 'exceljs';
import { SPREADSHEET_DOWNLOAD_LABELS, formatCount } from '@casillero/shared';

const chromium = chromiumOrExplain();

type PeriodFigures = {
  totalUsers: number;
  totalRevenue: number;
  packages: { current: number };
  newUsers: { current: number };
};

describe.skipIf(!chromium)('reportes del administrador', () => {
  const { url, newPage } = useBrowserSession(chromium, { acceptDownloads: true });

  /** The server's own answer for a period, fetched with the page's session. */
  const serverFigures = (page: Page, period: string) =>
    page.evaluate(async (p) => {
      const res = await fetch(`/trpc/reports.period?input=${encodeURIComponent(JSON.stringify({ period: p }))}`);
      return ((await res.json()) as { result: { data: unknown } }).result.data;
    }, period) as Promise<PeriodFigures>;

  const kpi = (page: Page, title: string) => page.getByRole('group', { name: title }).getByTestId('kpi-value');

  it('opens the reports, changes the period and downloads it as Excel and CSV', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'reportes-admin', async () => {
      await signIn(page, url(), DEMO.admin, DEMO.password);
      await page.waitForURL(/\/admin$/);
      await openFromNavigation(page, 'Panel Admin', 'Reportes');
      await page.waitForURL(/\/admin\/reportes$/);
      await page.getByRole('heading', { name: 'Reportes y Analíticas' }).waitFor();

      // Default period: month, the last 30 days against the 30 before.
      await expect.poll(() => page.getByRole('radio', { name: 'Mes', exact: true }).isChecked()).toBe(true);
      await page
        .getByTestId('report-window')
        .getByText(/^Mes: del .* \(últimos 30 días\), vs\. los 30 días anteriores$/)
        .waitFor();
      const [week, month, year] = await Promise.all(['week', 'month', 'year'].map((p) => serverFigures(page, p)));
      // The demo data has packages older than a week and older than a month.
      expect(year.packages.current).toBeGreaterThan(week.packages.current);
      expect(year.packages.current).toBeGreaterThan(month.packages.current);

      const packagesCard = kpi(page, 'Paquetes Procesados');
      const usersCard = kpi(page, 'Usuarios');
      await expect.poll(() => packagesCard.textContent()).toBe(formatCount(month.packages.current));
      const usersBefore = await usersCard.textContent();
      expect(usersBefore).toBe(formatCount(month.totalUsers));
      const revenueBefore = await kpi(page, 'Ingresos Totales').textContent();

      // Six months in the trend table, Spanish short month labels.
      const trendRows = page
        .getByRole('table', { name: 'Tendencia de los últimos 6 meses (tabla)' })
        .locator('tbody tr');
      await expect.poll(() => trendRows.count()).toBe(6);
      expect(await trendRows.first().locator('td').first().textContent()).toMatch(/^[a-z]{3,4} \d{4}$/);
      const trendBefore = await trendRows.allTextContents();

      // The year: the period's figures change, the all-time ones and the trend do not.
      await page.getByText('Año', { exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get('period') === 'year');
      await page
        .getByTestId('report-window')
        .getByText(/^Año: .*\(últimos 365 días\), vs\. los 365 días anteriores$/)
        .waitFor();
      await expect.poll(() => packagesCard.textContent()).toBe(formatCount(year.packages.current));
      await page
        .getByRole('group', { name: 'Usuarios' })
        .getByText(`${formatCount(year.newUsers.current)} nuevos en el periodo`)
        .waitFor();
      expect(await usersCard.textContent()).toBe(usersBefore);
      expect(await kpi(page, 'Ingresos Totales').textContent()).toBe(revenueBefore);
      expect(await trendRows.allTextContents()).toEqual(trendBefore);

      // The week, then back to the address with the period kept.
      await page.getByText('Semana', { exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get('period') === 'week');
      await expect.poll(() => packagesCard.textContent()).toBe(formatCount(week.packages.current));
      await page.goto(`${url()}/admin/reportes?period=year`);
      await expect.poll(() => page.getByRole('radio', { name: 'Año', exact: true }).isChecked()).toBe(true);
      await expect.poll(() => packagesCard.textContent()).toBe(formatCount(year.packages.current));

      // The top clients table explains its estimated revenue.
      await page.getByRole('table', { name: 'Top 10 clientes' }).waitFor();
      await page.getByText(/^Ingreso estimado = 80 % del costo de envío promedio por paquete/).waitFor();

      // Excel of the chosen period: a workbook whose figures are numbers and dates are dates.
      const [excel] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: SPREADSHEET_DOWNLOAD_LABELS.xlsx }).click(),
      ]);
      expect(excel.suggestedFilename()).toMatch(/^reporte_anual_\d{4}-\d{2}-\d{2}\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await excel.path())!);
      const summary = workbook.getWorksheet('Reporte')!;
      expect(summary.getRow(1).getCell(1).value).toBe('Reporte');
      expect(summary.getRow(2).getCell(2).value).toBe('Año (últimos 365 días)');
      expect(summary.getRow(2).getCell(3).value).toBeInstanceOf(Date);
      expect(summary.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      const figures = workbook.getWorksheet('Indicadores')!;
      const packagesRow = figures
        .getRows(2, figures.rowCount - 1)!
        .find((r) => r.getCell(1).value === 'Paquetes Procesados')!;
      expect(packagesRow.getCell(2).value).toBe(year.packages.current);

      // CSV of the chosen period, for other systems.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: SPREADSHEET_DOWNLOAD_LABELS.csv }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^reporte_anual_\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      const lines = csv.slice(1).split('\r\n');
      expect(lines[0]).toBe('"Reporte","Periodo","Desde","Hasta","Comparado con"');
      expect(lines[1]).toContain('"Año (últimos 365 días)"');
      expect(lines).toContain(
        '"Indicador","Periodo actual (punto decimal)","Periodo anterior (punto decimal)","Variación (%, punto decimal)"',
      );
      expect(lines.find((l) => l.startsWith('"Paquetes Procesados",'))).toContain(`"${year.packages.current}"`);
      expect(lines).toContain('"Mes","Paquetes","Envíos","Ingresos (USD, punto decimal)"');
    });
  });
});
