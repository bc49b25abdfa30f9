// The demo's customers as they signed up: who they are, where they live, and when they opened
// each mailbox. The first two sign in (DEMO_ACCOUNTS); the others fill the lists and reports.
import type { CasilleroType, VenezuelanState } from '@casillero/shared';
import type { CustomerKey } from './context';

export type CustomerSpec = {
  email: string;
  fullName: string;
  phone: string | null;
  cedula: string | null;
  address: string | null;
  city: string | null;
  state: VenezuelanState | null;
  registeredDaysAgo: number;
  lastActiveDaysAgo: number;
  /** The first is the one chosen at sign-up; the second is opened later. */
  mailboxes: { type: CasilleroType; openedDaysAgo: number }[];
};

export const CUSTOMER_SPECS: Record<CustomerKey, CustomerSpec> = {
  maria: {
    email: 'maria@casillero.test',
    fullName: 'María Fernanda González',
    phone: '+58 424 123 4567',
    cedula: 'V-18456789',
    address: 'Av. Francisco de Miranda, Edif. Parque Cristal, Torre Este, piso 8, apto 8-B, Los Palos Grandes',
    city: 'Caracas',
    state: 'Miranda',
    registeredDaysAgo: 150,
    lastActiveDaysAgo: 0,
    mailboxes: [
      { type: 'usa', openedDaysAgo: 150 },
      { type: 'china', openedDaysAgo: 2 },
    ],
  },
  carlos: {
    email: 'carlos@casillero.test',
    fullName: 'Carlos Eduardo Rodríguez',
    phone: '+58 414 987 6543',
    cedula: null,
    address: null,
    city: 'Valencia',
    state: 'Carabobo',
    registeredDaysAgo: 100,
    lastActiveDaysAgo: 1,
    mailboxes: [{ type: 'usa', openedDaysAgo: 100 }],
  },
  jose: {
    email: 'jose.perez@ejemplo.test',
    fullName: 'José Gregorio Pérez Márquez',
    phone: '+58 412 555 0198',
    cedula: 'V-14789632',
    address: 'Calle 72 con Av. 3E, Residencias Lago Mar, apto 5-A, sector Tierra Negra',
    city: 'Maracaibo',
    state: 'Zulia',
    registeredDaysAgo: 172,
    lastActiveDaysAgo: 0.5,
    mailboxes: [
      { type: 'usa', openedDaysAgo: 172 },
      { type: 'china', openedDaysAgo: 127 },
    ],
  },
  ana: {
    email: 'ana.hernandez@ejemplo.test',
    fullName: 'Ana Karina Hernández Rojas',
    phone: null,
    cedula: 'V-20345678',
    address: 'Carrera 19 entre calles 25 y 26, Edif. Don Alfonso, piso 3, apto 3-2',
    city: 'Barquisimeto',
    state: 'Lara',
    registeredDaysAgo: 77,
    lastActiveDaysAgo: 7,
    mailboxes: [{ type: 'china', openedDaysAgo: 77 }],
  },
  luis: {
    email: 'luis.ramirez@ejemplo.test',
    fullName: 'Luis Alberto Ramírez Colmenares',
    phone: '+58 416 234 7781',
    cedula: 'V-12654987',
    address: 'Urb. El Paraíso, Av. Páez, Res. Los Jardines, torre B, apto 12-3',
    city: 'Caracas',
    state: 'Distrito Capital',
    registeredDaysAgo: 112,
    lastActiveDaysAgo: 34,
    mailboxes: [{ type: 'usa', openedDaysAgo: 112 }],
  },
  daniela: {
    email: 'daniela.suarez@ejemplo.test',
    fullName: 'Daniela Alejandra Suárez Briceño',
    phone: '+58 426 718 2290',
    cedula: 'V-22113456',
    address: 'Av. Las Américas, Conjunto Residencial Santa María, casa 14',
    city: 'Mérida',
    state: 'Mérida',
    registeredDaysAgo: 162,
    lastActiveDaysAgo: 4,
    mailboxes: [
      { type: 'usa', openedDaysAgo: 162 },
      { type: 'china', openedDaysAgo: 10 },
    ],
  },
  rafael: {
    email: 'rafael.mendoza@ejemplo.test',
    fullName: 'Rafael Antonio Mendoza Salazar',
    phone: '+58 424 609 3312',
    cedula: 'V-26987412',
    address: 'Calle Bolívar, casa N.º 45, sector Centro',
    city: 'Puerto La Cruz',
    state: 'Anzoátegui',
    registeredDaysAgo: 3,
    lastActiveDaysAgo: 0,
    mailboxes: [{ type: 'usa', openedDaysAgo: 3 }],
  },
};
