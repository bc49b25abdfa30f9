// Browser test of the travel rules (docs/product/travel-rules.md): the administrator adds a new
// prohibited category at /admin/reglas, from now on; María's open pre-alert whose description
// reveals it shows the warning in Prealertas.
import { describe, it } from 'vitest';
import { TRAVEL_RULES_MESSAGES as M } from '@casillero/shared';
import {
  openFromNavigation,
  DEMO,
  DESKTOP,
  chromiumOrExplain,
  fieldLabel,
  signIn,
  useBrowserSession,
  withScreenshotOnFailure,
} from './helpers';

const chromium = chromiumOrExplain();

describe.skipIf(!chromium)('reglas de lo que puede viajar', () => {
  const { url, newPage } = useBrowserSession(chromium, DESKTOP.contextOptions);

  it('el administrador agrega una categoría prohibida y la prealerta abierta de María muestra el aviso', async () => {
    const admin = await newPage();
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    await withScreenshotOnFailure(admin, 'reglas-admin', async () => {
      await openFromNavigation(admin, 'Panel Admin', 'Reglas');
      await admin.getByRole('heading', { name: `${M.current}: ${M.version(1)}` }).waitFor();
      const form = admin.getByRole('form', { name: M.newVersion });
      await form.getByRole('button', { name: M.addCategory }).click();
      const category = form.getByRole('group', { name: 'Categoría 9' });
      await category.getByRole('textbox', { name: fieldLabel(M.categoryName) }).fill('Dispositivos inalámbricos');
      await category.getByRole('combobox', { name: M.categoryModes }).click();
      await admin.getByRole('option', { name: 'Vía marítima', exact: true }).click();
      await category.getByRole('textbox', { name: fieldLabel(M.categoryWords) }).fill('inalámbrico, inalámbricos');
      await category
        .getByRole('textbox', { name: fieldLabel(M.categoryReason) })
        .fill('Los dispositivos inalámbricos con batería no viajan por vía marítima.');
      await category.getByRole('textbox', { name: fieldLabel(M.categoryAdvice) }).fill('Envíalo por vía aérea.');
      await form.getByRole('button', { name: M.save }).click();
      await admin.getByRole('heading', { name: `${M.current}: ${M.version(2)}` }).waitFor();
      await admin.getByRole('table', { name: M.current }).getByText('Dispositivos inalámbricos').waitFor();
    });

    const maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    await withScreenshotOnFailure(maria, 'reglas-prealerta', async () => {
      await maria.goto(`${url()}/dashboard/prealertas`);
      const card = maria.getByRole('article', { name: /Audífonos inalámbricos Sony|Prealerta .*/ }).filter({
        hasText: 'Audífonos inalámbricos Sony',
      });
      await card.getByText(`${M.warning}: Dispositivos inalámbricos`).waitFor();
      await card
        .getByText(
          'Los dispositivos inalámbricos con batería no viajan por vía marítima. Solo puede viajar por vía aérea.',
        )
        .waitFor();
      // Her other open pre-alert (a charger and cables) says nothing of it.
      const charger = maria.getByRole('article').filter({ hasText: 'Cargador MagSafe' });
      await charger.waitFor();
      if ((await charger.getByText('Dispositivos inalámbricos').count()) !== 0)
        throw new Error('La prealerta del cargador no debería mostrar la regla nueva');
    });
  });
});
