import { ACTIVATION_COST_USD_CENTS, DELIVERY_TIME, WAREHOUSE_ADDRESSES } from '../constants';
import { formatUsd } from '../format';
import type { PriceList } from '../price-list/price-list';

/** The two locker cards of /servicios (docs/product/public-site.md#services). */
export const SERVICE_LOCKERS = {
  usa: {
    title: 'Casillero en Miami (USA)',
    activationUsdCents: ACTIVATION_COST_USD_CENTS.usa,
    summary: 'Compra en cualquier tienda de Estados Unidos y recibe en tu casillero de Miami.',
    benefits: [
      `Dirección en ${WAREHOUSE_ADDRESSES.USA.city}, Florida`,
      'Consolidación de paquetes: varias compras en un solo envío',
      `Envío aéreo en ${DELIVERY_TIME.usaAereo} o marítimo en ${DELIVERY_TIME.usaMaritimo}`,
      'Activación gratis al comprar un curso',
    ],
    /** From the price list in effect (docs/product/price-lists.md); the text without it while it loads. */
    rate: (p: PriceList) => `Aéreo desde ${formatUsd(p.usaAirRatePerLbUsdCents / 100)} por libra`,
    rateLoading: 'Aéreo: tarifa por libra en la calculadora',
  },
  china: {
    title: 'Casillero en Beijing (China)',
    activationUsdCents: ACTIVATION_COST_USD_CENTS.china,
    summary: 'Importa directo de fábricas y proveedores chinos con tu dirección en Beijing.',
    benefits: [
      `Dirección en ${WAREHOUSE_ADDRESSES.CHINA.city}`,
      'Envío en dos etapas: del proveedor al casillero (tiempo variable) y del casillero a Venezuela',
      `Marítimo a Venezuela en ${DELIVERY_TIME.chinaMaritimo} de desaduanaje`,
      'Ideal para importación directa, con soporte especializado',
    ],
    rate: (p: PriceList) => `Marítimo a ${formatUsd(p.chinaSeaRatePerCbmUsdCents / 100)} por CBM`,
    rateLoading: 'Marítimo: tarifa por CBM en la calculadora',
  },
} as const;

/** The three reasons to choose the service. */
export const SERVICE_REASONS = [
  { title: 'Tarifas claras', text: 'Calcula tu envío antes de comprar: lo que ves en la calculadora es lo que pagas.' },
  {
    title: 'Seguimiento en cada paso',
    text: 'Sigue tus paquetes desde el casillero hasta Venezuela y recibe un aviso en cada cambio.',
  },
  {
    title: 'Acompañamiento experto',
    text: 'Más de 5 años importando y formando importadores: te ayudamos a decidir cómo enviar.',
  },
] as const;
