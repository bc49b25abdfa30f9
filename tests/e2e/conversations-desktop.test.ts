// The WhatsApp inbox in the browser on a desktop (docs/product/whatsapp-desk.md#the-inbox): María
// verifies her WhatsApp number (the code reaches a fake Graph API, as it would reach her phone) and
// taps "Hablar con alguien" (a signed delivery to /webhooks/whatsapp); atención opens
// Conversaciones on a 1280 px screen, sees her waiting, opens her thread beside the list with her
// parcels and invoices beside it, assigns it to herself, replies with a text that appears in the
// thread and reaches the Graph API as a free-form text, and closes it. (conversations.test.ts is
// the same inbox on a phone.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGES as M, DESK_BUTTONS } from '@casillero/shared';
import { trpcCaller } from './app-server';
import { chromiumOrExplain } from './browser';
import { DESKTOP, expectNoHorizontalScroll, openFromNavigation, withScreenshotOnFailure } from './screens';
import { DEMO, signIn, useBrowserSession } from './session';
import { postAgentTapped, startFakeGraphApi, WHATSAPP_WEBHOOK_ENV } from './whatsapp';

const chromium = chromiumOrExplain();
const MARIAS_PHONE = '+584141230077';
const MARIA = 'María Fernanda González';
const ATENCION = 'Gabriela Atención Díaz';
const REPLY = 'Hola María, ya revisé tus paquetes: el de tu última compra sale esta semana.';

type Detail = {
  context: {
    parcels: { total: number; rows: { description: string }[] };
    invoices: { total: number; rows: { number: string }[] };
  } | null;
};

describe.skipIf(!chromium)('la bandeja de WhatsApp, en un escritorio', () => {
  let graph: Awaited<ReturnType<typeof startFakeGraphApi>>;
  beforeAll(async () => {
    graph = await startFakeGraphApi();
  });
  const { url, newPage } = useBrowserSession(chromium, DESKTOP.contextOptions, () => ({
    env: { ...WHATSAPP_WEBHOOK_ENV, ...graph.env },
  }));
  afterAll(() => graph?.close());
  const call = trpcCaller(url);

  it('atención toma la conversación de María, le responde y la cierra', async () => {
    // María verifies her number with the code WhatsApp brought her, and asks for a person.
    const maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    await call(maria, 'messaging.startPhoneVerification', { phone: MARIAS_PHONE }, 'POST');
    await call(maria, 'messaging.confirmPhone', { code: await graph.codeSentTo(MARIAS_PHONE) }, 'POST');
    await postAgentTapped(maria, url(), MARIAS_PHONE);

    const page = await newPage();
    await withScreenshotOnFailure(page, 'conversaciones-escritorio', async () => {
      await signIn(page, url(), DEMO.atencion, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));
      await openFromNavigation(page, 'Panel Admin', 'Conversaciones');
      await page.waitForURL((u) => u.pathname === '/admin/conversaciones');

      // Waiting, nobody's yet.
      const list = page.getByRole('list', { name: M.listAria });
      const item = list.getByRole('button').filter({ hasText: MARIA });
      await item.getByText(`${MARIAS_PHONE} · ${M.unassigned}`).waitFor();
      await item.click();

      // On a desktop the thread opens beside the list, with her context beside it.
      const thread = page.getByTestId('conversation-thread');
      await thread.getByRole('list', { name: M.threadAria }).getByText(DESK_BUTTONS.agent.title).waitFor();
      expect(await list.isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: M.backToList }).count()).toBe(0);
      const listBox = (await list.boundingBox())!;
      const threadBox = (await thread.boundingBox())!;
      expect(threadBox.x).toBeGreaterThanOrEqual(listBox.x + listBox.width);

      const context = page.getByTestId('customer-context');
      await context.getByText(DEMO.customer, { exact: false }).waitFor();
      const detail = await call<Detail>(page, 'conversations.detail', { phone: MARIAS_PHONE }, 'GET');
      const parcels = detail.context!.parcels;
      const invoices = detail.context!.invoices;
      // The demo's María has parcels on our shelves and invoices to pay: the screen shows them.
      expect(parcels.total).toBeGreaterThan(0);
      expect(invoices.total).toBeGreaterThan(0);
      await context.getByText(M.parcels(parcels.total)).waitFor();
      await context.getByText(parcels.rows[0].description, { exact: false }).first().waitFor();
      await context.getByText(new RegExp(`^Facturas por pagar \\(${invoices.total}\\): `)).waitFor();
      await context.getByText(invoices.rows[0].number, { exact: false }).first().waitFor();
      const contextBox = (await context.boundingBox())!;
      expect(contextBox.x).toBeGreaterThanOrEqual(threadBox.x + threadBox.width);

      // She takes it.
      await thread.getByRole('combobox', { name: M.assignLabel }).click();
      await page.getByRole('option', { name: ATENCION }).click();
      await item.getByText(`${MARIAS_PHONE} · ${ATENCION}`).waitFor();
      await page.getByLabel(M.filterAria).getByText(M.filterLabels.mine, { exact: true }).click();
      await list.getByRole('button').filter({ hasText: MARIA }).waitFor();

      // Within the window: a free-form text, written and sent.
      await page
        .getByTestId('reply-window')
        .getByText(/Ventana de 24 horas abierta hasta/)
        .waitFor();
      await thread.getByLabel(M.replyAria).fill(REPLY);
      await thread.getByRole('button', { name: M.send }).click();
      const sent = thread.getByRole('listitem').filter({ hasText: REPLY });
      await sent.getByText(M.staffReplyBy(ATENCION), { exact: false }).waitFor();
      await expect.poll(() => thread.getByLabel(M.replyAria).inputValue()).toBe('');

      // It reached WhatsApp as the text she wrote, and the thread says it went.
      await expect
        .poll(() => graph.messages.filter((m) => m.to === MARIAS_PHONE && m.type === 'text').map((m) => m.text), {
          timeout: 30_000,
        })
        .toContain(REPLY);
      await sent.getByText(M.deliveryStatus.sent).waitFor({ timeout: 30_000 });
      await thread.getByText(/Primera respuesta en/).waitFor();
      await expectNoHorizontalScroll(page);

      // Closed: it leaves the list.
      await thread.getByRole('button', { name: M.close }).click();
      await page.getByText(M.closed).first().waitFor();
      await page.getByLabel(M.filterAria).getByText(M.filterLabels.open, { exact: true }).click();
      await expect.poll(() => list.getByRole('button').filter({ hasText: MARIA }).count()).toBe(0);
      await page.getByText(M.pickOne).waitFor();
    });
  });
});
