// Walks every procedure of the app router, so each one added later is checked too: role ×
// procedure. Anonymous callers get UNAUTHORIZED from every non-public procedure, customers get
// FORBIDDEN from every staff procedure, each staff role gets FORBIDDEN exactly where its
// permissions (shared/src/permissions.ts) do not reach, and the public surface is exactly the
// list below. A staff procedure without a known permission fails the first test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/db';
import { callerFor, newVisitor } from '../test/caller';
import { PERMISSIONS, STAFF_ROLES, can, type Permission, type StaffRole } from '@casillero/shared';
import { signedInAdmin, signedInAlly, signedInCustomer, signedInStaff } from '../test/factories';
import type { Meta } from './init';
import { appRouter } from './router';

/** Changing this list is a decision: a public procedure is open to the whole internet. */
const PUBLIC_PROCEDURES = [
  'auth.adminSetup',
  'auth.adminSetupStatus',
  'auth.me',
  'auth.requestPasswordReset',
  'auth.requestSignInLink',
  'auth.resendVerification',
  'auth.resetPassword',
  'auth.signIn',
  'auth.signInWithLink',
  'auth.signOut',
  'auth.signUp',
  'auth.verifyEmail',
  'contact.send',
  // The customs rules in effect, for the quotes' estimate (docs/product/customs.md): figures and their source, no person.
  'customs.current',
  'departures.next',
  'publicTracking.lookup',
  'site.config',
  // The insurance rule the public calculators apply (docs/product/insurance.md): two numbers, no person.
  'site.insuranceRule',
  // The price list in effect and the next one scheduled (docs/product/price-lists.md): prices, no person.
  'site.prices',
  // What may travel, for the FAQ (docs/product/travel-rules.md): rules, no person.
  'site.travelRules',
  'staff.acceptInvitation',
  'staff.invitation',
];

type AnyProcedure = { _def: { meta?: Meta; type: string } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>).map(
  ([path, p]) => ({
    path,
    access: p._def.meta?.access,
    permission: p._def.meta?.permission,
  }),
);
const staffProcedures = procedures.filter((p) => p.access === 'staff');

/** Who may call each procedure of one area: customers (their own), or staff with one permission. */
type AccessTable = Record<
  string,
  { access: 'user' } | { access: 'staff'; permission: Permission; roles: readonly StaffRole[] }
>;

/**
 * The area's procedures are exactly the table's (a procedure added to it fails here until the
 * table says who may call it), each guarded as the table says, its permission held by its roles.
 */
function expectAccessTable(inArea: (path: string) => boolean, table: AccessTable) {
  const area = procedures.filter((p) => inArea(p.path));
  expect(area.map((p) => p.path).sort()).toEqual(Object.keys(table).sort());
  for (const p of area) {
    const expected = table[p.path]!;
    expect({ access: p.access, permission: p.permission }, p.path).toEqual({
      access: expected.access,
      permission: expected.access === 'staff' ? expected.permission : undefined,
    });
    if (expected.access === 'staff')
      expect(
        STAFF_ROLES.filter((r) => can(r, expected.permission)),
        p.path,
      ).toEqual(expected.roles);
  }
}

function call(caller: unknown, path: string): Promise<unknown> {
  const fn = path.split('.').reduce<any>((node, key) => node[key], caller);
  return fn(undefined);
}

async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (err) {
    return err instanceof TRPCError ? err.code : `not a TRPCError: ${String(err)}`;
  }
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('access matrix', () => {
  it('every procedure declares who may call it, each staff procedure its permission, and the public ones are exactly the known list', () => {
    expect(procedures.length).toBeGreaterThan(PUBLIC_PROCEDURES.length);
    for (const p of procedures) expect(['public', 'user', 'staff'], p.path).toContain(p.access);
    for (const p of staffProcedures) expect(PERMISSIONS, p.path).toContain(p.permission);
    expect(
      procedures
        .filter((p) => p.access === 'public')
        .map((p) => p.path)
        .sort(),
    ).toEqual(PUBLIC_PROCEDURES);
  });

  it('billing (docs/decisions/021-billing-in-bolivares.md): customers read their own invoices and the active methods; the cashier records rates, invoices and corrections; only the administrator keeps the payment methods', () => {
    const BILLING_ACCESS: AccessTable = {
      'billing.mine': { access: 'user' },
      'billing.invoice': { access: 'user' },
      'billing.invoiceDetail': { access: 'staff', permission: 'payments.read', roles: ['admin', 'caja', 'atencion'] },
      'billing.customerAccount': { access: 'staff', permission: 'payments.read', roles: ['admin', 'caja', 'atencion'] },
      'billing.issue': { access: 'staff', permission: 'payments.write', roles: ['admin', 'caja'] },
      'billing.recordEntry': { access: 'staff', permission: 'payments.write', roles: ['admin', 'caja'] },
      'billing.decideCorrection': { access: 'staff', permission: 'payments.write', roles: ['admin', 'caja'] },
      'exchangeRates.list': { access: 'staff', permission: 'payments.read', roles: ['admin', 'caja', 'atencion'] },
      'exchangeRates.today': { access: 'staff', permission: 'payments.read', roles: ['admin', 'caja', 'atencion'] },
      'exchangeRates.record': { access: 'staff', permission: 'payments.write', roles: ['admin', 'caja'] },
      'paymentMethods.active': { access: 'user' },
      'paymentMethods.all': { access: 'staff', permission: 'payments.read', roles: ['admin', 'caja', 'atencion'] },
      'paymentMethods.create': { access: 'staff', permission: 'billing.settings', roles: ['admin'] },
      'paymentMethods.update': { access: 'staff', permission: 'billing.settings', roles: ['admin'] },
    };
    expectAccessTable((path) => /^(billing|exchangeRates|paymentMethods)\./.test(path), BILLING_ACCESS);
  });

  it('fiscal documents (docs/product/fiscal-invoices.md): the administrator keeps the fiscal settings; customers give their own fiscal data; the cashier issues a nota de cobro as a factura and corrects a factura with a note; the sales book is a report', () => {
    const FISCAL_ACCESS: AccessTable = {
      'fiscal.settings': { access: 'staff', permission: 'billing.settings', roles: ['admin'] },
      'fiscal.updateSettings': { access: 'staff', permission: 'billing.settings', roles: ['admin'] },
      'fiscal.mine': { access: 'user' },
      'fiscal.saveMine': { access: 'user' },
      'fiscal.customerDocuments': {
        access: 'staff',
        permission: 'payments.read',
        roles: ['admin', 'caja', 'atencion'],
      },
      'fiscal.pendingControl': { access: 'staff', permission: 'payments.read', roles: ['admin', 'caja', 'atencion'] },
      'fiscal.issueFactura': { access: 'staff', permission: 'payments.write', roles: ['admin', 'caja'] },
      'fiscal.issueNote': { access: 'staff', permission: 'payments.write', roles: ['admin', 'caja'] },
      'fiscal.salesBook': { access: 'staff', permission: 'reports.read', roles: ['admin', 'caja'] },
    };
    expectAccessTable((path) => path.startsWith('fiscal.'), FISCAL_ACCESS);
  });

  it('reconciliation (docs/product/admin-payments-and-billing.md#reconciliation): the cashier and the administrator upload, approve and assign credits; customer service only reads; the warehouse nothing', () => {
    const RECONCILIATION_ACCESS: Record<string, { permission: Permission; roles: StaffRole[] }> = {
      'reconciliation.upload': { permission: 'payments.write', roles: ['admin', 'caja'] },
      'reconciliation.statements': { permission: 'payments.read', roles: ['admin', 'caja', 'atencion'] },
      'reconciliation.lines': { permission: 'payments.read', roles: ['admin', 'caja', 'atencion'] },
      'reconciliation.approveMatched': { permission: 'payments.write', roles: ['admin', 'caja'] },
      'reconciliation.approveLine': { permission: 'payments.write', roles: ['admin', 'caja'] },
      'reconciliation.assignLine': { permission: 'payments.write', roles: ['admin', 'caja'] },
    };
    const reconciliation = procedures.filter((p) => p.path.startsWith('reconciliation.'));
    // A procedure added to this router fails here until this table says who may call it.
    expect(reconciliation.map((p) => p.path).sort()).toEqual(Object.keys(RECONCILIATION_ACCESS).sort());
    for (const p of reconciliation) {
      const expected = RECONCILIATION_ACCESS[p.path]!;
      expect({ access: p.access, permission: p.permission }, p.path).toEqual({
        access: 'staff',
        permission: expected.permission,
      });
      expect(
        STAFF_ROLES.filter((r) => can(r, expected.permission)),
        p.path,
      ).toEqual(expected.roles);
    }
  });

  it('agency counters (docs/product/last-mile.md#agency-counters-and-proof-of-delivery): the agencia role reaches the counter and nothing else; unlocking and the reminder are the administrator’s; home proofs are whoever writes shipments', () => {
    const PICKUP_ACCESS: Record<
      string,
      { access: 'user' } | { access: 'staff'; permission: Permission; roles: StaffRole[] }
    > = {
      'pickups.myAgency': { access: 'staff', permission: 'pickups.counter', roles: ['admin', 'agencia'] },
      'pickups.list': { access: 'staff', permission: 'pickups.counter', roles: ['admin', 'agencia'] },
      'pickups.markReady': { access: 'staff', permission: 'pickups.counter', roles: ['admin', 'agencia'] },
      'pickups.deliver': { access: 'staff', permission: 'pickups.counter', roles: ['admin', 'agencia'] },
      'pickups.unlock': { access: 'staff', permission: 'pickups.manage', roles: ['admin'] },
      'pickups.recordHomeDelivery': { access: 'staff', permission: 'shipments.write', roles: ['admin', 'almacen'] },
      'pickups.proof': {
        access: 'staff',
        permission: 'shipments.read',
        roles: ['admin', 'almacen', 'caja', 'atencion'],
      },
      'pickups.ownProof': { access: 'user' },
      'pickups.settings': { access: 'staff', permission: 'pickups.manage', roles: ['admin'] },
      'pickups.updateSettings': { access: 'staff', permission: 'pickups.manage', roles: ['admin'] },
      'pickups.agencies': { access: 'staff', permission: 'staff.manage', roles: ['admin'] },
    };
    const pickups = procedures.filter((p) => p.path.startsWith('pickups.'));
    expect(pickups.map((p) => p.path).sort()).toEqual(Object.keys(PICKUP_ACCESS).sort());
    for (const p of pickups) {
      const expected = PICKUP_ACCESS[p.path]!;
      expect({ access: p.access, permission: p.permission }, p.path).toEqual({
        access: expected.access,
        permission: expected.access === 'staff' ? expected.permission : undefined,
      });
      if (expected.access === 'staff')
        expect(
          STAFF_ROLES.filter((r) => can(r, expected.permission)),
          p.path,
        ).toEqual(expected.roles);
    }
    // The agencia role holds nothing but the counter.
    expect(
      staffProcedures
        .filter((p) => can('agencia', p.permission!))
        .map((p) => p.path)
        .sort(),
    ).toEqual(['pickups.deliver', 'pickups.list', 'pickups.markReady', 'pickups.myAgency']);
  });

  it('claims (docs/product/claims.md): customers open, follow and answer their own; customer service and the administrator run the desk; only the administrator changes its settings', () => {
    const desk = { access: 'staff', permission: 'claims.manage', roles: ['admin', 'atencion'] } as const;
    const CLAIM_ACCESS: AccessTable = {
      'claims.mine': { access: 'user' },
      'claims.detail': { access: 'user' },
      'claims.settings': { access: 'user' },
      'claims.open': { access: 'user' },
      'claims.answer': { access: 'user' },
      'claims.list': desk,
      'claims.count': desk,
      'claims.adminDetail': desk,
      'claims.deskPeople': desk,
      'claims.assign': desk,
      'claims.ask': desk,
      'claims.decide': desk,
      'claims.updateSettings': { access: 'staff', permission: 'claims.settings', roles: ['admin'] },
    };
    expectAccessTable((path) => path.startsWith('claims.'), CLAIM_ACCESS);
  });

  it('parcel searches (docs/product/first-mile.md#delivered-but-not-received): the warehouse and the administrator run them; the administrator sets when they open and sees the dashboard; customers read their own and open the claim', () => {
    const warehouse = { access: 'staff', permission: 'searches.manage', roles: ['admin', 'almacen'] } as const;
    const adminOnly = { access: 'staff', permission: 'searches.settings', roles: ['admin'] } as const;
    expectAccessTable((path) => path.startsWith('parcelSearches.'), {
      'parcelSearches.list': warehouse,
      'parcelSearches.stats': warehouse,
      'parcelSearches.markFound': warehouse,
      'parcelSearches.addNote': warehouse,
      'parcelSearches.settings': adminOnly,
      'parcelSearches.updateSettings': adminOnly,
      'parcelSearches.dashboard': adminOnly,
      'parcelSearches.mine': { access: 'user' },
      'parcelSearches.openClaim': { access: 'user' },
    });
  });

  it('compra asistida (docs/product/compra-asistida.md): customers ask, accept and follow their own; customer service and the administrator quote and buy; the administrator sets the fee', () => {
    const desk = { access: 'staff', permission: 'compras', roles: ['admin', 'atencion'] } as const;
    expectAccessTable((path) => path.startsWith('compras.'), {
      'compras.mine': { access: 'user' },
      'compras.options': { access: 'user' },
      'compras.detail': { access: 'user' },
      'compras.create': { access: 'user' },
      'compras.cancel': { access: 'user' },
      'compras.accept': { access: 'user' },
      'compras.acceptDifference': { access: 'user' },
      'compras.chooseItem': { access: 'user' },
      'compras.list': desk,
      'compras.count': desk,
      'compras.adminDetail': desk,
      'compras.settings': desk,
      'compras.quote': desk,
      'compras.renew': desk,
      'compras.recordPurchase': desk,
      'compras.addTrackings': desk,
      'compras.markItemIssue': desk,
      'compras.updateSettings': { access: 'staff', permission: 'billing.settings', roles: ['admin'] },
    });
  });

  it('the price list (docs/product/price-lists.md): the administrator alone reads and changes it', () => {
    const admin = { access: 'staff', permission: 'prices.manage', roles: ['admin'] } as const;
    expectAccessTable((path) => path.startsWith('prices.'), {
      'prices.versions': admin,
      'prices.create': admin,
      'prices.cancel': admin,
      'prices.updateSettings': admin,
    });
  });

  it('the travel rules (docs/product/travel-rules.md): the administrator alone keeps them; anyone signed in reads those in effect', () => {
    const admin = { access: 'staff', permission: 'rules.manage', roles: ['admin'] } as const;
    expectAccessTable((path) => path.startsWith('travelRules.'), {
      'travelRules.inEffect': { access: 'user' },
      'travelRules.versions': admin,
      'travelRules.create': admin,
      'travelRules.cancel': admin,
    });
  });

  it('the customs rules (docs/product/customs.md): the administrator alone keeps them, the threshold and the error report; the warehouse settles departures too; anyone reads those in effect', () => {
    const admin = { access: 'staff', permission: 'customs.manage', roles: ['admin'] } as const;
    const settle = { access: 'staff', permission: 'customs.settle', roles: ['admin', 'almacen'] } as const;
    expectAccessTable((path) => path.startsWith('customs.') && path !== 'customs.current', {
      'customs.versions': admin,
      'customs.create': admin,
      'customs.cancel': admin,
      'customs.setThreshold': admin,
      'customs.accuracy': admin,
      'customs.threshold': settle,
      'customs.settlements': settle,
      'customs.settle': settle,
    });
  });

  it('allies (docs/product/allies.md): the administrator alone keeps the allies; an ally’s login reaches its own portal and nothing else', () => {
    const admin = { access: 'staff', permission: 'allies.manage', roles: ['admin'] } as const;
    const portal = { access: 'staff', permission: 'allies.portal', roles: ['aliado'] } as const;
    expectAccessTable((path) => /^(allies|allyPortal)\./.test(path), {
      'allies.list': admin,
      'allies.create': admin,
      'allies.update': admin,
      'allies.setActive': admin,
      'allyPortal.me': portal,
      'allyPortal.customers': portal,
      'allyPortal.createCustomer': portal,
      'allyPortal.prealerts': portal,
      'allyPortal.parcels': portal,
      'allyPortal.shipments': portal,
      'allyPortal.invoices': portal,
      'allyPortal.statement': portal,
    });
    // The aliado role holds nothing but its portal.
    expect(
      staffProcedures
        .filter((p) => can('aliado', p.permission!))
        .map((p) => p.path)
        .every((path) => path.startsWith('allyPortal.')),
    ).toBe(true);
  });

  it('the declared value (docs/product/insurance.md): customers list and confirm their own; staff correct it with packages.write', () => {
    const byPath = new Map(procedures.map((p) => [p.path, p]));
    expect(byPath.get('packages.missingDeclaredValue')).toMatchObject({ access: 'user', permission: undefined });
    expect(byPath.get('packages.confirmDeclaredValue')).toMatchObject({ access: 'user', permission: undefined });
    expect(byPath.get('packages.update')).toMatchObject({ access: 'staff', permission: 'packages.write' });
  });

  it('the first mile (docs/product/first-mile.md): the administrator alone sets the day’s budget of requests to the tracking provider', () => {
    const FIRST_MILE_ACCESS: AccessTable = {
      'firstMile.settings': { access: 'staff', permission: 'carriers.settings', roles: ['admin'] },
      'firstMile.updateSettings': { access: 'staff', permission: 'carriers.settings', roles: ['admin'] },
    };
    expectAccessTable((path) => path.startsWith('firstMile.'), FIRST_MILE_ACCESS);
  });

  it('anonymous callers get UNAUTHORIZED from every non-public procedure', async () => {
    const anonymous = callerFor(database.db, newVisitor());
    const guarded = procedures.filter((p) => p.access !== 'public');
    expect(guarded.length).toBeGreaterThan(0);
    for (const p of guarded)
      expect(`${p.path}: ${await errorCode(call(anonymous, p.path))}`).toBe(`${p.path}: UNAUTHORIZED`);
  });

  it('customers get FORBIDDEN from every staff procedure', async () => {
    const { caller } = await signedInCustomer(database.db);
    expect(staffProcedures.length).toBeGreaterThan(0);
    for (const p of staffProcedures)
      expect(`${p.path}: ${await errorCode(call(caller, p.path))}`).toBe(`${p.path}: FORBIDDEN`);
  });

  it.each(STAFF_ROLES)('role %s: FORBIDDEN exactly where its permissions do not reach', async (role) => {
    // An ally's login is made with its ally (docs/product/allies.md), as in the product.
    const { caller } =
      role === 'aliado'
        ? await signedInAlly(database.db, await signedInAdmin(database.db))
        : await signedInStaff(database.db, role);
    for (const p of staffProcedures) {
      const code = await errorCode(call(caller, p.path));
      const allowed = can(role, p.permission!);
      if (allowed) expect(['UNAUTHORIZED', 'FORBIDDEN'], `${role} ${p.path}`).not.toContain(code);
      else expect(`${role} ${p.path}: ${code}`).toBe(`${role} ${p.path}: FORBIDDEN`);
    }
  });

  it('a customer demoted or promoted takes effect on the next request (role read every time)', async () => {
    const { caller, user } = await signedInCustomer(database.db);
    const adminPath = staffProcedures[0]!.path;
    expect(await errorCode(call(caller, adminPath))).toBe('FORBIDDEN');
    const { users } = await import('../db/schema');
    const { eq } = await import('drizzle-orm');
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    expect(await errorCode(call(caller, adminPath))).not.toBe('FORBIDDEN');
  });
});
