// The public site's texts and figures (docs/product/public-site.md). Content the business edits lives
// here, not in the pages. Prices, rates and delivery times come from ../constants.ts and
// ../quote/constants.ts (docs/product/product-decisions.md#d8-one-value-one-place).

/** Landing-page statistics and claims (docs/product/public-site.md#marketing-figures). */
export const HOME_STATS = [
  { value: '5+', label: 'Años de experiencia' },
  { value: '3K+', label: 'Envíos exitosos' },
  { value: '24/7', label: 'Soporte con IA' },
] as const;

/** The courses page's statistics (docs/product/public-site.md#marketing-figures). */
export const COURSE_STATS = [
  { value: '769+', label: 'Estudiantes' },
  { value: '10+', label: 'Años de experiencia' },
  { value: '4.9/5', label: 'Valoración promedio' },
  { value: '95%', label: 'Tasa de éxito' },
] as const;

export type Testimonial = {
  name: string;
  business: string;
  /** Shown as an avatar with these initials (no photos: nothing to download). */
  initials: string;
  text: string;
  rating: 5;
};

/** The three testimonial cards of the home page (docs/product/public-site.md#home). */
export const HOME_TESTIMONIALS: Testimonial[] = [
  {
    name: 'Carolina Méndez',
    business: 'Boutique Carol · Valencia',
    initials: 'CM',
    text: 'Empecé trayendo ropa desde Miami con mi casillero y hoy importo cada mes. Mis paquetes llegan consolidados y siempre sé dónde están.',
    rating: 5,
  },
  {
    name: 'José Gregorio Pérez',
    business: 'Tecno JG · Maracaibo',
    initials: 'JP',
    text: 'El curso me enseñó a negociar con proveedores en China y a calcular el envío antes de comprar. Mi primera importación fue rentable.',
    rating: 5,
  },
  {
    name: 'Andreína Salazar',
    business: 'Andy Beauty Store · Caracas',
    initials: 'AS',
    text: 'La atención por WhatsApp es inmediata y las tarifas son claras desde la calculadora. Ya no dependo de intermediarios.',
    rating: 5,
  },
];

/** The courses page's two testimonials. */
export const COURSE_TESTIMONIALS: Testimonial[] = [
  {
    name: 'Luis Alberto Rivas',
    business: 'Emprendedor · Barquisimeto',
    initials: 'LR',
    text: 'Los tres pilares (proveedores, métodos de pago y métodos de envío) me ordenaron la cabeza. En dos meses hice mi primera compra al mayor.',
    rating: 5,
  },
  {
    name: 'María Fernanda Castillo',
    business: 'MF Accesorios · Puerto La Cruz',
    initials: 'MC',
    text: 'La asesoría 1 a 1 fue hasta que dominé el proceso, tal como prometieron. Recomiendo el taller presencial.',
    rating: 5,
  },
];

/** About the instructor (docs/product/public-site.md#home). */
export const INSTRUCTOR = {
  name: 'Ricardo Andrade',
  role: 'Fundador e instructor de importación digital',
  bio: [
    'Importador desde hace más de 5 años, especializado en la logística de Miami a Venezuela y en la compra directa a fábricas en China.',
    'Ha formado a más de 200 estudiantes en cursos en línea y talleres presenciales en dos ciudades de Venezuela, y acompaña cada envío de su propia empresa de casilleros.',
  ],
  highlights: [
    { value: '200+', label: 'Estudiantes formados' },
    { value: '2', label: 'Ciudades con talleres presenciales' },
    { value: '3K+', label: 'Envíos gestionados' },
  ],
} as const;

/** The credentials list of the home page (docs/product/public-site.md#home). */
export const CREDENTIALS = [
  'Más de 5 años de experiencia en importación y logística internacional',
  'Más de 3.000 envíos exitosos de Miami y China a Venezuela',
  'Más de 200 estudiantes formados en importación digital',
  'Talleres presenciales en Caracas y Valencia',
  'Especialista en logística Miami – Venezuela',
  'Soporte 24/7 asistido por inteligencia artificial',
] as const;

/** Offices and hours of the contact tab and the footer (docs/product/public-site.md#contact-details). */
export const CONTACT_INFO = {
  offices: ['Caracas, Venezuela', 'Miami, Florida (USA)', 'Shanghai, China'],
  hours: ['Lunes a viernes: 8:00 a 18:00', 'Sábados: 9:00 a 14:00'],
  timezone: 'Hora de Venezuela (GMT-4)',
} as const;
