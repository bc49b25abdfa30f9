// The customer's ship request from Almacén (docs/product/last-mile.md#the-ship-request): the
// Spanish texts of the dialog, its price and its refusals. zod-free.

export const SHIP_REQUEST_MESSAGES = {
  packagesRequired: 'Marca al menos un paquete para enviar.',
  packagesTooMany: 'Puedes enviar hasta 50 paquetes en una solicitud.',
  packageNotFound: 'No encontramos uno de los paquetes marcados.',
  repackNotFound: 'No encontramos uno de los reempaques marcados.',
  repackNotFinished: (wr: string) =>
    `El reempaque ${wr} aún no está listo: podrás enviarlo cuando el almacén lo termine.`,
  repackNoMeasures: (wr: string) =>
    `A la caja del reempaque ${wr} le faltan el peso o las medidas: escríbenos y lo revisamos antes de enviarla.`,
  packageInFinishedRepack: (label: string, wr: string) =>
    `El paquete ${label} va dentro del reempaque ${wr}: marca el reempaque, que viaja como una sola caja.`,
  packageNotShippable: (label: string) =>
    `El paquete ${label} no está disponible para enviar (ya está en otro envío o aún no llega al almacén).`,
  packageInRepack: (label: string) =>
    `El paquete ${label} espera un reempaque: podrás enviarlo cuando el almacén lo termine.`,
  packageNoMeasures: (label: string) =>
    `Al paquete ${label} le faltan el peso o las medidas: escríbenos y lo revisamos antes de enviarlo.`,
  mixedOrigins: 'Los paquetes de Miami y los de China viajan por separado: marca solo los de un almacén.',
  noOrigin: 'No sabemos desde qué almacén sale uno de los paquetes: escríbenos y lo revisamos.',
  methodRequired: 'Elige si el envío va aéreo o marítimo.',
  methodNotOffered: 'Desde China solo se envía por vía marítima.',
  alreadyRequested:
    'Uno de los paquetes ya está en otra solicitud de envío. Actualiza la página y vuelve a intentarlo.',
  created: (code: string, invoice: string) =>
    `Solicitud enviada: el envío ${code} se prepara y la factura ${invoice} está en Facturas. Al pagarla, sale en el próximo despacho.`,
  createdTitle: 'Solicitud de envío recibida',
  createdMessage: (code: string, count: number, city: string, invoice: string) =>
    `Preparamos tu envío ${code} (${count} ${count === 1 ? 'paquete' : 'paquetes'}) a ${city}. Paga la factura ${invoice} para que salga en el próximo despacho.`,
  lineShipping: (code: string, count: number, method: string) =>
    `Envío ${code}: flete ${method.toLowerCase()} (${count} ${count === 1 ? 'paquete' : 'paquetes'})`,
  lineStorage: 'Almacenaje pasados los días libres',
  lineDelivery: (label: string) => `Entrega: ${label}`,
  invoiceDescription: (code: string) => `Envío ${code} solicitado desde Almacén`,
  unpaidForDeparture: (code: string, invoice: string) =>
    `El envío ${code} lo solicitó el cliente y su factura ${invoice} no está pagada: sale en un despacho cuando se pague.`,
} as const;

/** The dialog 'Enviar a Venezuela' in Almacén (its recipient and agency fields share DELIVERY_CHOICE_LABELS). */
export const SHIP_REQUEST_LABELS = {
  action: 'Enviar a Venezuela',
  parcels: 'Paquetes a enviar',
  noTracking: 'Sin tracking',
  repack: (wr: string) => `Reempaque ${wr}`,
  repackContents: (count: number) => `${count} ${count === 1 ? 'paquete' : 'paquetes'} en una caja`,
  /** Beside a parcel shown but not offered: the server refuses it too (packageInRepack). */
  waitingRepack: 'Espera un reempaque: podrás enviarlo cuando el almacén lo termine.',
  mode: 'Modo de envío',
  onlyMode: (label: string) => `Modo: ${label}`,
  recipientPlaceholder: 'Elige a quién se envía',
  recipientRequired: 'Elige a quién se envía.',
  noRecipients: 'Agrega destinatarios en Mi Perfil › Destinatarios',
  city: 'Ciudad',
  agencyStateFirst: 'Primero elige el estado',
  noAgencies: 'No hay agencias activas en ese lugar',
  price: 'Precio',
  freight: (mode: string) => `Flete ${mode.toLowerCase()}`,
  total: 'Total',
  cancel: 'Cancelar',
  confirm: 'Confirmar envío',
  successTitle: 'Solicitud de envío',
} as const;
