// The first mile in the browser (docs/product/first-mile.md), on a phone: María reads the
// carrier's leg of her pre-alerts (the line on each card, the whole timeline on demand, the
// estimated delivery while it travels), anyone reads the delivered one's events on /rastreo
// without a signer, and the warehouse finds her parcel out for delivery in 'Esperados hoy /
// mañana' at Recepción. The legs come from the demo data (server/src/demo/first-mile.ts: María's
// pre-alerts with an in-transit, an out-for-delivery-today, a delivered and an incidencia parcel).
import { describe, expect, it } from 'vitest';
import {
  CARRIER_LEG_MESSAGES as M,
  CARRIER_TRACKING_STATE_LABELS as STATE,
  formatCarrierLine,
  type CarrierLegView,
} from '@casillero/shared';
import { chromiumOrExplain } from './browser';
import { DEMO, openPage, signIn, useBrowserSession } from './session';
import { expectNoHorizontalScroll, PHONE, withScreenshotOnFailure } from './screens';
import { trpcCaller } from './app-server';

const chromium = chromiumOrExplain();

type OwnPrealert = { id: string; trackingNumber: string | null; carrierLeg: CarrierLegView | null };

describe.skipIf(!chromium)('la primera milla: del transportista al almacén, en un teléfono', () => {
  const { url, newPage } = useBrowserSession(chromium, PHONE.contextOptions);
  const call = trpcCaller(url);

  it('María ve los eventos del transportista en sus prealertas y el almacén ve lo que llega hoy', async () => {
    const maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));

    // What the server holds for her (the demo's four legs): the screens must show each.
    const mine = await call<OwnPrealert[]>(maria, 'prealerts.mine', undefined, 'GET');
    const withLeg = (state: string) => mine.find((p) => p.carrierLeg?.state === state);
    const delivered = withLeg('delivered');
    const outForDelivery = withLeg('out_for_delivery');
    const inTransit = withLeg('in_transit');
    expect(delivered, 'una prealerta de María entregada por el transportista').toBeDefined();
    expect(outForDelivery, 'una prealerta de María en reparto').toBeDefined();
    expect(inTransit, 'una prealerta de María en tránsito').toBeDefined();

    await withScreenshotOnFailure(maria, 'primera-milla-prealertas', async () => {
      await openPage(maria, `${url()}/dashboard/prealertas`);
      // Each card's line, as formatCarrierLine writes it: 'USPS · Entregado en Doral, FL · 04/12 10:14'.
      for (const p of [delivered!, outForDelivery!, inTransit!]) {
        const card = maria.getByRole('article', { name: `Prealerta ${p.trackingNumber}` });
        await card.getByTestId('carrier-line').getByText(formatCarrierLine(p.carrierLeg!)!).waitFor();
        // The carrier's state in place of the hand-typed one.
        await card.getByText(STATE[p.carrierLeg!.state!], { exact: true }).first().waitFor();
      }
      if (inTransit!.carrierLeg!.expectedDeliveryAt) {
        const card = maria.getByRole('article', { name: `Prealerta ${inTransit!.trackingNumber}` });
        await card
          .getByText(new RegExp(`^${M.expectedDelivery('')}`))
          .first()
          .waitFor();
      }

      // The delivered one's whole timeline: the carrier's own words, oldest first.
      const card = maria.getByRole('article', { name: `Prealerta ${delivered!.trackingNumber}` });
      await card.getByRole('button', { name: M.showTimeline }).click();
      const timeline = card.getByTestId('carrier-timeline');
      for (const e of delivered!.carrierLeg!.events) await timeline.getByText(e.description).first().waitFor();
      await expectNoHorizontalScroll(maria);
    });

    // Anyone with the number: the carrier's events, never who signed.
    const visitor = await newPage();
    await withScreenshotOnFailure(visitor, 'primera-milla-rastreo', async () => {
      await openPage(visitor, `${url()}/rastreo/${delivered!.trackingNumber}`);
      const timeline = visitor.getByTestId('carrier-timeline');
      await timeline.getByText(delivered!.carrierLeg!.events.at(-1)!.description).first().waitFor();
      expect(await visitor.getByText(/Firmado por/).count()).toBe(0);
      await expectNoHorizontalScroll(visitor);
    });

    // The warehouse: her parcel out for delivery, with her casillero, in 'Esperados hoy / mañana'.
    const boxes = await call<{ mailboxCode: string }[]>(maria, 'mailboxes.mine', undefined, 'GET');
    const admin = await newPage();
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    await withScreenshotOnFailure(admin, 'primera-milla-esperados', async () => {
      await openPage(admin, `${url()}/admin/recepcion`);
      const expected = admin.getByTestId('expected-parcels');
      await expected.getByText(M.expectedTitle).waitFor();
      const row = expected.getByRole('listitem').filter({ hasText: outForDelivery!.trackingNumber! });
      await row.getByText(STATE.out_for_delivery).waitFor();
      const text = (await row.textContent()) ?? '';
      expect(boxes.some((b) => text.includes(b.mailboxCode))).toBe(true);
      await expectNoHorizontalScroll(admin);
    });
  });
});
