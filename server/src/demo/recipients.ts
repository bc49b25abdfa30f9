// The last mile in the demo (docs/product/last-mile.md): every customer's own entry in their
// address book (made from the profile, as the app makes it), María's mother Carmen, authorised
// to collect, and the partner agencies of the four largest cities.
import { and, eq } from 'drizzle-orm';
import type { VenezuelanState } from '@casillero/shared';
import { agencies, recipients } from '../db/schema';
import { insertRecipient } from '../queries/recipients';
import { ensureAccountHolderRecipient } from '../services/recipients';
import { at, type DemoCast, type DemoContext, type CustomerKey } from './context';

type AgencySpec = {
  carrier: string;
  code: string;
  name: string;
  state: VenezuelanState;
  city: string;
  address: string;
  hours: string;
  phone: string;
  active?: boolean;
};

const WEEKDAYS = 'Lun. a vie. 8:00–17:00, sáb. 8:00–12:00';

export const DEMO_AGENCIES: AgencySpec[] = [
  {
    carrier: 'MRW',
    code: 'MRW-CCS-CHACAO',
    name: 'Chacao',
    state: 'Miranda',
    city: 'Caracas',
    address: 'Av. Francisco de Miranda, C.C. Lido, nivel Miranda, local M-12, Chacao',
    hours: WEEKDAYS,
    phone: '+582129531100',
  },
  {
    carrier: 'Zoom',
    code: 'ZOOM-CCS-SABANA',
    name: 'Sabana Grande',
    state: 'Distrito Capital',
    city: 'Caracas',
    address: 'Bulevar de Sabana Grande, Edif. Galerías Bolívar, PB, local 4',
    hours: WEEKDAYS,
    phone: '+582127614400',
  },
  {
    carrier: 'Tealca',
    code: 'TEALCA-CCS-CANDELARIA',
    name: 'La Candelaria',
    state: 'Distrito Capital',
    city: 'Caracas',
    address: 'Av. Urdaneta, esquina Candilito, Edif. Centro Candelaria, PB',
    hours: 'Lun. a vie. 8:00–16:30',
    phone: '+582125772210',
    active: false,
  },
  {
    carrier: 'MRW',
    code: 'MRW-VLN-CENTRO',
    name: 'Valencia Centro',
    state: 'Carabobo',
    city: 'Valencia',
    address: 'Av. Bolívar Norte, C.C. Camoruco, local 15',
    hours: WEEKDAYS,
    phone: '+582418243300',
  },
  {
    carrier: 'Zoom',
    code: 'ZOOM-VLN-NAGUANAGUA',
    name: 'Naguanagua',
    state: 'Carabobo',
    city: 'Naguanagua',
    address: 'Av. Universidad, C.C. La Granja, nivel PB, local 22',
    hours: WEEKDAYS,
    phone: '+582418671290',
  },
  {
    carrier: 'Tealca',
    code: 'TEALCA-MCBO-5JULIO',
    name: '5 de Julio',
    state: 'Zulia',
    city: 'Maracaibo',
    address: 'Calle 77 (5 de Julio) con Av. 12, Edif. Don Matías, PB',
    hours: WEEKDAYS,
    phone: '+582617984455',
  },
  {
    carrier: 'MRW',
    code: 'MRW-MCBO-DELICIAS',
    name: 'Las Delicias',
    state: 'Zulia',
    city: 'Maracaibo',
    address: 'Av. 15 (Las Delicias) con calle 67, local 3',
    hours: WEEKDAYS,
    phone: '+582617531020',
  },
  {
    carrier: 'Zoom',
    code: 'ZOOM-BQTO-ESTE',
    name: 'Barquisimeto Este',
    state: 'Lara',
    city: 'Barquisimeto',
    address: 'Av. Lara, C.C. Churun Meru, nivel 1, local 108',
    hours: WEEKDAYS,
    phone: '+582512549980',
  },
  {
    carrier: 'Tealca',
    code: 'TEALCA-BQTO-CENTRO',
    name: 'Barquisimeto Centro',
    state: 'Lara',
    city: 'Barquisimeto',
    address: 'Carrera 19 con calle 31, Edif. Tealca, PB',
    hours: WEEKDAYS,
    phone: '+582512311870',
  },
];

export type DemoRecipients = Record<CustomerKey, string> & { carmen: string };

/** The agencies, and each customer's address book; answers each customer's own entry (and Carmen's). */
export async function createRecipients(ctx: DemoContext, cast: DemoCast): Promise<DemoRecipients> {
  const created = at(ctx, 140);
  await ctx.tx.insert(agencies).values(
    DEMO_AGENCIES.map((a) => ({
      kind: 'partner' as const,
      active: true,
      ...a,
      createdAt: created,
      updatedAt: created,
    })),
  );

  const holders = {} as Record<CustomerKey, string>;
  for (const [key, customer] of Object.entries(cast.customers) as [
    CustomerKey,
    (typeof cast.customers)[CustomerKey],
  ][]) {
    await ensureAccountHolderRecipient(ctx.db, customer.id);
    const [holder] = await ctx.tx
      .select({ id: recipients.id })
      .from(recipients)
      .where(and(eq(recipients.userId, customer.id), eq(recipients.isAccountHolder, true)));
    holders[key] = holder.id;
  }
  // María ships to her mother in Valencia, who may also collect María's shipments at an agency.
  const carmen = await insertRecipient(ctx.db, cast.customers.maria.id, {
    fullName: 'Carmen Rodríguez',
    idDocument: 'V-6543210',
    phone: '+584143456789',
    state: 'Carabobo',
    municipality: 'Naguanagua',
    city: 'Valencia',
    address: 'Urb. La Granja, calle 3, casa 12',
    reference: 'Frente a la panadería La Granja',
    isAuthorized: true,
  });
  await ctx.tx
    .update(recipients)
    .set({ createdAt: created, updatedAt: created })
    .where(eq(recipients.userId, cast.customers.maria.id));
  return { ...holders, carmen: carmen! };
}
