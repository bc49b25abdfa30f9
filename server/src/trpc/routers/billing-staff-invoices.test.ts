import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_ISSUE_MESSAGES } from '@casillero/shared';
import type { Database } from '../../db/client';
import { testConfig } from '../../env';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { recordRate, signedInCustomer, signedInStaff } from '../../test/factories';

let database: Database;
const config = () => testConfig({ appUrl: TEST_APP_URL });
type Person = { visitor: Parameters<typeof callerFor>[1]; user: { id: string }; email: string };
let caja: Person;

beforeAll(async () => {
  database = await createTestDatabase();
  caja = await signedInStaff(database.db, 'caja');
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;
const as = (p: Person) => callerFor(db(), p.visitor, config());

describe('invoices issued by staff', () => {
  it('the cashier invoices a charge with its lines at today’s rate; the customer is told and sees it; a bad line changes nothing', async () => {
    await recordRate(db(), '60');
    const c = await signedInCustomer(db(), { nombre: 'Factura Manual' });
    const issued = await as(caja).billing.issue({
      userId: c.user.id,
      concept: 'course_purchase',
      description: 'Taller de importación',
      lines: [
        { description: 'Taller presencial', amountUsd: 40 },
        { description: 'Material', amountUsd: 5.5 },
      ],
    });
    const invoice = (await as(c).billing.mine()).invoices.find((i) => i.id === issued.id)!;
    expect(invoice).toMatchObject({
      number: issued.number,
      usdCents: 4550,
      vesPerUsd: '60.00000000',
      vesCentimos: 4550 * 60,
      status: 'pending',
      canReport: true,
    });
    const bell = await as(c).notifications.mine({});
    expect(JSON.stringify(bell)).toContain(issued.number);

    const before = (await as(c).billing.mine()).invoices.length;
    const bad = await trpcError(
      as(caja).billing.issue({
        userId: c.user.id,
        concept: 'course_purchase',
        description: 'X',
        lines: [{ description: 'Y', amountUsd: 0 }],
      }),
    );
    expect(bad.code).toBe('BAD_REQUEST');
    // Less than a cent is no amount: it would be an invoice line of $0,00.
    const tiny = await trpcError(
      as(caja).billing.issue({
        userId: c.user.id,
        concept: 'course_purchase',
        description: 'X',
        lines: [{ description: 'Y', amountUsd: 1e-9 }],
      }),
    );
    expect(tiny.message).toBe(INVOICE_ISSUE_MESSAGES.lineAmountRequired);
    expect((await as(c).billing.mine()).invoices.length).toBe(before);
    const almacen = await signedInStaff(db(), 'almacen');
    expect(
      (
        await trpcError(
          as(almacen).billing.issue({
            userId: c.user.id,
            concept: 'course_purchase',
            description: 'X',
            lines: [{ description: 'Y', amountUsd: 1 }],
          }),
        )
      ).code,
    ).toBe('FORBIDDEN');
    expect(
      (
        await trpcError(
          as(caja).billing.issue({
            userId: caja.user.id,
            concept: 'course_purchase',
            description: 'X',
            lines: [{ description: 'Y', amountUsd: 1 }],
          }),
        )
      ).code,
    ).toBe('NOT_FOUND');
  });
});
