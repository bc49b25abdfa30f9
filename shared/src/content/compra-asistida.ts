// The public page /compra-asistida (docs/product/public-site.md#compra-asistida): what the service
// is, its steps and what happens when the store fails, as docs/product/compra-asistida.md rules it.
// The fee's figures are the administrator's settings: the page says how it is made, the quote shows it.

export const COMPRA_PAGE = {
  title: 'Compra asistida',
  subtitle:
    '¿Tu tarjeta no funciona en tiendas de Estados Unidos o China? Nosotros compramos por ti y tú nos pagas en bolívares.',
  stepsTitle: 'Cómo funciona',
  steps: [
    {
      title: 'Pídenos la compra',
      text: 'En Compras, dentro de tu cuenta, pega el enlace de cada producto, la talla o el color, la cantidad y el precio que ves. Elige tu casillero de Miami o Beijing.',
    },
    {
      title: 'Te enviamos la cotización',
      text: 'Confirmamos los precios con la tienda y sumamos su impuesto, su envío a nuestro almacén y nuestra tarifa de servicio. La cotización es válida por un tiempo limitado.',
    },
    {
      title: 'Pagas como prefieras',
      text: 'Al aceptar, recibes una factura a la tasa del día: págala con Pago Móvil o transferencia en bolívares, Zelle, Binance o tu saldo a favor.',
    },
    {
      title: 'Compramos y te avisamos',
      text: 'Compramos en la tienda, te mostramos su recibo y prealertamos los paquetes en tu casillero: llegan a tu nombre y siguen su camino a Venezuela.',
    },
  ],
  feeTitle: 'Lo que pagas',
  fee: [
    'Los productos, al precio confirmado con la tienda.',
    'El impuesto de la tienda (sales tax) y su envío hasta nuestro almacén.',
    'Nuestra tarifa de servicio: un porcentaje del total de la tienda, con un mínimo. La ves en la cotización antes de aceptar.',
    'El envío a Venezuela se cobra después, como cualquier paquete de tu casillero.',
  ],
  failTitle: 'Si la tienda falla',
  fail: [
    'Si un artículo se agota o cambia de precio, te avisamos y tú eliges en Compras.',
    'Cancelar el artículo: su parte de lo que pagaste (precio, impuesto, envío y tarifa) vuelve como saldo a favor.',
    'Aceptar el nuevo precio: si sube, pagas la diferencia en una factura aparte; si baja, la diferencia queda a tu favor.',
    'Si la tienda cobra menos de lo cotizado, la diferencia también queda como saldo a favor.',
  ],
  cta: 'Pedir una compra',
  ctaNoAccount: 'Crear mi casillero',
} as const;
