// María's Compra asistida (docs/product/compra-asistida.md), through the services as in the app:
// she asks for two items for her Miami casillero, atención quotes them, she accepts (the invoice
// at the day's rate) and reports a Pago Móvil in bolívares that the cashier has not reviewed yet.
import { eq } from 'drizzle-orm';
import { compraCreateInput, compraQuoteInput } from '@casillero/shared';
import { purchaseRequestItems } from '../db/schema';
import { acceptCompraQuote, quoteCompraRequest } from '../services/compras/quote';
import { createCompra } from '../services/compras/request';
import { asStaff, at, endStaffWork, type DemoCast, type DemoContext } from './context';
import { reportAsCustomer } from './reports';

export async function createCompras(ctx: DemoContext, cast: DemoCast): Promise<void> {
  const maria = cast.customers.maria;
  if (!maria.usa) throw new Error('La demostración necesita el casillero de Miami de María.');
  const asked = at(ctx, 3);
  const request = await createCompra(
    ctx.tx,
    maria.id,
    compraCreateInput.parse({
      mailboxId: maria.usa.mailbox.id,
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
    }),
    { now: asked },
  );
  const quoted = at(ctx, 2, 20);
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
        salesTaxUsdCents: 728,
        shippingUsdCents: 0,
      }),
      { now: quoted },
    ),
  );
  await endStaffWork(ctx);
  const { invoiceId } = await acceptCompraQuote(ctx.tx, maria.id, request.id, { now: at(ctx, 2, 18) });
  await reportAsCustomer(ctx, maria.id, {
    invoiceId,
    method: 'Pago Móvil',
    reference: '0102-558844',
    receiptName: 'pago-movil-compra-asistida.png',
    reportedDaysAgo: 1,
  });
}
