// What the customers were told. The services the demo goes through tell nobody (index.ts
// silences the transaction's notifications, lib/notifications-off.ts): they would tell each customer, at the
// moment of seeding, what happened months ago, and queue e-mails and WhatsApp messages to
// fictitious addresses that nothing of the demo should send. The story's own timeline of
// notifications is written here instead, each dated as it happened.
import { notifications } from '../db/schema';
import { at, type DemoCast, type DemoContext, type DemoCustomer } from './context';
import type { DemoPackages } from './packages';
import type { DemoShipments } from './shipments';
import type { DemoTrackings } from './trackings';
import { PAYMENT_NOTIFICATIONS } from '@casillero/shared';

export async function createNotifications(
  ctx: DemoContext,
  cast: DemoCast,
  p: DemoPackages,
  t: DemoTrackings,
  s: DemoShipments,
): Promise<void> {
  const c = cast.customers;
  const estimated = s.mariaShipment.estimatedDelivery
    ? s.mariaShipment.estimatedDelivery.split('-').reverse().join('/')
    : 'por confirmar';
  const notices: {
    customer: DemoCustomer;
    type: 'general' | 'package' | 'shipment' | 'payment_update';
    title: string;
    message: string;
    read: boolean;
    link?: string;
    daysAgo: number;
  }[] = [
    {
      customer: c.maria,
      type: 'general',
      title: '¡Bienvenida a Casillero Virtual!',
      message: 'Tu cuenta está lista. Completa tu perfil y activa tu casillero de Miami para empezar a comprar.',
      read: true,
      link: '/dashboard/mi-perfil',
      daysAgo: 150,
    },
    {
      customer: c.maria,
      type: 'payment_update',
      title: 'Actualización de Pago',
      message: PAYMENT_NOTIFICATIONS.approved(499),
      read: true,
      link: '/dashboard/facturas',
      daysAgo: 149.5,
    },
    {
      customer: c.maria,
      type: 'package',
      title: 'Paquete recibido en Miami',
      message: `Recibimos tu paquete ${p.mariaReceived.trackingNumber} (${p.mariaReceived.packageDescription}). Ya está en el almacén.`,
      read: false,
      link: '/dashboard/almacen',
      daysAgo: 5,
    },
    {
      customer: c.maria,
      type: 'package',
      title: 'Tu tracking está listo para envío',
      message: `El tracking ${t.mariaReady.trackingNumber} está listo para envío. Realiza el pago para autorizar el despacho.`,
      read: false,
      link: '/dashboard/facturas',
      daysAgo: 3,
    },
    {
      customer: c.maria,
      type: 'shipment',
      title: 'Tu envío va en camino',
      message: `El envío ${s.mariaShipment.shipmentCode} salió de Miami hacia Caracas. Entrega estimada: ${estimated}.`,
      read: false,
      link: '/dashboard/mis-trackings',
      daysAgo: 1,
    },
    {
      customer: c.maria,
      type: 'package',
      title: 'Tu paquete necesita reempaque',
      message: 'Tu pedido de Shein llegó en cinco bolsas separadas. Te recomendamos consolidarlo para pagar menos.',
      read: true,
      link: '/dashboard/reempaques',
      daysAgo: 2,
    },
    {
      customer: c.maria,
      type: 'general',
      title: 'Solicitud de reempaque recibida',
      message: 'Recibimos tu solicitud de reempaque de 2 paquetes. Te avisaremos cuando esté lista.',
      read: false,
      link: '/dashboard/reempaques',
      daysAgo: 1,
    },
    {
      customer: c.carlos,
      type: 'general',
      title: '¡Bienvenido a Casillero Virtual!',
      message: 'Tu cuenta está lista. Completa tu cédula y tu dirección en Venezuela para recibir tus envíos.',
      read: true,
      link: '/dashboard/mi-perfil',
      daysAgo: 100,
    },
    {
      customer: c.carlos,
      type: 'payment_update',
      title: 'Actualización de Pago',
      message: PAYMENT_NOTIFICATIONS.approved(499),
      read: true,
      link: '/dashboard/facturas',
      daysAgo: 99.2,
    },
    {
      customer: c.carlos,
      type: 'package',
      title: 'Problema con tu paquete',
      message: 'El paquete 772598431067 llegó sin tu código de casillero en la etiqueta. Escríbenos para confirmarlo.',
      read: false,
      link: '/dashboard/mis-trackings',
      daysAgo: 7,
    },
    {
      customer: c.carlos,
      type: 'package',
      title: 'Paquete en almacén',
      message: `Tu paquete ${t.carlosInWarehouse.trackingNumber} fue recibido y pesado en Miami (2,4 kg).`,
      read: false,
      link: '/dashboard/almacen',
      daysAgo: 5,
    },
    {
      customer: c.carlos,
      type: 'payment_update',
      title: 'Actualización de Pago',
      message: PAYMENT_NOTIFICATIONS.approved(2500),
      read: false,
      link: '/dashboard/facturas',
      daysAgo: 0.1,
    },
    {
      customer: c.jose,
      type: 'shipment',
      title: 'Envío entregado',
      message: `Tu envío ${s.joseShipment.shipmentCode} fue entregado en Maracaibo. ¡Gracias por confiar en nosotros!`,
      read: true,
      link: '/dashboard/mis-trackings',
      daysAgo: 20,
    },
    {
      customer: c.daniela,
      type: 'payment_update',
      title: 'Actualización de Pago',
      message: PAYMENT_NOTIFICATIONS.rejected(
        4520,
        'No encontramos el pago con esa referencia. Verifica el comprobante y repórtalo de nuevo.',
      ),
      read: false,
      link: '/dashboard/facturas',
      daysAgo: 5,
    },
    {
      customer: c.rafael,
      type: 'general',
      title: '¡Bienvenido a Casillero Virtual!',
      message: 'Tu casillero de Miami se activará en cuanto confirmemos el pago de activación.',
      read: false,
      link: '/dashboard/facturas',
      daysAgo: 3,
    },
  ];
  await ctx.tx.insert(notifications).values(
    notices.map((n) => ({
      userId: n.customer.id,
      type: n.type,
      title: n.title,
      message: n.message,
      read: n.read,
      link: n.link ?? null,
      createdAt: at(ctx, n.daysAgo),
    })),
  );
}
