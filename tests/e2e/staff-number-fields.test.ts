// Staff screens' number fields read a decimal comma or point however the text arrives, refuse what
// they cannot read, and ask before saving a value far from the usual (docs/decisions/005-money-and-numbers.md):
// the assisted purchase's fee percentage (Mantine's NumberInput read a filled "2.5" as 25 %), and a
// held parcel's extra charge: text it cannot read is refused with the field's own reason, and a
// charge far below the usual is asked about before the parcel is held.
import { describe, expect, it } from 'vitest';
import { NUMBER_MESSAGES, confirmImplausibleQuestion, formatUsdCents, readNumberField } from '@casillero/shared';
import { chromiumOrExplain } from './browser';
import { DEMO, fieldLabel, signIn, useBrowserSession } from './session';
import { DESKTOP, withScreenshotOnFailure } from './screens';
import { trpcCaller } from './app-server';

const chromium = chromiumOrExplain();
/** María's Michael Kors bag (the demo's), on the shelf. */
const BAG = '1Z999AA10198765430';

describe.skipIf(!chromium)('campos numéricos de las pantallas del personal', () => {
  const { url, newPage } = useBrowserSession(chromium, DESKTOP.contextOptions);
  const call = trpcCaller(url);

  it('la tarifa de la compra asistida: "2.5" es 2,5 %', async () => {
    const admin = await newPage();
    await withScreenshotOnFailure(admin, 'numeros-tarifa-compra', async () => {
      await signIn(admin, url(), DEMO.admin, DEMO.password);
      await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
      await admin.goto(`${url()}/admin/compras`);
      await admin.getByRole('button', { name: 'Ajustes de la compra asistida' }).click();
      const settings = admin.getByRole('form', { name: 'Ajustes de la compra asistida' });
      const fee = settings.getByRole('textbox', { name: 'Tarifa de servicio (%)' });
      await fee.fill('2.5');
      await fee.blur();
      expect(await fee.inputValue()).toBe('2,5');
      await settings.getByRole('button', { name: 'Guardar ajustes' }).click();
      await expect
        .poll(async () => (await call<{ feeBasisPoints: number }>(admin, 'compras.settings', {}, 'GET')).feeBasisPoints)
        .toBe(250);
    });
  });

  it('el cargo de un paquete retenido: lo ilegible se rechaza, $0,50 se pregunta, "12,5" es $12,50', async () => {
    const maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    const { items } = await call<{ items: { id: string; trackingNumber: string | null }[] }>(
      maria,
      'packages.mine',
      { search: BAG },
      'GET',
    );
    const packageId = items.find((p) => p.trackingNumber === BAG)!.id;
    const admin = await newPage();
    await withScreenshotOnFailure(admin, 'numeros-cargo-problema', async () => {
      await signIn(admin, url(), DEMO.admin, DEMO.password);
      await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
      const problems = () =>
        call<{ extraChargeUsdCents: number | null }[]>(admin, 'problemParcels.ofPackage', { packageId }, 'GET');
      await admin.goto(`${url()}/admin/paquetes?ver=${packageId}`);
      const drawer = admin.getByRole('dialog', { name: 'Detalles del paquete' });
      await drawer.getByRole('button', { name: 'Marcar problema' }).click();
      const form = admin.getByRole('dialog', { name: 'Marcar problema' });
      await form.getByRole('combobox', { name: fieldLabel('Motivo') }).click();
      await admin.getByRole('option', { name: 'Sin factura' }).first().click();
      await form
        .getByRole('textbox', { name: fieldLabel('Nota para el cliente') })
        .fill('La aduana pide la factura de compra.');
      const charge = form.getByRole('textbox', { name: fieldLabel('Cargo adicional para continuar (USD)') });

      // Text it cannot read: refused in the field, nothing flagged.
      await charge.fill('12,5,0');
      await form.getByRole('button', { name: 'Marcar problema' }).click();
      const refusal = readNumberField('amountUsd', '12,5,0');
      expect(refusal.status).toBe('refused');
      await form.getByText(refusal.status === 'refused' ? refusal.message : '').waitFor();
      expect(await problems()).toEqual([]);

      // Far below the usual: asked first, and "Corregir" saves nothing.
      await charge.fill('0,50');
      await form.getByRole('button', { name: 'Marcar problema' }).click();
      const confirm = admin.getByRole('dialog', { name: NUMBER_MESSAGES.confirmTitle });
      await confirm.getByText(confirmImplausibleQuestion([formatUsdCents(50)]), { exact: true }).waitFor();
      await confirm.getByRole('button', { name: NUMBER_MESSAGES.confirmFix }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect(await problems()).toEqual([]);

      await charge.fill('12,5');
      await form.getByRole('button', { name: 'Marcar problema' }).click();
      await form.waitFor({ state: 'hidden' });
      await drawer.getByText(formatUsdCents(1250)).waitFor();
      expect((await problems()).map((p) => p.extraChargeUsdCents)).toEqual([1250]);
    });
  });
});
