// Pre-alerts from e-mail in the browser (docs/product/prealerts-from-email.md): María copies her
// personal address in Prealertas, forwards Amazon's shipping e-mail from her own address (sent
// here to the server's SMTP listener on loopback, DKIM-signed as her provider would, the DNS
// answered from a fixture file), and on her phone reviews the draft "Prealerta creada desde tu
// correo", sees what was read from the e-mail and what is missing, and confirms it. The
// warehouse then scans the number at Recepción and finds the parcel is hers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREALERT_MAIL_MESSAGES as M } from '@casillero/shared';
import { freePort } from '../support/server-process';
import { chromiumOrExplain } from './browser';
import { expectNoHorizontalScroll, PHONE, withScreenshotOnFailure } from './screens';
import { DEMO, openPage, signIn, useBrowserSession } from './session';

const chromium = chromiumOrExplain();
const DOMAIN = 'entrada.casillero.test';
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privateKey = keys.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const publicKey = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
/** María's provider (the demo's domain): mail from loopback passes SPF, its DKIM signature, DMARC p=reject. */
const DNS = {
  'casillero.test': 'v=spf1 ip4:127.0.0.1 -all',
  'sel._domainkey.casillero.test': `v=DKIM1; k=rsa; p=${publicKey}`,
  '_dmarc.casillero.test': 'v=DMARC1; p=reject',
};
/** A UPS number of this run: 1Z, a 6-character shipper, a 2-digit service and 8 digits, as the reading expects. */
const TRACKING = `1ZE2EMAI03${String(Date.now()).slice(-8)}`;

let smtpPort = 0;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-dns-'));
const dnsFile = path.join(dir, 'dns.json');

describe.skipIf(!chromium)('prealertas desde el correo, en un teléfono', () => {
  beforeAll(async () => {
    smtpPort = await freePort();
    fs.writeFileSync(dnsFile, JSON.stringify(DNS));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const { url, newPage } = useBrowserSession(chromium, PHONE.contextOptions, () => ({
    env: {
      INBOUND_MAIL_DOMAIN: DOMAIN,
      INBOUND_SMTP_PORT: String(smtpPort),
      INBOUND_SMTP_HOST: '127.0.0.1',
      INBOUND_MAIL_DNS_FIXTURE: dnsFile,
      // The DNS file is refused with NODE_ENV=production (server/src/env.ts): this server is not one.
      NODE_ENV: 'development',
    },
  }));
  let maria: Page;

  it('María reenvía el correo de envío de Amazon y confirma el borrador en su teléfono', async () => {
    maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    await withScreenshotOnFailure(maria, 'prealertas-correo', async () => {
      await openPage(maria, `${url()}/dashboard/prealertas`);
      const address = (await maria.getByTestId('inbound-address').textContent())!.trim();
      expect(address).toMatch(new RegExp(`^prealertas\\+[a-z2-9]{12}@${DOMAIN.replace(/\./g, '\\.')}$`));
      await maria.getByRole('button', { name: M.copy }).waitFor();

      // Her provider forwards Amazon's e-mail, signed.
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: smtpPort,
        secure: false,
        ignoreTLS: true,
        dkim: { domainName: 'casillero.test', keySelector: 'sel', privateKey },
      });
      await transport.sendMail({
        from: `María Fernanda González <${DEMO.customer}>`,
        to: address,
        subject: 'Fwd: Tu paquete de Amazon ha sido enviado',
        text: [
          '---------- Forwarded message ---------',
          'From: Amazon.com <shipment-tracking@amazon.com>',
          '',
          `Tu pedido fue enviado con UPS. Número de seguimiento: ${TRACKING}`,
        ].join('\n'),
        html: `<p>Tu pedido fue enviado. Seguimiento: <a href="https://track.example/${TRACKING}">${TRACKING}</a></p>`,
      });

      await openPage(maria, `${url()}/dashboard/prealertas`);
      const drafts = maria.getByRole('region', { name: M.draftsTitle });
      const card = drafts.getByRole('article', { name: `Prealerta ${TRACKING}` });
      await card.getByText('Borrador (correo)').waitFor();
      await card.getByRole('button', { name: M.review }).click();

      const dialog = maria.getByRole('dialog', { name: M.review });
      await dialog.getByText(M.draftCreatedTitle).waitFor();
      await dialog.getByText(`${M.readFromEmail}:`, { exact: true }).waitFor();
      await dialog.getByTestId('draft-missing').waitFor();
      // Beside the tracking number and the description: "leído del correo".
      expect(await dialog.getByText(M.fromEmail, { exact: true }).count()).toBeGreaterThan(0);
      expect(await dialog.getByLabel(/Número de tracking/).inputValue()).toBe(TRACKING);
      await expectNoHorizontalScroll(maria);
      await dialog.getByRole('button', { name: M.confirm }).click();
      await maria.getByText(M.confirmed).first().waitFor();

      // A normal pre-alert now: out of the drafts (the demo's own draft stays there), in her list as Pendiente.
      await expect.poll(() => card.count()).toBe(0);
      await maria
        .getByRole('article', { name: `Prealerta ${TRACKING}` })
        .getByText('Pendiente')
        .waitFor();
    });
  });

  it('el almacén la recibe escaneando el número y sabe que es de María', async () => {
    const admin = await newPage({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    await withScreenshotOnFailure(admin, 'prealertas-correo-recepcion', async () => {
      await openPage(admin, `${url()}/admin/recepcion`);
      const field = admin.getByLabel('Número de tracking o etiqueta WR');
      await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
      await admin.keyboard.type(TRACKING.toLowerCase(), { delay: 5 });
      await admin.keyboard.press('Enter');
      const owner = admin.getByTestId('reception-owner');
      await owner.getByText('Paquete esperado').waitFor();
      await owner.getByText('María Fernanda González').waitFor();
      const weight = admin.getByLabel('Peso (kg)');
      await expect.poll(() => weight.evaluate((el) => el === document.activeElement)).toBe(true);
      await admin.keyboard.type('0.9');
      await admin.keyboard.press('Enter');
      await admin.getByTestId('reception-saved').getByText('Paquete recibido').waitFor();
    });
  });
});
