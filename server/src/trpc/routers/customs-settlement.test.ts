// Customs settled against what customs charged (docs/product/customs.md#settled-against-what-customs-charged):
// after the departure leaves, the warehouse checks the broker's file (the dry run changes nothing)
// and applies it; each shipment's estimate (the one its invoice shows) is compared with what was
// paid: over the administrator's threshold María is charged (or credited) on her account and told
// both figures in USD and Bs.; under it the business absorbs it. Bad files are refused whole in
// Spanish; a second import of the same file changes nothing; a figure entered twice is refused.
// And the estimate's measured error (docs/product/customs.md#measured-and-honest).
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CUSTOMS_RULES_V1,
  CUSTOMS_SETTLEMENT_MESSAGES as M,
  CUSTOMS_SETTLEMENT_PREVIEW_PATH,
  DEFAULT_SETTLEMENT_THRESHOLD_USD_CENTS,
  SESSION_COOKIE_NAME,
  SHIPMENT_EDIT_MESSAGES,
  absolutePercentageErrorBp,
  estimateCustoms,
  formatUsdCents,
  formatVesCentimos,
  usdCentsToVesCentimos,
} from '@casillero/shared';
import {
  customsSettlements,
  ledgerEntries,
  notifications,
  packages,
  shipmentPackages,
  shipments,
} from '../../db/schema';
import { createServer } from '../../server';
import { checkSettlement } from '../../services/customs-settlement/check';
import { customsSettled } from '../../simulation/invariants/customs';
import type { World } from '../../simulation/world';
import { trpcError } from '../../test/caller';
import {
  admin,
  air,
  almacen,
  as,
  caja,
  config,
  database,
  db,
  shipmentOf,
  tag,
  useDeparturesDesk,
} from '../../test/departures';
import { customerWithActiveMailbox, recordRate } from '../../test/factories';

useDeparturesDesk();

const RATE = '40.00000000';

type Customer = Awaited<ReturnType<typeof customerWithActiveMailbox>>;

/** A shipment of the customer with one parcel of this description and value, its guía set. */
async function shipment(c: Customer, description: string, valueUsd: number) {
  const s = await shipmentOf({ id: c.user.id, mailboxId: c.mailboxId }, { parcels: [{ weightKg: 2, valueUsd }] });
  const [{ packageId }] = await db()
    .select({ packageId: shipmentPackages.packageId })
    .from(shipmentPackages)
    .where(eq(shipmentPackages.shipmentId, s.id));
  await db().update(packages).set({ packageDescription: description }).where(eq(packages.id, packageId));
  const guia = `AWB${tag()}`;
  await db().update(shipments).set({ trackingNumber: guia }).where(eq(shipments.id, s.id));
  // No invoice, no freight: the estimate is the parcel's value alone by air (shipments' cost 0).
  const estimate = estimateCustoms(CUSTOMS_RULES_V1, {
    mode: 'air',
    items: [{ category: description === 'Perfume' ? 'cosmetics' : 'books', declaredValueUsdCents: valueUsd * 100 }],
    freightUsdCents: 0,
    insuranceUsdCents: 0,
    boxes: 1,
    rate: null,
  }).usdCents.total;
  return { ...s, guia, estimate };
}

/** A closed departure with these shipments. */
async function departureWith(...ids: string[]) {
  const d = await as(almacen).departures.create(air());
  for (const shipmentId of ids) await as(almacen).departures.addShipment({ departureId: d.id, shipmentId });
  await as(almacen).departures.close({ id: d.id });
  return d;
}

const csvOf = (lines: [string, string][], sep = ',') =>
  [`guia${sep}monto_usd`, ...lines.map(([g, a]) => `${g}${sep}${a}`)].join('\n');
const usd = (cents: number) => (cents / 100).toFixed(2);

const settlementsOf = (ids: string[]) =>
  db().select().from(customsSettlements).where(inArray(customsSettlements.shipmentId, ids));
const adjustmentsOf = (userId: string) =>
  db()
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'adjustment')));
const noticesOf = (userId: string) => db().select().from(notifications).where(eq(notifications.userId, userId));

describe('the customs settlement with the broker’s file', () => {
  it('staff import the broker’s file and María is told of a difference; under the threshold the business absorbs it', async () => {
    await recordRate(db(), RATE);
    const maria = await customerWithActiveMailbox(db(), { nombre: 'María Pérez' });
    const pedro = await customerWithActiveMailbox(db(), { nombre: 'Pedro Gómez' });
    const perfume = await shipment(maria, 'Perfume', 200);
    const book = await shipment(pedro, 'Libro de cocina', 80);
    const d = await departureWith(perfume.id, book.id);
    const threshold = DEFAULT_SETTLEMENT_THRESHOLD_USD_CENTS;
    // Customs charged María $12,34 more than estimated; Pedro's differs by the threshold exactly.
    const mariaPaid = perfume.estimate + 1234;
    const pedroPaid = book.estimate + threshold;
    // As a spreadsheet in Spanish writes it (';' and decimal commas); Pedro's line by his
    // shipment's code, in lower case with spaces: found all the same.
    const csv = csvOf(
      [
        [perfume.guia, usd(mariaPaid).replace('.', ',')],
        [` ${book.code.toLowerCase()} `, usd(pedroPaid).replace('.', ',')],
      ],
      ';',
    );
    const input = { departureId: d.id, fileName: 'agente.csv', csv };

    // The dry run: each line with its estimate and what it would become; nothing changes.
    const dry = await checkSettlement(db(), input);
    expect(dry.errors).toEqual([]);
    expect(dry.message).toBe(M.checked(2, 0));
    expect(dry.rows.map((r) => [r.shipmentCode, r.estimateUsdCents, r.paidUsdCents, r.outcome])).toEqual([
      [perfume.code, perfume.estimate, mariaPaid, 'charge'],
      [book.code, book.estimate, pedroPaid, 'absorbed'],
    ]);
    expect(await settlementsOf([perfume.id, book.id])).toEqual([]);

    // The warehouse cannot set the threshold; the cashier cannot settle.
    expect((await trpcError(as(caja).customs.settle(input))).code).toBe('FORBIDDEN');
    expect((await trpcError(as(almacen).customs.setThreshold({ thresholdUsdCents: 100 }))).code).toBe('FORBIDDEN');

    const balanceBefore = (await maria.caller.billing.mine()).balance.balanceUsdCents;
    const done = await as(almacen).customs.settle(input);
    expect(done).toMatchObject({ settled: 2, charges: 1, credits: 0, absorbed: 1, repeated: 0 });
    expect(done.message).toBe(M.applied(2, 1, 0, 1, 0));

    // María: the difference charged on her account, and her notice with both figures, USD and Bs.
    const [charge] = await adjustmentsOf(maria.user.id);
    expect(charge).toMatchObject({ usdCents: 1234, invoiceId: null, description: M.ledgerCharge(perfume.code) });
    const ves = (c: number) => formatVesCentimos(usdCentsToVesCentimos(c, RATE));
    const [notice] = await noticesOf(maria.user.id).then((ns) =>
      ns.filter((n) => n.title === M.noticeTitle(perfume.code)),
    );
    expect(notice.message).toContain(`Estimamos ${formatUsdCents(perfume.estimate)} (${ves(perfume.estimate)})`);
    expect(notice.message).toContain(`la aduana cobró ${formatUsdCents(mariaPaid)} (${ves(mariaPaid)})`);
    expect(notice.message).toContain(`${formatUsdCents(1234)} (${ves(1234)}), se cargó a tu cuenta`);
    const seen = await maria.caller.notifications.mine({});
    expect(seen.items.some((n) => n.title === M.noticeTitle(perfume.code))).toBe(true);
    expect((await maria.caller.billing.mine()).balance.balanceUsdCents).toBe(balanceBefore + 1234);

    // Pedro: absorbed, nothing on his account, no notice.
    expect(await adjustmentsOf(pedro.user.id)).toEqual([]);
    expect((await noticesOf(pedro.user.id)).some((n) => n.title === M.noticeTitle(book.code))).toBe(false);

    // The settlements, each with its frozen figures and its error.
    const rows = await settlementsOf([perfume.id, book.id]);
    const mine = rows.find((r) => r.shipmentId === perfume.id)!;
    expect(mine).toMatchObject({
      estimateUsdCents: perfume.estimate,
      paidUsdCents: mariaPaid,
      differenceUsdCents: 1234,
      thresholdUsdCents: threshold,
      outcome: 'charge',
      ledgerEntryId: charge.id,
      category: 'cosmetics',
      apeBasisPoints: absolutePercentageErrorBp(perfume.estimate, mariaPaid),
    });
    expect(rows.find((r) => r.shipmentId === book.id)).toMatchObject({ outcome: 'absorbed', ledgerEntryId: null });
    expect((await as(almacen).customs.settlements({ departureId: d.id })).settlements).toHaveLength(2);

    // The same file again: nothing changes (idempotent), and it says so.
    const again = await as(almacen).customs.settle(input);
    expect(again).toMatchObject({ settled: 0, repeated: 2, message: M.nothingToApply });
    expect(await adjustmentsOf(maria.user.id)).toHaveLength(1);
    expect(await settlementsOf([perfume.id, book.id])).toHaveLength(2);

    // A duty entered twice with another figure: refused, nothing changed.
    const twice = await trpcError(
      as(almacen).customs.settle({ ...input, csv: csvOf([[perfume.guia, usd(mariaPaid + 100)]]) }),
    );
    expect(twice.message).toBe(`${M.alreadySettled(2, perfume.guia, mariaPaid)}\n${M.nothingChanged}`);
    expect(await adjustmentsOf(maria.user.id)).toHaveLength(1);
    // I9 (docs/product/invariants.md): settled once, each charge its difference in her ledger.
    expect(await customsSettled({ db: db() } as unknown as World)).toEqual([]);
  });

  it('the same file applied twice at once settles each shipment once (on PostgreSQL, in parallel)', async () => {
    const maria = await customerWithActiveMailbox(db(), { nombre: 'María Pérez' });
    const perfume = await shipment(maria, 'Perfume', 250);
    const d = await departureWith(perfume.id);
    const input = {
      departureId: d.id,
      fileName: 'agente.csv',
      csv: csvOf([[perfume.guia, usd(perfume.estimate + 2000)]]),
    };
    const both = await Promise.all([as(almacen).customs.settle(input), as(admin).customs.settle(input)]);
    expect(both.map((r) => r.settled).sort()).toEqual([0, 1]);
    expect(await settlementsOf([perfume.id])).toHaveLength(1);
    expect((await adjustmentsOf(maria.user.id)).map((e) => e.usdCents)).toEqual([2000]);
    expect((await noticesOf(maria.user.id)).filter((n) => n.title === M.noticeTitle(perfume.code))).toHaveLength(1);
  });

  it('a credit when customs charged less than estimated, over the administrator’s threshold', async () => {
    const maria = await customerWithActiveMailbox(db(), { nombre: 'María Pérez' });
    const perfume = await shipment(maria, 'Perfume', 300);
    const d = await departureWith(perfume.id);
    expect((await as(admin).customs.setThreshold({ thresholdUsdCents: 100 })).message).toBe(M.thresholdSaved(100));
    expect((await as(almacen).customs.threshold()).thresholdUsdCents).toBe(100);
    const paid = perfume.estimate - 250;
    await as(almacen).customs.settle({
      departureId: d.id,
      fileName: 'agente.csv',
      csv: csvOf([[perfume.guia, usd(paid)]]),
    });
    const [credit] = await adjustmentsOf(maria.user.id);
    expect(credit).toMatchObject({ usdCents: -250, description: M.ledgerCredit(perfume.code) });
    const [notice] = await noticesOf(maria.user.id).then((ns) =>
      ns.filter((n) => n.title === M.noticeTitle(perfume.code)),
    );
    expect(notice.message).toContain('quedó como saldo a tu favor');
    // Bad threshold: refused in Spanish.
    expect((await trpcError(as(admin).customs.setThreshold({ thresholdUsdCents: -1 }))).message).toBe(M.thresholdRange);
    await as(admin).customs.setThreshold({ thresholdUsdCents: DEFAULT_SETTLEMENT_THRESHOLD_USD_CENTS });
  });

  it('a shipment whose customs was settled is not removed, even put back in preparation', async () => {
    const maria = await customerWithActiveMailbox(db(), { nombre: 'María Pérez' });
    const libros = await shipment(maria, 'Libros', 80);
    const d = await departureWith(libros.id);
    await as(almacen).customs.settle({
      departureId: d.id,
      fileName: 'agente.csv',
      csv: csvOf([[libros.guia, usd(libros.estimate + 900)]]),
    });
    await as(admin).shipments.updateStatus({ id: libros.id, status: 'preparing' });
    expect(await trpcError(as(admin).shipments.remove({ id: libros.id }))).toMatchObject({
      code: 'CONFLICT',
      message: SHIPMENT_EDIT_MESSAGES.removeCustomsSettled,
    });
    expect(await db().select().from(shipments).where(eq(shipments.id, libros.id))).toHaveLength(1);
    expect(await settlementsOf([libros.id])).toHaveLength(1);
  });

  it('a bad file is refused whole in Spanish and nothing changes', async () => {
    const maria = await customerWithActiveMailbox(db(), { nombre: 'María Pérez' });
    const a = await shipment(maria, 'Perfume', 120);
    const b = await shipment(maria, 'Perfume', 90);
    const stranger = await shipment(maria, 'Perfume', 90);
    const d = await departureWith(a.id, b.id);
    const settle = (csv: string) =>
      trpcError(as(almacen).customs.settle({ departureId: d.id, fileName: 'x.csv', csv }));
    const bad = await settle(
      csvOf([
        [a.guia, '10,00'],
        ['AWB-NO-EXISTE', '5,00'],
        [a.guia, '10,00'],
        [b.guia, '-3'],
        [stranger.guia, '1,00'],
      ]),
    );
    expect(bad.code).toBe('BAD_REQUEST');
    expect(bad.message.split('\n')).toEqual([
      M.duplicated(4, a.guia, 2),
      M.badAmount(5, '-3'),
      M.unknownGuia(3, 'AWB-NO-EXISTE', d.code),
      M.unknownGuia(6, stranger.guia, d.code),
      M.nothingChanged,
    ]);
    expect((await settle('guia;otra\nX;1')).message).toBe(`${M.missingColumns}\n${M.nothingChanged}`);
    expect(await settlementsOf([a.id, b.id])).toEqual([]);
    expect(await adjustmentsOf(maria.user.id)).toEqual([]);
    // A departure still open has not been released.
    const open = await as(almacen).departures.create(air());
    const early = await trpcError(
      as(almacen).customs.settle({ departureId: open.id, fileName: 'x.csv', csv: csvOf([[a.guia, '1']]) }),
    );
    expect(early.message).toBe(`${M.departureOpen(open.code)}\n${M.nothingChanged}`);
  });

  it('the estimate’s error per departure and per category, and the calculators’ line over the last 90 days', async () => {
    const maria = await customerWithActiveMailbox(db(), { nombre: 'María Pérez' });
    const books = await Promise.all([1, 2, 3, 4, 5].map(() => shipment(maria, 'Libro de cocina', 70)));
    const d = await departureWith(...books.map((s) => s.id));
    // Each paid 10 %, 20 % … 50 % more than estimated.
    const paid = books.map((s, i) => s.estimate + Math.round((s.estimate * (i + 1)) / 10));
    await as(almacen).customs.settle({
      departureId: d.id,
      fileName: 'agente.csv',
      csv: csvOf(books.map((s, i) => [s.guia, usd(paid[i]!)])),
    });
    const apes = books.map((s, i) => absolutePercentageErrorBp(s.estimate, paid[i]!)!).sort((x, y) => x - y);
    const report = await as(admin).customs.accuracy();
    const mine = report.byDeparture.find((r) => r.key === d.id)!;
    expect(mine).toMatchObject({ departureCode: d.code, count: 5, medianBp: apes[2], p90Bp: apes[4] });
    expect(report.byCategory.find((r) => r.key === 'books')?.count).toBeGreaterThanOrEqual(5);
    expect((await trpcError(as(almacen).customs.accuracy())).code).toBe('FORBIDDEN');
    const current = await as(admin).customs.current();
    expect(current.accuracy).toMatchObject({ days: 90 });
    expect(current.accuracy!.count).toBeGreaterThanOrEqual(5);
  });

  it('the dry run over HTTP: the warehouse sees each line, changing nothing; the cashier, customers and other sites are refused', async () => {
    const server = await createServer({ config, database });
    try {
      const maria = await customerWithActiveMailbox(db(), { nombre: 'María Pérez' });
      const perfume = await shipment(maria, 'Perfume', 150);
      const d = await departureWith(perfume.id);
      const post = (
        token: string | null | undefined,
        headers: Record<string, string> = {},
        csv = csvOf([[perfume.guia, '99.00']]),
      ) =>
        server.app.inject({
          method: 'POST',
          url: CUSTOMS_SETTLEMENT_PREVIEW_PATH,
          headers: { 'content-type': 'application/json', ...headers },
          cookies: token ? { [SESSION_COOKIE_NAME]: token } : {},
          payload: JSON.stringify({ departureId: d.id, fileName: 'agente.csv', csv }),
        });
      const ok = await post(almacen.visitor.token);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().rows[0]).toMatchObject({
        line: 2,
        shipmentCode: perfume.code,
        paidUsdCents: 9900,
        repeated: false,
      });
      expect(await settlementsOf([perfume.id])).toEqual([]);
      expect((await post(caja.visitor.token)).statusCode).toBe(403);
      expect((await post(maria.visitor.token)).statusCode).toBe(403);
      expect((await post(null)).statusCode).toBe(401);
      expect((await post(almacen.visitor.token, { origin: 'https://otro.example' })).statusCode).toBe(403);
      const empty = await post(almacen.visitor.token, {}, '');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe(M.fileRequired);
    } finally {
      await server.stop();
    }
  });
});
