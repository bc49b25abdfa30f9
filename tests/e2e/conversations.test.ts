// The WhatsApp inbox in the browser (docs/product/whatsapp-desk.md#the-inbox), on a phone: María
// verifies her WhatsApp number in the app and taps "Hablar con alguien" on WhatsApp (a signed
// delivery to /webhooks/whatsapp, as Meta sends it); atención opens Conversaciones from its menu,
// sees her waiting, opens the thread (the list first, then the thread on a 390 px screen), reads
// that the reply goes as a free-form message, answers with a quick reply, and sees the answer in
// the thread under her name; the dashboard counted her.
import { describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGES as M, DESK_BUTTONS, DESK_QUICK_REPLIES } from '@casillero/shared';
import { findingsOf, report } from './a11y';
import { trpcCaller } from './app-server';
import { chromiumOrExplain } from './browser';
import {
  animationsDone,
  expectNoHorizontalScroll,
  openFromNavigation,
  PHONE,
  withScreenshotOnFailure,
} from './screens';
import { DEMO, signIn, useBrowserSession } from './session';
import { postAgentTapped, WHATSAPP_WEBHOOK_ENV } from './whatsapp';

const chromium = chromiumOrExplain();
const MARIAS_PHONE = '+584141239876';
const MARIA = 'María Fernanda González';

describe.skipIf(!chromium)('la bandeja de WhatsApp, en un teléfono', () => {
  const { url, newPage, server } = useBrowserSession(chromium, PHONE.contextOptions, () => ({
    env: WHATSAPP_WEBHOOK_ENV,
  }));
  const call = trpcCaller(url);

  it('atención responde a María, que pidió hablar con alguien', async () => {
    // María verifies her number (the code goes to the server's log without WHATSAPP_TOKEN) and asks for a person.
    const maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    await call(maria, 'messaging.startPhoneVerification', { phone: MARIAS_PHONE }, 'POST');
    let code = '';
    await expect
      .poll(
        () => {
          code = /código de verificación de Casillero Virtual es \*(\d{6})\*/.exec(server().output())?.[1] ?? '';
          return code;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toMatch(/^\d{6}$/);
    await call(maria, 'messaging.confirmPhone', { code }, 'POST');
    await postAgentTapped(maria, url(), MARIAS_PHONE);

    const page = await newPage();
    await withScreenshotOnFailure(page, 'conversaciones-atencion', async () => {
      await signIn(page, url(), DEMO.atencion, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));
      // The dashboard counts her.
      await page.getByTestId('conversations-card').getByText(M.dashboardTitle).waitFor();

      await openFromNavigation(page, 'Panel Admin', 'Conversaciones');
      await page.waitForURL((u) => u.pathname === '/admin/conversaciones');
      const list = page.getByRole('list', { name: 'Conversaciones abiertas' });
      const item = list.getByRole('button').filter({ hasText: MARIA });
      await item.waitFor();
      await expectNoHorizontalScroll(page);
      await item.click();

      // On a phone: the thread in place of the list, with the way back.
      const thread = page.getByTestId('conversation-thread');
      await thread.getByText(DESK_BUTTONS.agent.title).waitFor();
      await page.getByRole('button', { name: M.backToList }).waitFor();
      expect(await list.count()).toBe(0);
      await page
        .getByTestId('reply-window')
        .getByText(/Ventana de 24 horas abierta hasta/)
        .waitFor();
      // The customer beside the thread (under it on a phone).
      await page
        .getByTestId('customer-context')
        .getByText(/Facturas por pagar/)
        .waitFor();

      // A quick reply puts its text in the box; sending it queues it under her name.
      await thread.getByRole('button', { name: M.quickReplies }).click();
      await page.getByRole('menuitem', { name: DESK_QUICK_REPLIES[1].title }).click();
      await expect.poll(() => thread.getByLabel('Respuesta').inputValue()).toBe(DESK_QUICK_REPLIES[1].text);
      await thread.getByRole('button', { name: M.send }).click();
      const sent = thread.getByRole('listitem').filter({ hasText: DESK_QUICK_REPLIES[1].text });
      await sent.getByText(/Respondió Gabriela Atención Díaz/).waitFor();
      await expect.poll(() => thread.getByLabel('Respuesta').inputValue()).toBe('');
      await expectNoHorizontalScroll(page);
      // The thread as it stands passes axe-core's WCAG 2.2 AA rules (docs/product/accessibility.md).
      await animationsDone(page.locator('body'));
      const findings = await findingsOf(page);
      expect(findings, report([{ screen: '/admin/conversaciones @ 390×844', findings }])).toEqual([]);
    });
  });
});
