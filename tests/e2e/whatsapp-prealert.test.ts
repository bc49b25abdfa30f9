// Pre-alerting by WhatsApp in the browser (docs/product/whatsapp-desk.md#pre-alerting-a-purchase):
// María writes "prealertar" and sends her Best Buy invoice as a PDF (signed deliveries to
// /webhooks/whatsapp; the file downloads from a fake Graph API), gets the draft's link back on
// WhatsApp, and opens it: the draft says its fields were read from the invoice she sent by WhatsApp,
// never "leído del correo", and its card is 'Borrador (WhatsApp)'.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREALERT_MAIL_MESSAGES as M } from '@casillero/shared';
import { REPO_ROOT } from '../support/server-process';
import { trpcCaller } from './app-server';
import { chromiumOrExplain } from './browser';
import { expectNoHorizontalScroll, PHONE, withScreenshotOnFailure } from './screens';
import { DEMO, openPage, signIn, useBrowserSession } from './session';
import { postFromCustomer, startFakeGraphApi, WHATSAPP_WEBHOOK_ENV } from './whatsapp';

const chromium = chromiumOrExplain();
const MARIAS_PHONE = '+584141230088';
const INVOICE_PDF = fs.readFileSync(
  path.join(REPO_ROOT, 'server/src/services/prealert-mail/extraction/fixtures/files/bestbuy-invoice.pdf'),
);

describe.skipIf(!chromium)('prealertar por WhatsApp', () => {
  let graph: Awaited<ReturnType<typeof startFakeGraphApi>>;
  beforeAll(async () => {
    graph = await startFakeGraphApi();
  });
  // On a phone: where a customer reads WhatsApp's link.
  const { url, newPage } = useBrowserSession(chromium, PHONE.contextOptions, () => ({
    env: { ...WHATSAPP_WEBHOOK_ENV, ...graph.env },
  }));
  afterAll(() => graph?.close());
  const call = trpcCaller(url);

  it('la factura enviada por WhatsApp se vuelve un borrador marcado como leído de ella', async () => {
    const maria = await newPage();
    await withScreenshotOnFailure(maria, 'prealerta-whatsapp', async () => {
      await signIn(maria, url(), DEMO.customer, DEMO.password);
      await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      await call(maria, 'messaging.startPhoneVerification', { phone: MARIAS_PHONE }, 'POST');
      await call(maria, 'messaging.confirmPhone', { code: await graph.codeSentTo(MARIAS_PHONE) }, 'POST');

      await postFromCustomer(maria, url(), MARIAS_PHONE, { type: 'text', text: { body: 'prealertar' } });
      await postFromCustomer(maria, url(), MARIAS_PHONE, graph.document(INVOICE_PDF, 'factura-bestbuy.pdf'));
      let link = '';
      await expect
        .poll(
          () => {
            const answer = graph.messages.findLast((m) => m.to === MARIAS_PHONE && m.text?.includes('borrador'));
            link = /(https?:\/\/\S+\?borrador=[0-9a-f-]+)/.exec(answer?.text ?? '')?.[1] ?? '';
            return link;
          },
          { timeout: 60_000, interval: 500 },
        )
        .toContain('/dashboard/prealertas?borrador=');

      // The link opens the draft's screen.
      await openPage(maria, link);
      const dialog = maria.getByRole('dialog', { name: M.review });
      await dialog.getByText(M.draftFromWhatsappTitle).waitFor();
      await dialog.getByText(`${M.readFromWhatsapp}:`, { exact: true }).waitFor();
      // Beside the store and the description: read from the WhatsApp invoice, not from an e-mail.
      expect(await dialog.getByText(M.fromWhatsapp, { exact: true }).count()).toBeGreaterThanOrEqual(2);
      expect(await dialog.getByText(M.fromEmail, { exact: true }).count()).toBe(0);
      expect(await dialog.getByText(`${M.readFromEmail}:`, { exact: true }).count()).toBe(0);
      await expectNoHorizontalScroll(maria);
      await maria.keyboard.press('Escape');

      // Among her drafts, said to come from WhatsApp.
      const drafts = maria.getByRole('region', { name: M.draftsTitle });
      await drafts.getByText(M.draftFromWhatsappBadge, { exact: true }).waitFor();
    });
  });
});
