// The customer confirms a parcel's declared value (docs/product/insurance.md). Only their own
// parcel (another's is answered as missing), only while it has none and sits in the warehouse;
// afterwards staff correct it from the package's details. The row's audit trigger records the
// change with the customer as its person (the procedure runs audited).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  DECLARED_VALUE_MESSAGES as M,
  PACKAGE_STATUSES_SHIPPABLE,
  formatUsdCents,
  insurancePremiumCents,
  type declaredValueConfirmInput,
  type z,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { packages } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { getInsuranceRule } from '../queries/claims';
import { packageLabel } from '../queries/problem-parcels';

export async function confirmDeclaredValue(
  tx: DbOrTx,
  userId: string,
  input: z.output<typeof declaredValueConfirmInput>,
) {
  const [updated] = await tx
    .update(packages)
    .set({ estimatedValueUsdCents: input.declaredValueUsdCents })
    .where(
      and(
        eq(packages.id, input.packageId),
        eq(packages.userId, userId),
        isNull(packages.estimatedValueUsdCents),
        inArray(packages.status, [...PACKAGE_STATUSES_SHIPPABLE]),
        sql`not exists (select 1 from shipment_packages sp where sp.package_id = ${packages.id})`,
      ),
    )
    .returning({ warehouseReceipt: packages.warehouseReceipt, trackingNumber: packages.trackingNumber });
  if (updated) {
    const label = updated.warehouseReceipt ?? updated.trackingNumber ?? input.packageId.slice(0, 8);
    return { message: M.confirmed(label, formatUsdCents(input.declaredValueUsdCents)) };
  }
  // Nothing changed: say why, without telling another customer's parcel from a missing one.
  const [own] = await tx
    .select({ value: packages.estimatedValueUsdCents })
    .from(packages)
    .where(and(eq(packages.id, input.packageId), eq(packages.userId, userId)));
  if (!own) throw new DomainError('NOT_FOUND', M.notFound);
  if (own.value != null) throw new DomainError('CONFLICT', M.alreadyDeclared);
  throw new DomainError('CONFLICT', M.notInWarehouse);
}

/**
 * Staff's 'Asegurar envío' in Crear Envío (docs/product/insurance.md#insuring-a-shipment): the
 * insured value is the parcels' declared values added up, the premium the one rule applied once to
 * it. A parcel without a declared value refuses the insurance ("escríbelo en Gestión de Paquetes").
 */
export async function insureParcels(tx: DbOrTx, packageIds: readonly string[]) {
  const [missing] = await tx
    .select({ label: packageLabel })
    .from(packages)
    .where(and(inArray(packages.id, [...packageIds]), isNull(packages.estimatedValueUsdCents)))
    .limit(1);
  if (missing) throw new DomainError('BAD_INPUT', M.insureBlocked(missing.label));
  const [row] = await tx
    .select({ cents: sql<string | null>`sum(${packages.estimatedValueUsdCents})::bigint` })
    .from(packages)
    .where(inArray(packages.id, [...packageIds]));
  const insuredUsdCents = Number(row?.cents ?? 0);
  return { insuredUsdCents, premiumUsdCents: insurancePremiumCents(insuredUsdCents, await getInsuranceRule(tx)) };
}
