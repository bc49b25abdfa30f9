// Every text of Compra asistida (docs/product/compra-asistida.md): the customer's Compras, the
// staff's desk at /admin/compras and the notices at each state change.
import { formatUsdFromCents } from '../format';
import { ADMIN_COMPRAS_TITLE, COMPRA_QUANTITY_MAX, COMPRA_MAX_ITEMS, COMPRAS_TITLE } from './rules';

export const COMPRA_MESSAGES = {
  title: COMPRAS_TITLE,
  adminTitle: ADMIN_COMPRAS_TITLE,
  newRequest: 'Nueva solicitud de compra',
  empty: 'Aún no tienes solicitudes de compra.',
  adminEmpty: 'No hay solicitudes de compra con estos filtros.',
  notFound: 'Solicitud de compra no encontrada.',
  linkRequired: 'Pega el enlace del producto (debe empezar por http:// o https://).',
  linkInvalid: 'El enlace del producto debe empezar por http:// o https://.',
  nameRequired: 'Escribe el nombre del producto.',
  nameMax: 'El nombre admite hasta 200 caracteres.',
  optionsMax: 'Las opciones admiten hasta 200 caracteres.',
  notesMax: 'Las notas admiten hasta 1000 caracteres.',
  quantityInvalid: `La cantidad debe ser un número entero de 1 a ${COMPRA_QUANTITY_MAX}.`,
  priceInvalid: 'Indica el precio en dólares, con hasta dos decimales.',
  itemsRequired: 'Agrega al menos un producto.',
  itemsMax: `Puedes pedir hasta ${COMPRA_MAX_ITEMS} productos por solicitud.`,
  mailboxRequired: 'Elige el casillero al que la tienda enviará la compra.',
  mailboxInvalid: 'Elige uno de tus casilleros activos de Miami o Beijing.',
  created: (code: string) => `Solicitud ${code} enviada. Te avisaremos cuando esté cotizada.`,
  cancelled: 'Solicitud cancelada.',
  cannotCancel: 'Esta solicitud ya no se puede cancelar: ya fue aceptada.',
  notQuotable: 'Esta solicitud ya no se puede cotizar.',
  quoteItemsMismatch: 'Confirma el precio de cada producto de la solicitud.',
  validHoursInvalid: 'La validez debe ser de 1 a 336 horas.',
  quoted: (code: string) => `Cotización de ${code} enviada al cliente.`,
  renewed: 'Cotización renovada: el cliente fue avisado.',
  notRenewable: 'Solo se renueva una cotización que el cliente no ha aceptado.',
  notQuoted: 'Esta solicitud no tiene una cotización por aceptar.',
  alreadyAccepted: 'Esta cotización ya fue aceptada.',
  quoteExpired: 'La cotización venció: pide que la renueven para aceptarla.',
  accepted: (invoice: string) => `Cotización aceptada. Paga la factura ${invoice} en Facturas.`,
  notPaid: 'La compra se registra cuando la factura está pagada.',
  alreadyPurchased: 'Esta compra ya fue registrada.',
  orderNumberRequired: 'Escribe el número de pedido de la tienda.',
  finalAmountInvalid: 'Indica el monto final que cobró la tienda, en dólares.',
  receiptRequired: 'Adjunta el recibo de la tienda.',
  receiptInvalid: 'El recibo de la tienda no es válido: súbelo de nuevo.',
  purchased: 'Compra registrada: el cliente fue avisado.',
  purchasedCredit: (amount: string) =>
    `Compra registrada. La diferencia de ${amount} quedó como saldo a favor del cliente.`,
  purchasedExtra: (amount: string) =>
    `Compra registrada. El cliente debe aceptar la diferencia de ${amount} (factura adicional).`,
  noDifference: 'Esta compra no tiene una diferencia por aceptar.',
  differenceAccepted: (invoice: string) => `Diferencia aceptada. Paga la factura ${invoice} en Facturas.`,
  notPurchased: 'Primero registra la compra en la tienda.',
  trackingRequired: 'Escribe al menos un número de tracking.',
  trackingInvalid: 'Un número de tracking no es válido.',
  trackingTaken: (tracking: string) => `El tracking ${tracking} ya está prealertado por otro cliente.`,
  trackingDuplicate: (tracking: string) => `El tracking ${tracking} ya está prealertado.`,
  trackingsAdded: (n: number) =>
    n === 1
      ? 'Tracking registrado: se creó la pre-alerta del cliente.'
      : `${n} trackings registrados: se crearon las pre-alertas del cliente.`,
  itemNotFound: 'Artículo no encontrado en esta solicitud.',
  issueRequired: 'Elige qué pasó con el artículo: agotado o cambió de precio.',
  issueNoteRequired: 'Escribe una nota para el cliente (hasta 500 caracteres).',
  newPriceInvalid: 'El nuevo precio debe ser mayor a $0, en dólares con hasta dos decimales.',
  newPriceSame: 'El nuevo precio es igual al confirmado en la cotización.',
  issueNotPaid: 'Solo se marca un artículo de una compra pagada y aún no comprada en la tienda.',
  issueAlreadyMarked: 'Este artículo ya tiene un problema registrado.',
  issueMarked: 'Artículo marcado: el cliente fue avisado para que elija.',
  issuePending: 'El cliente aún no decide sobre un artículo con problema: espera su elección.',
  choiceRequired: 'Elige cancelar el artículo o aceptar el nuevo precio.',
  noIssue: 'Este artículo no tiene un cambio por decidir.',
  alreadyChosen: 'Ya elegiste qué hacer con este artículo.',
  outOfStockOnlyCancel: 'Un artículo agotado solo se puede cancelar.',
  itemCancelled: (amount: string) => `Artículo cancelado: ${amount} quedó como saldo a favor.`,
  itemAcceptedExtra: (invoice: string) => `Nuevo precio aceptado. Paga la factura ${invoice} en Facturas.`,
  itemAcceptedCredit: (amount: string) => `Nuevo precio aceptado: ${amount} quedó como saldo a favor.`,
  itemAccepted: 'Nuevo precio aceptado.',
  settingsSaved: 'Ajustes de la compra asistida guardados.',
  feePercentInvalid: 'El porcentaje debe estar entre 0 y 50.',
  feeMinimumInvalid: 'El mínimo debe estar entre $0 y $1.000.',
} as const;

export const COMPRA_CREDIT_DESCRIPTION = (code: string) => `Compra ${code}: diferencia a favor (saldo a favor)`;
export const COMPRA_ITEM_CREDIT_DESCRIPTION = (code: string, name: string) =>
  `Compra ${code}: artículo cancelado (${name}), saldo a favor`.slice(0, 250);
export const COMPRA_ITEM_PRICE_CREDIT_DESCRIPTION = (code: string, name: string) =>
  `Compra ${code}: nuevo precio menor (${name}), saldo a favor`.slice(0, 250);
export const COMPRA_ITEM_INVOICE_DESCRIPTION = (code: string, name: string) =>
  `Compra asistida ${code}: nuevo precio de ${name}`.slice(0, 250);
export const COMPRA_INVOICE_DESCRIPTION = (code: string) => `Compra asistida ${code}`;
export const COMPRA_EXTRA_INVOICE_DESCRIPTION = (code: string) => `Compra asistida ${code}: diferencia del monto final`;
export const COMPRA_PREALERT_DESCRIPTION = (code: string, names: string) =>
  `Compra asistida ${code}: ${names}`.slice(0, 250);

export const COMPRA_LINE_LABELS = {
  item: (name: string, quantity: number) => (quantity === 1 ? name : `${name} × ${quantity}`),
  salesTax: 'Impuesto de la tienda (sales tax)',
  shipping: 'Envío de la tienda a nuestro almacén',
  fee: 'Tarifa de servicio de compra asistida',
};

/** What the customer is told at each state change (in-app, and the channels they chose). */
export const COMPRA_NOTICES = {
  requested: (code: string) => ({
    title: `Solicitud de compra ${code} recibida`,
    message: 'Te enviaremos la cotización con el total a pagar.',
  }),
  quoted: (code: string, total: string, until: string) => ({
    title: `Tu compra ${code} está cotizada`,
    message: `Total: ${total}. Acéptala antes del ${until} para que compremos por ti.`,
  }),
  renewed: (code: string, until: string) => ({
    title: `Cotización de ${code} renovada`,
    message: `Puedes aceptarla hasta el ${until}.`,
  }),
  accepted: (code: string, invoice: string) => ({
    title: `Aceptaste la cotización de ${code}`,
    message: `Paga la factura ${invoice} para que hagamos la compra.`,
  }),
  paid: (code: string) => ({
    title: `Compra ${code} pagada`,
    message: 'Recibimos tu pago: haremos la compra en la tienda.',
  }),
  purchased: (code: string, order: string) => ({
    title: `Compramos tu pedido ${code}`,
    message: `Número de pedido de la tienda: ${order}.`,
  }),
  credit: (code: string, amount: string) => ({
    title: `Compra ${code}: ${amount} a tu favor`,
    message: `La tienda cobró menos de lo cotizado: ${amount} quedó como saldo a favor.`,
  }),
  extra: (code: string, amount: string) => ({
    title: `Compra ${code}: diferencia de ${amount}`,
    message: 'La tienda cobró más de lo cotizado: acepta la diferencia en Compras para pagarla.',
  }),
  shipped: (code: string, trackings: string) => ({
    title: `La tienda envió tu compra ${code}`,
    message: `Tracking: ${trackings}. Ya está prealertada en tu casillero.`,
  }),
  outOfStock: (code: string, name: string, note: string) => ({
    title: `Compra ${code}: ${name} está agotado`,
    message: `${note} Entra en Compras para cancelar el artículo; su parte vuelve como saldo a favor.`,
  }),
  priceChanged: (code: string, name: string, before: string, after: string, note: string) => ({
    title: `Compra ${code}: ${name} cambió de precio`,
    message: `Antes ${before}, ahora ${after}. ${note} Entra en Compras para aceptar el nuevo precio o cancelar el artículo.`,
  }),
  itemCancelled: (code: string, name: string, amount: string) => ({
    title: `Compra ${code}: cancelaste ${name}`,
    message: `${amount} quedó como saldo a favor en tu cuenta.`,
  }),
  itemAccepted: (code: string, name: string, detail: string) => ({
    title: `Compra ${code}: aceptaste el nuevo precio de ${name}`,
    message: detail,
  }),
  cancelled: (code: string) => ({ title: `Compra ${code} cancelada`, message: 'La solicitud quedó cancelada.' }),
};

export const formatCompraAmount = formatUsdFromCents;
