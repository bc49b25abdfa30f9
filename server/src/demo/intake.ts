// Parcels received "sin dueño": nobody pre-alerted them and their label names no casillero we
// know, so the reception service keeps each in the unclaimed queue with its own WR number; a
// customer who pre-alerts one of these numbers gets it at once, or the warehouse assigns it.
import { eq } from 'drizzle-orm';
import { receptionReceiveInput } from '@casillero/shared';
import { parcelIntakes } from '../db/schema';
import { receiveParcel } from '../services/reception';
import { asStaff, at, endStaffWork, type DemoCast, type DemoContext } from './context';

const UNCLAIMED = [
  // The label's code was misread (a letter O for a zero): it names no mailbox.
  {
    code: '1Z8V4E910312345678',
    mailboxCode: 'MV-19487-0O123',
    description: 'Caja mediana sin nombre legible',
    weightKg: 2.4,
    lengthCm: 40,
    widthCm: 30,
    heightCm: 20,
    receivedAgo: [1, 2],
  },
  {
    code: 'TBA309988776655',
    mailboxCode: null,
    description: null,
    weightKg: 0.6,
    lengthCm: null,
    widthCm: null,
    heightCm: null,
    receivedAgo: [0, 3],
  },
] as const;

export async function receiveUnclaimed(ctx: DemoContext, cast: DemoCast): Promise<void> {
  const who = cast.staff.almacen;
  const received: { intakeId: string; when: Date }[] = [];
  for (const { receivedAgo, ...scan } of UNCLAIMED) {
    const input = receptionReceiveInput.parse({ ...scan, carrier: null, photos: [] });
    const { intakeId } = await asStaff(ctx, who, 'reception.receive', () =>
      receiveParcel(ctx.db, ctx.config, who.id, input),
    );
    received.push({ intakeId, when: at(ctx, receivedAgo[0], receivedAgo[1]) });
  }
  await endStaffWork(ctx);
  for (const { intakeId, when } of received) {
    await ctx.tx.update(parcelIntakes).set({ receivedAt: when }).where(eq(parcelIntakes.id, intakeId));
  }
}
