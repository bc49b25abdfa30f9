// The Spanish texts of public tracking (docs/product/public-tracking.md): /rastreo, /rastreo/<número> and the
// home page's search box. Anyone may read these pages, so nothing here names a person.

export const PUBLIC_TRACKING_MESSAGES = {
  // Page
  pageTitle: 'Rastrea tu paquete',
  pageSubtitle:
    'Escribe el número de tracking del transportista o el número WR de nuestro almacén para ver en qué va tu paquete.',
  pageDescription:
    'Rastrea tu paquete con el número de tracking (UPS, FedEx, USPS, DHL, Amazon) o el número WR del almacén: estado, historial y fecha estimada de entrega.',
  searchLabel: 'Rastrear un paquete',
  numberLabel: 'Número de tracking o WR',
  numberPlaceholder: 'Ej.: 1Z999AA10123456784 o WR-2026-00131',
  search: 'Rastrear',
  searching: 'Buscando…',
  homeTitle: '¿Dónde está mi paquete?',
  homeText: 'Rastréalo con su número de tracking o WR, sin iniciar sesión.',
  intro:
    'Verás el estado y el historial del paquete, y la fecha estimada de entrega cuando ya viaja a Venezuela. Por tu privacidad, aquí no se muestran nombres, direcciones ni códigos de casillero: inicia sesión para ver todos los detalles.',
  // Result
  resultTitle: (number: string) => `Paquete ${number}`,
  // Validation and limits
  numberRequired: 'Escribe el número de tracking o WR.',
  numberTooShort: (min: number) => `El número debe tener al menos ${min} letras o números.`,
  numberTooLong: (max: number) => `El número no puede exceder ${max} caracteres.`,
  numberCharacters: 'El número solo puede tener letras, números, espacios, guiones y guiones bajos.',
  tooManyLookups: (minutes: number) =>
    `Demasiadas consultas desde tu conexión. Espera ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} antes de intentar nuevamente.`,
} as const;
