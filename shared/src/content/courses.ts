import { COURSE_PRICES_USD } from '../constants';

export type Course = {
  id: string;
  title: string;
  description: string;
  /** The preview video; opens in a new tab. */
  previewUrl: string;
  badge: string;
  rating: number;
  students: number;
  duration: string;
  level: string;
  topics: string[];
  benefits: string[];
} & (
  | { kind: 'online'; onlinePriceUsd: number; consultingPriceUsd: number }
  | { kind: 'workshop'; regularPriceUsd: number; nextDate: string; location: string }
);

/**
 * The courses of /cursos (docs/product/public-site.md#courses). Preview links point to YouTube searches of each
 * topic until the business publishes its own preview videos; replace them here.
 */
export const COURSES: Course[] = [
  {
    id: 'importacion-usa',
    kind: 'online',
    title: 'Curso de Importación desde USA',
    description:
      'Aprende a comprar en tiendas de Estados Unidos, usar tu casillero en Miami y traer tu mercancía a Venezuela pagando solo lo justo.',
    previewUrl: 'https://www.youtube.com/results?search_query=importar+desde+USA+a+Venezuela+casillero',
    badge: 'Más vendido',
    rating: 4.9,
    students: 412,
    duration: '6 semanas',
    level: 'Principiante',
    onlinePriceUsd: COURSE_PRICES_USD.online,
    consultingPriceUsd: COURSE_PRICES_USD.consulting,
    topics: [
      'Cómo funciona un casillero en Miami',
      'Tiendas, cupones y descuentos (hasta 47% en moda rápida)',
      'Métodos de pago desde Venezuela',
      'Envío aéreo o marítimo: cuándo conviene cada uno',
    ],
    benefits: [
      'Acceso ilimitado a las clases grabadas',
      'Certificado digital',
      'Activación gratis de tu casillero USA',
    ],
  },
  {
    id: 'importacion-china-ia',
    kind: 'online',
    title: 'Curso de Importación desde China con IA',
    description:
      'Encuentra proveedores confiables en China, negocia con ayuda de la inteligencia artificial y calcula tu envío antes de comprar.',
    previewUrl: 'https://www.youtube.com/results?search_query=importar+desde+China+a+Venezuela+inteligencia+artificial',
    badge: 'Nuevo',
    rating: 4.8,
    students: 285,
    duration: '8 semanas',
    level: 'Intermedio',
    onlinePriceUsd: COURSE_PRICES_USD.online,
    consultingPriceUsd: COURSE_PRICES_USD.consulting,
    topics: [
      'El método de los tres pilares: proveedores, métodos de pago y métodos de envío',
      'Búsqueda y verificación de proveedores',
      'Negociación y traducción con IA',
      'Cálculo de CBM y costos de importación',
    ],
    benefits: ['Acceso ilimitado a las clases grabadas', 'Certificado digital', 'Plantillas de negociación'],
  },
  {
    id: 'taller-presencial',
    kind: 'workshop',
    title: 'Taller Presencial de Importación',
    description:
      'Un día completo de práctica: compras en vivo, asesoría sobre tu caso, material de trabajo y certificado digital.',
    previewUrl: 'https://www.youtube.com/results?search_query=taller+presencial+importaci%C3%B3n+Venezuela',
    badge: 'Cupos limitados',
    rating: 5,
    students: 72,
    duration: '1 día (8 horas)',
    level: 'Todos los niveles',
    regularPriceUsd: COURSE_PRICES_USD.workshop,
    nextDate: 'Próxima fecha por anunciar: escríbenos para reservar tu cupo',
    location: 'Caracas y Valencia',
    topics: ['Clases prácticas', 'Asesoría personalizada', 'Material de apoyo', 'Certificado digital'],
    benefits: ['Grupo reducido', 'Práctica con casos reales', 'Comunidad de importadores'],
  },
];
