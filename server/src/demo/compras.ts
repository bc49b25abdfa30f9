// Compra asistida (docs/product/compra-asistida.md), through the services as in the app: the
// customer asks for items for a casillero, atención quotes them at /admin/compras, the customer
// accepts (the invoice at the day's rate) and pays; atención buys in the store and pre-alerts its
// trackings. María's quote is accepted and her Pago Móvil waits for the cashier; José's was paid,
// approved and bought (after fiscal data were switched on: its invoice is a factura); Daniela's
// was quoted this morning and waits for her answer.
import { eq } from 'drizzle-orm';
import {
  compraCreateInput,
  compraPurchaseInput,
  compraQuoteInput,
  compraTrackingsInput,
  paymentReviewInput,
  type z,
} from '@casillero/shared';
import { purchaseRequestItems, purchaseRequests } from '../db/schema';
import { recordCompraPurchase, addCompraTrackings } from '../services/compras/purchase';
import { acceptCompraQuote, quoteCompraRequest } from '../services/compras/quote';
import { createCompra } from '../services/compras/request';
import { reviewPayment } from '../services/payment-review';
import { asStaff, at, endStaffWork, type DemoCast, type DemoContext, type DemoCustomer } from './context';
import { storeDemoImage } from './receipts';
import { reportAsCustomer, type DemoReport } from './reports';

/** The customer asks (`askedDaysAgo`) and atención quotes at the items' prices (`quotedDaysAgo`, `quotedHoursAgo`). */
async function askAndQuote(
  ctx: DemoContext,
  cast: DemoCast,
  customer: DemoCustomer,
  ask: Omit<z.input<typeof compraCreateInput>, 'mailboxId'>,
  when: { askedDaysAgo: number; quotedDaysAgo: number; quotedHoursAgo: number; salesTaxUsdCents: number },
): Promise<string> {
  if (!customer.usa) throw new Error(`La demostración necesita el casillero de Miami de ${customer.fullName}.`);
  const request = await createCompra(
    ctx.tx,
    customer.id,
    compraCreateInput.parse({ ...ask, mailboxId: customer.usa.mailbox.id }),
    { now: at(ctx, when.askedDaysAgo) },
  );
  const items = await ctx.tx
    .select({ id: purchaseRequestItems.id, customerPriceUsdCents: purchaseRequestItems.customerPriceUsdCents })
    .from(purchaseRequestItems)
    .where(eq(purchaseRequestItems.requestId, request.id))
    .orderBy(purchaseRequestItems.position);
  await asStaff(ctx, cast.staff.atencion, 'compras.quote', () =>
    quoteCompraRequest(
      ctx.tx,
      cast.staff.atencion.id,
      compraQuoteInput.parse({
        id: request.id,
        items: items.map((i) => ({ id: i.id, priceUsdCents: i.customerPriceUsdCents })),
        salesTaxUsdCents: when.salesTaxUsdCents,
        shippingUsdCents: 0,
      }),
      { now: at(ctx, when.quotedDaysAgo, when.quotedHoursAgo) },
    ),
  );
  await endStaffWork(ctx);
  return request.id;
}

/** The customer accepts the quote (its invoice at the day's rate) and reports paying it; the payment's id. */
async function acceptAndReport(
  ctx: DemoContext,
  customer: DemoCustomer,
  requestId: string,
  acceptedAt: Date,
  report: Omit<DemoReport, 'invoiceId'>,
): Promise<string> {
  const { invoiceId } = await acceptCompraQuote(ctx.tx, customer.id, requestId, { now: acceptedAt });
  return reportAsCustomer(ctx, customer.id, { ...report, invoiceId });
}

export async function createCompras(ctx: DemoContext, cast: DemoCast): Promise<void> {
  const maria = cast.customers.maria;
  const id = await askAndQuote(
    ctx,
    cast,
    maria,
    {
      items: [
        {
          url: 'https://www.amazon.com/dp/B0CHWRXH8B',
          name: 'Audífonos inalámbricos con cancelación de ruido',
          options: 'Color negro',
          quantity: 1,
          priceUsdCents: 7999,
        },
        {
          url: 'https://www.amazon.com/dp/B08N5WRWNW',
          name: 'Funda de silicona para tablet',
          options: 'Azul',
          quantity: 2,
          priceUsdCents: 1250,
        },
      ],
      notes: 'Si la funda azul no está, la negra me sirve.',
    },
    { askedDaysAgo: 3, quotedDaysAgo: 2, quotedHoursAgo: 20, salesTaxUsdCents: 728 },
  );
  await acceptAndReport(ctx, maria, id, at(ctx, 2, 18), {
    method: 'Pago Móvil',
    reference: '0102-558844',
    receiptName: 'pago-movil-compra-asistida.png',
    reportedDaysAgo: 1,
  });
}

/** José's compra, bought, and Daniela's, quoted (once fiscal data are on). */
export async function createMoreCompras(ctx: DemoContext, cast: DemoCast): Promise<void> {
  const { jose, daniela } = cast.customers;
  const desk = cast.staff.atencion;
  const bought = await askAndQuote(
    ctx,
    cast,
    jose,
    {
      items: [
        {
          url: 'https://www.walmart.com/ip/Hamilton-Beach-Waffle-Maker/26582190',
          name: 'Waflera Hamilton Beach de acero inoxidable',
          options: 'Plateada',
          quantity: 1,
          priceUsdCents: 3488,
        },
      ],
      notes: 'Para regalo de cumpleaños.',
    },
    { askedDaysAgo: 4, quotedDaysAgo: 3, quotedHoursAgo: 22, salesTaxUsdCents: 244 },
  );
  const paymentId = await acceptAndReport(ctx, jose, bought, at(ctx, 3, 20), {
    method: 'Zelle',
    reference: 'ZLW4F8H2M6',
    receiptName: 'zelle-waflera.png',
    reportedDaysAgo: 3,
  });
  // The cashier approves it (the compra is paid), and atención buys and records the store's order.
  await asStaff(ctx, cast.staff.caja, 'payments.review', () =>
    reviewPayment(
      ctx.db,
      cast.staff.caja,
      paymentReviewInput.parse({ id: paymentId, status: 'completed', adminNotes: 'Zelle recibido.' }),
      ctx.config,
    ),
  );
  const receiptFileId = await storeDemoImage(ctx, {
    ownerId: jose.id,
    uploadedBy: desk.id,
    kind: 'invoice',
    name: 'walmart-orden-200118734.png',
    uploadedDaysAgo: 0,
  });
  // The store charged what was quoted: items, sales tax and shipping.
  const [quote] = await ctx.tx.select().from(purchaseRequests).where(eq(purchaseRequests.id, bought));
  const storeTotal = (quote.itemsUsdCents ?? 0) + (quote.salesTaxUsdCents ?? 0) + (quote.shippingUsdCents ?? 0);
  await asStaff(ctx, desk, 'compras.purchase', () =>
    recordCompraPurchase(
      ctx.tx,
      desk.id,
      compraPurchaseInput.parse({
        id: bought,
        storeOrderNumber: '200118734',
        finalUsdCents: storeTotal,
        receiptFileId,
      }),
      { appUrl: ctx.config.appUrl },
    ),
  );
  await asStaff(ctx, desk, 'compras.trackings', () =>
    addCompraTrackings(
      ctx.tx,
      desk.id,
      compraTrackingsInput.parse({ id: bought, carrier: 'FedEx', trackingNumbers: ['774512098834'] }),
      ctx.config,
    ),
  );
  await endStaffWork(ctx);

  await askAndQuote(
    ctx,
    cast,
    daniela,
    {
      items: [
        {
          url: 'https://www.amazon.com/dp/B07FZ8S74R',
          name: 'Estetoscopio Littmann Classic III',
          options: 'Color vino tinto',
          quantity: 1,
          priceUsdCents: 10395,
        },
      ],
      notes: 'Es para mis prácticas del hospital, me urge.',
    },
    { askedDaysAgo: 1, quotedDaysAgo: 0, quotedHoursAgo: 3, salesTaxUsdCents: 728 },
  );
}
