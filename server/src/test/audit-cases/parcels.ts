// The audit table's cases for the parcels: trackings, pre-alerts, casilleros, packages, repacks,
// reception, imports, problem parcels and storage (docs/product/staff-and-audit.md#audit-log): for
// each staff mutation, how to call it and which entry it must leave (audit/audit-every-
// mutation.test.ts).
import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { STORAGE_MESSAGES } from '@casillero/shared';
import { mailboxes, notifications, packages } from '../../db/schema';
import { customerWithActiveMailbox } from '../factories';
import { getStorageSettings } from '../../queries/storage';
import { type Case, db, unique, ana, setup, customerCaller, tracking, pkg, prealert, repackRequest } from '../audit';

export const PARCEL_CASES: Record<string, Case> = {
  'trackings.create': async () => {
    const trackingNumber = unique('AUDC');
    return {
      input: {
        mailboxId: ana.mailboxId,
        trackingNumber,
        carrier: 'DHL',
        description: 'Una chaqueta de invierno',
        senderName: 'Zara',
      },
      expected: (r) => ({
        entity: 'trackings',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: { tracking_number: trackingNumber, status: 'created' },
      }),
    };
  },
  'trackings.updateStatus': async () => {
    const t = await tracking();
    return {
      input: { id: t.id, status: 'in_warehouse' },
      expected: () => ({
        entity: 'trackings',
        entityId: t.id,
        operation: 'update',
        before: { status: 'created' },
        after: { status: 'in_warehouse' },
      }),
    };
  },
  'trackings.requestRepack': async () => {
    const t = await tracking();
    return {
      input: { id: t.id, reason: 'La caja llegó rota' },
      expected: () => ({
        entity: 'trackings',
        entityId: t.id,
        operation: 'update',
        before: { needs_reempaque: false },
        after: { needs_reempaque: true, reempaque_reason: 'La caja llegó rota' },
      }),
    };
  },
  'prealerts.confirm': async () => {
    const p = await prealert();
    return {
      input: { id: p.id },
      expected: () => ({
        entity: 'prealerts',
        entityId: p.id,
        operation: 'update',
        before: { status: 'pending' },
        after: { status: 'confirmed' },
      }),
    };
  },
  'prealerts.edit': async () => {
    const p = await prealert();
    return {
      input: { id: p.id, description: 'Libros de repostería', quantityItems: 3 },
      expected: () => ({
        entity: 'prealerts',
        entityId: p.id,
        operation: 'update',
        before: { description: 'Libros de cocina', quantity_items: 2 },
        after: { description: 'Libros de repostería', quantity_items: 3 },
      }),
    };
  },
  'prealerts.convert': async () => {
    const p = await prealert();
    await setup.prealerts.confirm({ id: p.id });
    return {
      input: { id: p.id, actualWeight: 2, actualValueUsdCents: 4000 },
      expected: () => ({
        entity: 'prealerts',
        entityId: p.id,
        operation: 'update',
        before: { status: 'confirmed' },
        after: { status: 'converted' },
      }),
    };
  },
  'mailboxes.createForClient': async () => {
    return {
      input: {
        userId: ana.user.id,
        country: 'CHINA',
        addressLine1: 'Calle 1, Edificio 2',
        city: 'Guangzhou',
        postalCode: '510000',
      },
      expected: async () => {
        const [box] = await db()
          .select({ id: mailboxes.id })
          .from(mailboxes)
          .where(and(eq(mailboxes.userId, ana.user.id), eq(mailboxes.country, 'CHINA')));
        return {
          entity: 'mailboxes',
          entityId: box!.id,
          operation: 'insert',
          before: null,
          after: { user_id: ana.user.id, country: 'CHINA', status: 'inactive' },
        };
      },
    };
  },
  'mailboxes.setStatus': async () => {
    // Another customer's: Ana's mailbox must stay active for the other cases.
    const { mailboxId } = await customerWithActiveMailbox(db(), { nombre: 'Bruno Auditoría' });
    return {
      input: { id: mailboxId, status: 'inactive' },
      expected: () => ({
        entity: 'mailboxes',
        entityId: mailboxId,
        operation: 'update',
        before: { status: 'active' },
        after: { status: 'inactive' },
      }),
    };
  },
  'packages.create': async () => {
    const trackingNumber = unique('AUDPC');
    return {
      input: {
        userId: ana.user.id,
        mailboxId: ana.mailboxId,
        trackingNumber,
        packageDescription: 'Lámpara',
        status: 'pending',
      },
      expected: (r) => ({
        entity: 'packages',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: { tracking_number: trackingNumber, status: 'pending' },
      }),
    };
  },
  'packages.update': async () => {
    const p = await pkg('pending');
    return {
      input: {
        id: p.id,
        userId: ana.user.id,
        mailboxId: ana.mailboxId,
        trackingNumber: p.trackingNumber,
        packageDescription: 'Lámpara de mesa',
        status: 'pending',
      },
      expected: () => ({
        entity: 'packages',
        entityId: p.id,
        operation: 'update',
        before: { package_description: 'Audífonos' },
        after: { package_description: 'Lámpara de mesa' },
      }),
    };
  },
  'packages.updateStatus': async () => {
    const p = await pkg('pending');
    return {
      input: { id: p.id, status: 'received' },
      expected: () => ({
        entity: 'packages',
        entityId: p.id,
        operation: 'update',
        before: { status: 'pending' },
        after: { status: 'received' },
      }),
    };
  },
  'packages.receive': async () => {
    const p = await pkg('pending');
    const wr = unique('WR-REC-');
    return {
      input: { id: p.id, warehouseReceipt: wr, weightKg: 3.25, warehouseLocation: 'A-3' },
      expected: () => ({
        entity: 'packages',
        entityId: p.id,
        operation: 'update',
        before: { status: 'pending', weight_kg: null },
        after: { status: 'received', weight_kg: 3.25, warehouse_location: 'A-3' },
      }),
    };
  },
  'packages.delete': async () => {
    const p = await pkg('pending');
    return {
      input: { id: p.id },
      expected: () => ({
        entity: 'packages',
        entityId: p.id,
        operation: 'delete',
        before: { id: p.id, tracking_number: p.trackingNumber },
        after: null,
      }),
    };
  },
  'repacks.process': async () => {
    const request = await repackRequest();
    const wr = unique('WR-REP-');
    return {
      input: { id: request.id, warehouseReceipt: wr, weightKg: 12.5, dimensionsCm: '60x40x40' },
      expected: () => ({
        entity: 'repack_requests',
        entityId: request.id,
        operation: 'update',
        before: { status: 'pending', warehouse_receipt: null },
        after: { status: 'processed', warehouse_receipt: wr, weight_kg: 12.5, dimensions_cm: '60x40x40' },
      }),
    };
  },
  'repacks.markShipped': async () => {
    const request = await repackRequest();
    await setup.repacks.process({
      id: request.id,
      warehouseReceipt: unique('WR-ENV-'),
      weightKg: 8,
      dimensionsCm: '50x40x30',
    });
    return {
      input: { id: request.id },
      expected: () => ({
        entity: 'repack_requests',
        entityId: request.id,
        operation: 'update',
        before: { status: 'processed' },
        after: { status: 'shipped' },
      }),
    };
  },
  'reception.receive': async () => {
    // A number nobody expects: received "sin dueño" (the intake is the row the scan leaves).
    const code = unique('AUDRC');
    return {
      input: { code, weightKg: 2, mailboxCode: 'XX-AUD-0' },
      expected: (r) => ({
        entity: 'parcel_intakes',
        entityId: r.intakeId,
        operation: 'insert',
        before: null,
        after: { tracking_number: code, status: 'unclaimed', weight_kg: 2, mailbox_code_read: 'XX-AUD-0' },
      }),
    };
  },
  'reception.assign': async () => {
    const intake = await setup.reception.receive({ code: unique('AUDRA'), weightKg: 1.5 });
    return {
      input: { intakeId: intake.intakeId, mailboxId: ana.mailboxId },
      expected: () => ({
        entity: 'parcel_intakes',
        entityId: intake.intakeId,
        operation: 'update',
        before: { status: 'unclaimed', mailbox_id: null },
        after: { status: 'claimed', mailbox_id: ana.mailboxId },
      }),
    };
  },
  'parcelImports.applyFile': async () => {
    const trackingNumber = unique('AUDIMP');
    return {
      input: { fileName: 'manifiesto-auditado.csv', csv: `tracking;peso\n${trackingNumber};1,5\n` },
      expected: (r) => ({
        entity: 'parcel_imports',
        entityId: r.importId,
        operation: 'insert',
        before: null,
        after: { file_name: 'manifiesto-auditado.csv', row_count: 1, unclaimed_count: 1 },
      }),
    };
  },
  'problemParcels.flag': async () => {
    const parcel = await pkg();
    return {
      input: { packageId: parcel.id, reason: 'no_invoice', note: 'Falta la factura.', extraChargeUsd: 6 },
      expected: () => ({
        entity: 'package_problems',
        entityId: parcel.id,
        operation: 'insert',
        before: null,
        after: { reason: 'no_invoice', note: 'Falta la factura.', extra_charge_usd_cents: 600 },
      }),
    };
  },
  'problemParcels.complete': async () => {
    const parcel = await pkg();
    await setup.problemParcels.flag({ packageId: parcel.id, reason: 'prohibited', note: 'Aerosol.' });
    await customerCaller().problemParcels.choose({ packageId: parcel.id, choice: 'dispose' });
    return {
      input: { packageId: parcel.id },
      expected: () => ({
        entity: 'package_problems',
        entityId: parcel.id,
        operation: 'update',
        before: { resolved_at: null, completed_at: null },
        after: { completed_by: expect.any(String) },
      }),
    };
  },
  'problemParcels.updateSettings': async () => ({
    input: { abandonDays: 20, returnFeeUsd: 12 },
    expected: () => ({
      entity: 'app_settings',
      entityId: 'problem_parcels',
      operation: 'insert',
      before: null,
      after: { key: 'problem_parcels', value: { abandonDays: 20, returnFeeUsdCents: 1200 } },
    }),
  }),
  'storage.updateSettings': async () => ({
    input: { freeDays: 25 },
    expected: () => ({
      entity: 'app_settings',
      entityId: 'storage',
      operation: 'insert',
      before: null,
      after: { key: 'storage', value: { freeDays: 25 } },
    }),
  }),
  'storage.remindNow': async () => {
    const customer = await customerWithActiveMailbox(db(), { nombre: 'Cliente Almacenaje Auditado' });
    // Three free days left, whatever the free days are set to by then (another case changes them).
    const { freeDays } = await getStorageSettings(db());
    const [parcel] = await db()
      .insert(packages)
      .values({
        userId: customer.user.id,
        mailboxId: customer.mailboxId,
        trackingNumber: unique('AUDSTO'),
        packageDescription: 'Libros',
        weightKg: 1,
        status: 'in_warehouse',
        receivedDate: new Date(Date.now() - (freeDays - 3) * 24 * 3600 * 1000),
      })
      .returning({ id: packages.id });
    return {
      input: { packageId: parcel!.id },
      expected: async () => {
        const [notice] = await db()
          .select({ id: notifications.id })
          .from(notifications)
          .where(eq(notifications.userId, customer.user.id));
        return {
          entity: 'notifications',
          entityId: notice!.id,
          operation: 'insert',
          before: null,
          after: { user_id: customer.user.id, package_id: parcel!.id, title: STORAGE_MESSAGES.reminderSoonTitle },
        };
      },
    };
  },
};
