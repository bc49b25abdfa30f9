// The audit table's cases for the people: allies, clients, staff, notifications, claims and
// assisted purchases (docs/product/staff-and-audit.md#audit-log): for each staff mutation, how to
// call it and which entry it must leave (audit/audit-every-mutation.test.ts).
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLAIM_DEFAULT_SETTINGS } from '@casillero/shared';
import { users } from '../../db/schema';
import { diskFileStore } from '../../files/file-store';
import { storeFile } from '../../files/store';
import { uniqueEmail } from '../factories';
import { tinyPng } from '../files';
import {
  type Case,
  db,
  storageDir,
  unique,
  ana,
  setup,
  notification,
  staffMember,
  pendingInvitationId,
  nextAllyPrefix,
  newAlly,
  compraOfAna,
  claimOfAna,
} from '../audit';

export const PEOPLE_CASES: Record<string, Case> = {
  'allies.create': async () => {
    const prefix = nextAllyPrefix();
    return {
      input: { name: 'Aliado Auditado', prefix, priceAdjustmentBp: -1000, contactEmail: uniqueEmail('aliado-aud') },
      expected: (r) => ({
        entity: 'allies',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: { name: 'Aliado Auditado', prefix, price_adjustment_bp: -1000, active: true },
      }),
    };
  },
  'allies.update': async () => {
    const a = await newAlly();
    return {
      input: { id: a, priceAdjustmentBp: 2500 },
      expected: () => ({
        entity: 'allies',
        entityId: a,
        operation: 'update',
        before: { price_adjustment_bp: 0 },
        after: { price_adjustment_bp: 2500 },
      }),
    };
  },
  'allies.setActive': async () => {
    const a = await newAlly();
    return {
      input: { id: a, active: false },
      expected: () => ({
        entity: 'allies',
        entityId: a,
        operation: 'update',
        before: { active: true },
        after: { active: false },
      }),
    };
  },
  'allyPortal.createCustomer': async ({ staff }) => {
    // The acting 'aliado' login belongs to an ally, as the invitation makes it (docs/product/allies.md).
    const allyId = await newAlly();
    const me = await staff.auth.me();
    await db().update(users).set({ allyId }).where(eq(users.id, me.user!.id));
    const email = uniqueEmail('cliente-aliado-aud');
    return {
      input: { fullName: 'Cliente del Aliado', email, type: 'usa' },
      expected: (r) => ({
        entity: 'users',
        entityId: r.userId,
        operation: 'insert',
        before: null,
        after: { email, role: 'user', ally_id: allyId },
      }),
    };
  },
  'claims.assign': async ({ staff }) => {
    const claimId = await claimOfAna();
    const { user } = await staff.auth.me();
    return {
      input: { id: claimId, staffId: user!.id },
      expected: () => ({
        entity: 'claims',
        entityId: claimId,
        operation: 'update',
        before: { assigned_to: null },
        after: { assigned_to: user!.id },
      }),
    };
  },
  'claims.ask': async () => {
    const claimId = await claimOfAna();
    return {
      input: { id: claimId, request: 'Envíanos la factura de la tienda, por favor.' },
      expected: () => ({
        entity: 'claims',
        entityId: claimId,
        operation: 'update',
        before: { status: 'open' },
        after: { status: 'waiting_customer', answer_by: null },
      }),
    };
  },
  'claims.decide': async () => {
    const claimId = await claimOfAna();
    return {
      input: { id: claimId, decision: 'reject', reason: 'El paquete llegó sellado y sin daños visibles.' },
      expected: () => ({
        entity: 'claims',
        entityId: claimId,
        operation: 'update',
        before: { status: 'open', decision_reason: null },
        after: { status: 'rejected', decision_reason: 'El paquete llegó sellado y sin daños visibles.' },
      }),
    };
  },
  'compras.quote': async () => {
    const id = await compraOfAna();
    const { items } = await setup.compras.adminDetail({ id });
    return {
      input: {
        id,
        items: items.map((i) => ({ id: i.id, priceUsdCents: 2_500 })),
        salesTaxUsdCents: 200,
        shippingUsdCents: 0,
      },
      expected: () => ({
        entity: 'purchase_requests',
        entityId: id,
        operation: 'update',
        before: { status: 'requested', total_usd_cents: null },
        // 25,00 + 2,00 = 27,00; 8 % is 2,16, under the $5,00 minimum.
        after: { status: 'quoted', total_usd_cents: 3_200, fee_usd_cents: 500 },
      }),
    };
  },
  'compras.renew': async () => {
    const id = await compraOfAna('quoted');
    return {
      input: { id, validHours: 24 },
      expected: () => ({
        entity: 'purchase_requests',
        entityId: id,
        operation: 'update',
        // Only the validity changes: 24 hours from now.
        before: { valid_until: expect.any(String) },
        after: { valid_until: expect.any(String) },
      }),
    };
  },
  'compras.recordPurchase': async () => {
    const id = await compraOfAna('paid');
    const receipt = await storeFile(db(), diskFileStore(storageDir), {
      ownerUserId: ana.user.id,
      kind: 'invoice',
      bytes: tinyPng('recibo tienda'),
      contentType: 'image/png',
      originalName: 'recibo.png',
      uploadedBy: ana.user.id,
    });
    return {
      input: { id, storeOrderNumber: 'AUD-112-1', finalUsdCents: 2_700, receiptFileId: receipt.id },
      expected: () => ({
        entity: 'purchase_requests',
        entityId: id,
        operation: 'update',
        before: { status: 'paid', store_order_number: null },
        after: { status: 'purchased', store_order_number: 'AUD-112-1', final_usd_cents: 2_700 },
      }),
    };
  },
  'compras.addTrackings': async () => {
    const id = await compraOfAna('purchased');
    return {
      input: { id, trackingNumbers: [unique('1ZAUDCOMPRA')] },
      expected: () => ({
        entity: 'purchase_requests',
        entityId: id,
        operation: 'update',
        before: { status: 'purchased' },
        after: { status: 'shipped' },
      }),
    };
  },
  'compras.markItemIssue': async () => {
    const id = await compraOfAna('paid');
    const { items } = await setup.compras.adminDetail({ id });
    return {
      input: { id, itemId: items[0]!.id, issue: 'price_changed', newPriceUsdCents: 2_800, note: 'Subió el precio.' },
      expected: () => ({
        entity: 'purchase_request_items',
        entityId: id,
        operation: 'update',
        before: { issue: null, issue_new_price_usd_cents: null },
        after: { issue: 'price_changed', issue_new_price_usd_cents: 2_800, issue_note: 'Subió el precio.' },
      }),
    };
  },
  'compras.updateSettings': async () => {
    const settings = { feeBasisPoints: 750, feeMinimumUsdCents: 400, validHours: 72 };
    return {
      input: settings,
      expected: () => ({
        entity: 'app_settings',
        entityId: 'compras',
        operation: 'insert',
        before: null,
        after: { key: 'compras', value: settings },
      }),
    };
  },
  'claims.updateSettings': async () => {
    const settings = { ...CLAIM_DEFAULT_SETTINGS, answerBusinessDays: 3 };
    return {
      input: settings,
      expected: () => ({
        entity: 'app_settings',
        entityId: 'claims',
        operation: 'insert',
        before: null,
        after: { key: 'claims', value: settings },
      }),
    };
  },
  'notifications.send': async () => {
    return {
      input: {
        recipient: 'individual',
        userId: ana.user.id,
        type: 'package',
        title: 'Aviso auditado',
        message: 'Su paquete espera',
      },
      expected: async () => {
        const list = await setup.notifications.list({ q: 'Aviso auditado' });
        return {
          entity: 'notifications',
          entityId: list.rows[0]!.id,
          operation: 'insert',
          before: null,
          after: { user_id: ana.user.id, title: 'Aviso auditado', type: 'package' },
        };
      },
    };
  },
  'notifications.remove': async () => {
    const n = await notification();
    return {
      input: { id: n.id },
      expected: () => ({
        entity: 'notifications',
        entityId: n.id,
        operation: 'delete',
        before: { id: n.id, title: 'Aviso de prueba' },
        after: null,
      }),
    };
  },
  'clients.update': async () => {
    return {
      input: {
        userId: ana.user.id,
        fullName: 'Ana Auditada Pérez',
        phone: '04141234567',
        cedula: null,
        venezuelaAddress: null,
        venezuelaCity: null,
        venezuelaState: null,
      },
      expected: () => ({
        entity: 'user_profiles',
        entityId: ana.user.id,
        operation: 'update',
        after: { full_name: 'Ana Auditada Pérez', phone: '04141234567' },
      }),
    };
  },
  'staff.invite': async () => {
    const email = uniqueEmail('invitada');
    return {
      input: { email, role: 'caja' },
      expected: async () => ({
        entity: 'staff_invitations',
        entityId: await pendingInvitationId(email),
        operation: 'insert',
        before: null,
        after: { email, role: 'caja', accepted_at: null, revoked_at: null },
      }),
    };
  },
  'staff.revokeInvitation': async () => {
    const email = uniqueEmail('revocada');
    await setup.staff.invite({ email, role: 'almacen' });
    const id = await pendingInvitationId(email);
    return {
      input: { id },
      expected: () => ({
        entity: 'staff_invitations',
        entityId: id,
        operation: 'update',
        before: { revoked_at: null },
      }),
    };
  },
  'staff.setRole': async () => {
    const person = await staffMember('caja');
    return {
      input: { userId: person.id, role: 'atencion' },
      expected: () => ({
        entity: 'users',
        entityId: person.id,
        operation: 'update',
        before: { role: 'caja' },
        after: { role: 'atencion' },
      }),
    };
  },
  'staff.deactivate': async () => {
    const person = await staffMember('almacen');
    return {
      input: { userId: person.id },
      expected: () => ({ entity: 'users', entityId: person.id, operation: 'update', before: { deactivated_at: null } }),
    };
  },
  'staff.reactivate': async () => {
    const person = await staffMember('atencion');
    await setup.staff.deactivate({ userId: person.id });
    return {
      input: { userId: person.id },
      expected: () => ({ entity: 'users', entityId: person.id, operation: 'update', after: { deactivated_at: null } }),
    };
  },
};
