import { IconCalculator, IconSchool, IconTruckDelivery, type Icon } from '@tabler/icons-react';

/** The Servicios dropdown of the header and the drawer (docs/product/public-site.md#header). */
export const SERVICE_ITEMS = [
  { label: 'Servicios', to: '/servicios', icon: IconTruckDelivery },
  { label: 'Cursos', to: '/cursos', icon: IconSchool },
  { label: 'Calculadora USA', to: '/cotizar', icon: IconCalculator },
  { label: 'Calculadora China', to: '/cotizar-china', icon: IconCalculator },
] as const satisfies readonly { label: string; to: string; icon: Icon }[];
