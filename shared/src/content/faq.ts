import { CHINA_AIR_MIN_KG, DELIVERY_TIME, WAREHOUSE_ADDRESSES } from '../constants';
import { PAYMENT_METHODS } from '../enums';
import { TRAVEL_RULES_MESSAGES } from '../travel-rules/messages';

export type FaqSection = {
  id: string;
  title: string;
  /** `rules`: the answer is the travel rules in effect (docs/product/travel-rules.md#the-faq). */
  items: { question: string; answer: string; rules?: true }[];
};

const miami = WAREHOUSE_ADDRESSES.USA;

/** The FAQ tab of /contacto (docs/product/public-site.md#faq). */
export const FAQ_SECTIONS: FaqSection[] = [
  {
    id: 'talleres',
    title: 'Talleres de importación',
    items: [
      {
        question: '¿Qué incluye el taller presencial?',
        answer: 'Clases prácticas, asesoría sobre tu caso, material de trabajo y un certificado digital.',
      },
      {
        question: '¿Qué incluye el taller en vivo en línea?',
        answer: 'Las clases en vivo, el material en PDF y un certificado digital. Las sesiones no se graban.',
      },
      {
        question: '¿Qué método se enseña?',
        answer: 'El método de los tres pilares: proveedores, métodos de pago y métodos de envío.',
      },
      {
        question: '¿Qué aprendo para USA y qué para China?',
        answer:
          'Para USA: comprar en tiendas en línea, usar tu casillero en Miami y aprovechar descuentos de hasta 47% en una tienda de moda rápida. Para China: encontrar y verificar proveedores, negociar al mayor y calcular tu envío por CBM.',
      },
    ],
  },
  {
    id: 'cursos-grabados',
    title: 'Cursos digitales grabados',
    items: [
      {
        question: '¿Por cuánto tiempo tengo acceso?',
        answer:
          'El acceso es ilimitado: puedes ver las clases cuantas veces quieras. Al terminar recibes tu certificado.',
      },
    ],
  },
  {
    id: 'asesoria',
    title: 'Asesoría 1 a 1',
    items: [
      {
        question: '¿Cómo funciona la asesoría personalizada?',
        answer: 'Es con cita previa, de 8:00 a.m. a 1:00 p.m., o hasta que domines el proceso de importación.',
      },
    ],
  },
  {
    id: 'casillero-miami',
    title: 'Logística del casillero en Miami',
    items: [
      {
        question: '¿Cuál es la dirección del casillero?',
        answer: `${miami.addressLine1}, ${miami.city}, ${miami.state} ${miami.postalCode}, ${miami.country}. Agrega tu código de casillero en la segunda línea de la dirección.`,
      },
      {
        question: '¿Cuánto tarda un envío a Venezuela?',
        answer: `Aéreo: aproximadamente ${DELIVERY_TIME.usaAereo}. Marítimo: aproximadamente ${DELIVERY_TIME.usaMaritimo}.`,
      },
      {
        question: TRAVEL_RULES_MESSAGES.faqQuestion,
        // Rendered from the rules in effect (site.travelRules); this is what the prerendered page says.
        answer: TRAVEL_RULES_MESSAGES.faqIntro,
        rules: true,
      },
    ],
  },
  {
    id: 'china-venezuela',
    title: 'Envíos de China a Venezuela',
    items: [
      {
        question: '¿Qué opciones de envío hay desde China?',
        answer: `Aéreo regular: ${DELIVERY_TIME.chinaAereoRegular}, mínimo ${CHINA_AIR_MIN_KG.regular} kg. Aéreo expreso: ${DELIVERY_TIME.chinaAereoExpress}, mínimo ${CHINA_AIR_MIN_KG.express} kg. Marítimo: ${DELIVERY_TIME.chinaMaritimo} de desaduanaje.`,
      },
    ],
  },
  {
    id: 'pagos',
    title: 'Métodos de pago',
    items: [
      {
        question: '¿Cómo puedo pagar?',
        answer: `Aceptamos ${PAYMENT_METHODS.slice(0, -1).join(', ')} y ${PAYMENT_METHODS[PAYMENT_METHODS.length - 1].toLowerCase()}.`,
      },
    ],
  },
];
