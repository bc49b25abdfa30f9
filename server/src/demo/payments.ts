// The other payments: shipping, courses and credit, in every status. The one still under review
// is reported through the payment service (reports.ts). The settled ones are written as the
// review leaves them, approved by the cashier, and billing.ts credits the approved ones on the day
// they were approved: the review service stamps its ledger entries with the current time and the
// ledger is append-only. María's unpaid shipping payment and Luis's cancelled course were opened
// by staff by hand, which no procedure does.
import { usdCentsToVesCentimos, type PaymentMethod, type PaymentStatus, type PaymentType } from '@casillero/shared';
import { paymentTrackings, paymentTransactions } from '../db/schema';
import { at, type DemoCast, type DemoContext, type DemoCustomer } from './context';
import { storeReceipt } from './receipts';
import { reportAsCustomer } from './reports';
import type { DemoShipments } from './shipments';
import type { DemoTrackings } from './trackings';

type PaymentSpec = {
  customer: DemoCustomer;
  type: PaymentType;
  amountUsdCents: number;
  amountVesCents?: number;
  status: PaymentStatus;
  method?: PaymentMethod;
  reference?: string;
  description: string;
  adminNotes?: string;
  createdDaysAgo: number;
  reportedDaysAgo?: number;
  processedDaysAgo?: number;
  receiptFileId?: string;
  mailboxId?: string;
  shipmentId?: string;
  trackingIds?: string[];
};

async function payment(ctx: DemoContext, cast: DemoCast, p: PaymentSpec) {
  const processed = p.processedDaysAgo === undefined ? null : at(ctx, p.processedDaysAgo);
  const reported = p.reportedDaysAgo === undefined ? null : at(ctx, p.reportedDaysAgo);
  const [row] = await ctx.tx
    .insert(paymentTransactions)
    .values({
      userId: p.customer.id,
      transactionType: p.type,
      amountUsdCents: p.amountUsdCents,
      amountVesCents: p.amountVesCents ?? null,
      currency: p.amountVesCents === undefined ? 'USD' : 'VES',
      paymentMethod: p.method ?? null,
      paymentReference: p.reference ?? null,
      description: p.description,
      status: p.status,
      metadata: p.adminNotes ? { admin_notes: p.adminNotes } : {},
      receiptFileId: p.receiptFileId ?? null,
      mailboxId: p.mailboxId ?? null,
      shipmentId: p.shipmentId ?? null,
      reportedAt: reported,
      processedAt: processed,
      processedBy: processed ? cast.staff.caja.id : null,
      createdAt: at(ctx, p.createdDaysAgo),
      updatedAt: processed ?? reported ?? at(ctx, p.createdDaysAgo),
    })
    .returning();
  if (p.trackingIds?.length) {
    await ctx.tx
      .insert(paymentTrackings)
      .values(p.trackingIds.map((trackingId) => ({ paymentId: row.id, trackingId })));
  }
  return row;
}

export async function createPayments(
  ctx: DemoContext,
  cast: DemoCast,
  t: DemoTrackings,
  s: DemoShipments,
): Promise<void> {
  const c = cast.customers;
  await payment(ctx, cast, {
    customer: c.maria,
    type: 'shipping_payment',
    amountUsdCents: s.mariaShipment.shippingCostUsdCents,
    status: 'completed',
    method: 'Zelle',
    reference: 'ZL9B3X7T1Q',
    description: `Pago de envío ${s.mariaShipment.shipmentCode}`,
    adminNotes: 'Pago confirmado. Envío autorizado.',
    shipmentId: s.mariaShipment.id,
    createdDaysAgo: 3.2,
    reportedDaysAgo: 3.1,
    processedDaysAgo: 3,
  });
  await payment(ctx, cast, {
    customer: c.maria,
    type: 'shipping_payment',
    amountUsdCents: 3850,
    status: 'pending',
    description: `Pago de envío del tracking ${t.mariaReady.trackingNumber} (aéreo, 1,6 kg)`,
    trackingIds: [t.mariaReady.id],
    createdDaysAgo: 2.9,
  });
  const danielaReceipt = await storeReceipt(ctx, c.daniela.id, 'comprobante-zelle-envio.png', 6);
  await payment(ctx, cast, {
    customer: c.daniela,
    type: 'shipping_payment',
    amountUsdCents: 4520,
    status: 'failed',
    method: 'Zelle',
    reference: 'ZL5N1C8R4H',
    description: `Pago de envío del tracking ${t.danielaReady.trackingNumber} (aéreo, 2,8 kg)`,
    adminNotes: 'No encontramos el pago con esa referencia. Verifica el comprobante y repórtalo de nuevo.',
    receiptFileId: danielaReceipt,
    trackingIds: [t.danielaReady.id],
    createdDaysAgo: 6.5,
    reportedDaysAgo: 6,
    processedDaysAgo: 5,
  });
  await payment(ctx, cast, {
    customer: c.jose,
    type: 'shipping_payment',
    amountUsdCents: s.joseShipment.shippingCostUsdCents,
    status: 'completed',
    method: 'Binance USDT',
    reference: '2799402235671190042',
    description: `Pago de envío ${s.joseShipment.shipmentCode}`,
    adminNotes: 'USDT recibidos.',
    shipmentId: s.joseShipment.id,
    createdDaysAgo: 26,
    reportedDaysAgo: 25.8,
    processedDaysAgo: 25.5,
  });
  await payment(ctx, cast, {
    customer: c.luis,
    type: 'shipping_payment',
    amountUsdCents: s.luisShipment.shippingCostUsdCents,
    status: 'completed',
    method: 'Zelle',
    reference: 'ZL8D2F4G6J',
    description: `Pago de envío ${s.luisShipment.shipmentCode}`,
    adminNotes: 'Pago verificado.',
    shipmentId: s.luisShipment.id,
    createdDaysAgo: 97,
    reportedDaysAgo: 96.8,
    processedDaysAgo: 96.5,
  });
  await payment(ctx, cast, {
    customer: c.daniela,
    type: 'shipping_payment',
    amountUsdCents: s.danielaShipment.shippingCostUsdCents,
    status: 'completed',
    method: 'PayPal',
    reference: '5KJ98765CD4321098',
    description: `Pago de envío ${s.danielaShipment.shipmentCode}`,
    adminNotes: 'Pago recibido en PayPal.',
    shipmentId: s.danielaShipment.id,
    createdDaysAgo: 152,
    reportedDaysAgo: 151.9,
    processedDaysAgo: 151.5,
  });
  await payment(ctx, cast, {
    customer: c.carlos,
    type: 'course_purchase',
    amountUsdCents: 6000,
    status: 'completed',
    method: 'Zelle',
    reference: 'ZL2H8W5D3M',
    description: 'Curso online: Importa desde USA paso a paso',
    adminNotes: 'Acceso al curso enviado por correo.',
    createdDaysAgo: 60,
    reportedDaysAgo: 60,
    processedDaysAgo: 59.5,
  });
  await payment(ctx, cast, {
    customer: c.luis,
    type: 'course_purchase',
    amountUsdCents: 12000,
    status: 'cancelled',
    description: 'Asesoría personalizada: importación desde China',
    createdDaysAgo: 45,
  });
  await reportAsCustomer(ctx, c.jose.id, {
    transactionType: 'course_purchase',
    amount: 120,
    method: 'Binance USDT',
    reference: '2802217766540012345',
    description: 'Taller presencial de importación (Caracas)',
    receiptName: 'binance-taller-caracas.png',
    createdDaysAgo: 0.6,
    reportedDaysAgo: 0.5,
  });
  await payment(ctx, cast, {
    customer: c.jose,
    type: 'credit_purchase',
    amountUsdCents: 5000,
    amountVesCents: usdCentsToVesCentimos(5000, 236.18),
    status: 'completed',
    method: 'Efectivo',
    reference: 'EF-CCS-0027',
    description: 'Recarga de saldo para envíos',
    adminNotes: 'Efectivo en bolívares recibido en la oficina de Caracas.',
    createdDaysAgo: 40,
    processedDaysAgo: 40,
  });
  await payment(ctx, cast, {
    customer: c.carlos,
    type: 'credit_purchase',
    amountUsdCents: 2500,
    amountVesCents: usdCentsToVesCentimos(2500, 262.4),
    status: 'completed',
    method: 'Efectivo',
    reference: 'EF-CCS-0041',
    description: 'Recarga de saldo para envíos',
    adminNotes: 'Pago en efectivo recibido en taquilla.',
    createdDaysAgo: 0.15,
    processedDaysAgo: 0.1,
  });
  await payment(ctx, cast, {
    customer: c.ana,
    type: 'credit_purchase',
    amountUsdCents: 3000,
    status: 'failed',
    method: 'Wally',
    reference: 'WLY884213',
    description: 'Recarga de saldo para envíos',
    adminNotes: 'El comprobante no corresponde al monto indicado.',
    createdDaysAgo: 33,
    reportedDaysAgo: 33,
    processedDaysAgo: 32,
  });
}
