// The audit table's cases for the money: payments, rates, payment methods, billing, fiscal
// documents, reconciliation, prices, travel rules and customs rules (docs/product/staff-and-audit.md#audit-log):
// for each staff mutation, how to call it and which entry it must leave (audit/audit-every-
// mutation.test.ts).
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHARGE_KINDS, CUSTOMS_RULES_V1, PRICE_LIST_V1, TRAVEL_RULES_V1, caracasDay } from '@casillero/shared';
import { customsSettlements, fiscalDocuments, userProfiles } from '../../db/schema';
import { customerWithActiveMailbox, recordRate } from '../factories';
import { businessToday } from '../../lib/business-clock';
import { type Case, db, unique, ana, setup, reportedPayment, statementLineFor, departureWithShipment } from '../audit';

export const MONEY_CASES: Record<string, Case> = {
  'payments.review': async () => {
    const payment = await reportedPayment();
    return {
      input: { id: payment.id, status: 'completed', adminNotes: 'Verificado en el banco' },
      expected: () => ({
        entity: 'payment_transactions',
        entityId: payment.id,
        operation: 'update',
        before: { status: 'pending' },
        after: { status: 'completed', metadata: { admin_notes: 'Verificado en el banco' } },
      }),
    };
  },
  'exchangeRates.record': async () => {
    // A past day, so the rate the other cases' invoices take is not this one.
    const rateDate = businessToday(new Date(Date.now() - 3 * 86_400_000));
    return {
      input: { rateDate, vesPerUsd: '36,5214', source: 'BCV' },
      expected: (r) => ({
        entity: 'exchange_rates',
        entityId: r.rate.id,
        operation: 'insert',
        before: null,
        after: { rate_date: rateDate, ves_per_usd: 36.5214, source: 'BCV' },
      }),
    };
  },
  'paymentMethods.create': async () => {
    const name = unique('Zelle Auditado ');
    return {
      input: {
        kind: 'zelle',
        name,
        currency: 'USD',
        details: { email: 'caja@casillero.test', holder: 'Casillero Virtual LLC' },
        instructions: null,
        active: true,
      },
      expected: (r) => ({
        entity: 'payment_methods',
        entityId: r.method.id,
        operation: 'insert',
        before: null,
        after: {
          kind: 'zelle',
          name,
          currency: 'USD',
          details: { email: 'caja@casillero.test', holder: 'Casillero Virtual LLC' },
          active: true,
        },
      }),
    };
  },
  'paymentMethods.update': async () => {
    const name = unique('Pago Móvil Auditado ');
    const details = { bank: 'Mercantil (0105)', phone: '0412-5550000', idNumber: 'J-12345678-9' };
    const { method } = await setup.paymentMethods.create({
      kind: 'pago_movil',
      name,
      currency: 'VES',
      details,
      instructions: null,
      active: true,
    });
    return {
      input: {
        id: method.id,
        kind: 'pago_movil',
        name,
        currency: 'VES',
        details: { ...details, phone: '0414-5550001' },
        instructions: 'Concepto: tu casillero',
        active: false,
      },
      expected: () => ({
        entity: 'payment_methods',
        entityId: method.id,
        operation: 'update',
        before: { active: true, instructions: null, details },
        after: {
          active: false,
          instructions: 'Concepto: tu casillero',
          details: { ...details, phone: '0414-5550001' },
        },
      }),
    };
  },
  'billing.issue': async () => {
    const lines = [
      { description: 'Reempaque especial', amountUsd: 12.5 },
      { description: 'Seguro del envío', amountUsd: 3 },
    ];
    return {
      input: { userId: ana.user.id, concept: 'shipping_payment', description: 'Reempaque y seguro', lines },
      expected: (r) => ({
        entity: 'invoices',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: {
          user_id: ana.user.id,
          number: r.number,
          concept: 'shipping_payment',
          usd_cents: 1550,
          lines: [
            { description: 'Reempaque especial', usdCents: 1250 },
            { description: 'Seguro del envío', usdCents: 300 },
          ],
        },
      }),
    };
  },
  'billing.recordEntry': async () => {
    return {
      input: { userId: ana.user.id, kind: 'adjustment', amountUsd: 7.5, reason: 'Cargo por reempaque especial' },
      expected: (r) => ({
        entity: 'ledger_entries',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: {
          user_id: ana.user.id,
          kind: 'adjustment',
          usd_cents: 750,
          invoice_id: null,
          description: 'Cargo por reempaque especial',
        },
      }),
    };
  },
  'billing.decideCorrection': async () => {
    // Asked by the administrator (at the threshold, so it waits); decided by the cashier under test.
    await setup.billing.recordEntry({
      userId: ana.user.id,
      kind: 'adjustment',
      amountUsd: 250,
      reason: 'Cargo por almacenaje prolongado',
    });
    const [pending] = (await setup.billing.customerAccount({ userId: ana.user.id })).pendingCorrections;
    return {
      input: { id: pending!.id, approve: false },
      expected: () => ({
        entity: 'ledger_correction_requests',
        entityId: pending!.id,
        operation: 'update',
        before: { status: 'pending' },
        after: { status: 'rejected' },
      }),
    };
  },
  'fiscal.updateSettings': async () => {
    // Saved off, so the invoices of the other cases stay as they are.
    const input = {
      enabled: false,
      legalName: 'Casillero Virtual C.A.',
      rif: 'J-00002961-0',
      address: 'Av. Francisco de Miranda, Caracas',
      controlProvider: 'fake' as const,
      igtfApplies: true,
      igtfRatePercent: 3,
      taxes: Object.fromEntries(CHARGE_KINDS.map((k) => [k, { treatment: 'iva' as const, ratePercent: 16 }])),
    };
    return {
      input,
      expected: (r) => ({
        entity: 'app_settings',
        entityId: 'fiscal',
        operation: 'insert',
        before: null,
        after: { key: 'fiscal', value: r.settings },
      }),
    };
  },
  'fiscal.issueFactura': async () => {
    // A nota de cobro of a customer who has since given their fiscal data.
    const customer = await customerWithActiveMailbox(db(), { nombre: 'Fiona Fiscal' });
    await db()
      .update(userProfiles)
      .set({ cedula: 'V-12345678', venezuelaAddress: 'Calle 3, Mérida' })
      .where(eq(userProfiles.userId, customer.user.id));
    const [nota] = await db()
      .insert(fiscalDocuments)
      .values({
        userId: customer.user.id,
        kind: 'nota_de_cobro',
        sequence: 900_001,
        number: 'COB-00900001',
        status: 'emitida',
        issuerName: 'Casillero Virtual C.A.',
        issuerRif: 'J-00002961-0',
        issuerAddress: 'Caracas',
        customerName: 'Fiona Fiscal',
        lines: [],
        ivaBuckets: [],
        legalGrounds: [],
        baseUsdCents: 1000,
        exemptUsdCents: 0,
        ivaUsdCents: 160,
        totalUsdCents: 1160,
        issueDate: businessToday(),
      })
      .returning();
    return {
      input: { id: nota!.id },
      expected: (r) => ({
        entity: 'fiscal_documents',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: {
          kind: 'factura',
          status: 'pendiente_numero_control',
          references_id: nota!.id,
          customer_id_number: 'V-12345678',
        },
      }),
    };
  },
  'fiscal.issueNote': async () => {
    // A factura of a customer with fiscal data, corrected by a credit note.
    const customer = await customerWithActiveMailbox(db(), { nombre: 'Nora Nota' });
    const [factura] = await db()
      .insert(fiscalDocuments)
      .values({
        userId: customer.user.id,
        kind: 'factura',
        sequence: 900_001,
        number: 'FAC-00900001',
        status: 'emitida',
        controlNumber: '99-00900001',
        issuerName: 'Casillero Virtual C.A.',
        issuerRif: 'J-00002961-0',
        issuerAddress: 'Caracas',
        customerName: 'Nora Nota',
        customerIdNumber: 'V-12345678',
        customerAddress: 'Calle 4, Mérida',
        lines: [],
        ivaBuckets: [{ rateBasisPoints: 1600, baseUsdCents: 1000, ivaUsdCents: 160 }],
        legalGrounds: [],
        baseUsdCents: 1000,
        exemptUsdCents: 0,
        ivaUsdCents: 160,
        totalUsdCents: 1160,
        issueDate: businessToday(),
      })
      .returning();
    return {
      input: { facturaId: factura!.id, kind: 'nota_de_credito' as const, amountUsd: 5.8, reason: 'Descuento acordado' },
      expected: (r) => ({
        entity: 'fiscal_documents',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: {
          kind: 'nota_de_credito',
          status: 'pendiente_numero_control',
          references_id: factura!.id,
          total_usd_cents: 580,
          reason: 'Descuento acordado',
        },
      }),
    };
  },
  'prices.create': async () => {
    const effectiveFrom = caracasDay(new Date(Date.now() + 10 * 24 * 3600 * 1000));
    const prices = { ...PRICE_LIST_V1, usaAirRatePerLbUsdCents: 7_00 };
    return {
      input: { effectiveFrom, prices },
      expected: (r: { id: string }) => ({
        entity: 'price_list_versions',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: { effective_from: effectiveFrom, prices, cancelled_at: null },
      }),
    };
  },
  'prices.cancel': async () => {
    const effectiveFrom = caracasDay(new Date(Date.now() + 20 * 24 * 3600 * 1000));
    const { id } = await setup.prices.create({ effectiveFrom, prices: PRICE_LIST_V1 });
    return {
      input: { id },
      expected: () => ({
        entity: 'price_list_versions',
        entityId: id,
        operation: 'update',
        before: { cancelled_at: null },
        after: { cancelled_at: expect.any(String), cancelled_by: expect.any(String) },
      }),
    };
  },
  'travelRules.create': async () => {
    const startDay = caracasDay(new Date(Date.now() + 10 * 24 * 3600 * 1000));
    const rules = { ...TRAVEL_RULES_V1, commercialQuantity: 10 };
    return {
      input: { startDay, rules },
      expected: (r: { id: string }) => ({
        entity: 'travel_rule_versions',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: { rules, cancelled_at: null },
      }),
    };
  },
  'travelRules.cancel': async () => {
    const startDay = caracasDay(new Date(Date.now() + 20 * 24 * 3600 * 1000));
    const { id } = await setup.travelRules.create({ startDay, rules: TRAVEL_RULES_V1 });
    return {
      input: { id },
      expected: () => ({
        entity: 'travel_rule_versions',
        entityId: id,
        operation: 'update',
        before: { cancelled_at: null },
        after: { cancelled_at: expect.any(String), cancelled_by: expect.any(String) },
      }),
    };
  },
  'customs.create': async () => {
    const startDay = caracasDay(new Date(Date.now() + 10 * 24 * 3600 * 1000));
    const rules = { ...CUSTOMS_RULES_V1, ivaBasisPoints: 1500 };
    const note = 'Prueba de auditoría: IVA de ejemplo.';
    return {
      input: { startDay, note, rules },
      expected: (r: { id: string }) => ({
        entity: 'customs_rule_versions',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: { rules, note, cancelled_at: null },
      }),
    };
  },
  'customs.cancel': async () => {
    const startDay = caracasDay(new Date(Date.now() + 20 * 24 * 3600 * 1000));
    const { id } = await setup.customs.create({ startDay, note: 'Prueba de auditoría.', rules: CUSTOMS_RULES_V1 });
    return {
      input: { id },
      expected: () => ({
        entity: 'customs_rule_versions',
        entityId: id,
        operation: 'update',
        before: { cancelled_at: null },
        after: { cancelled_at: expect.any(String), cancelled_by: expect.any(String) },
      }),
    };
  },
  'customs.settle': async () => {
    const { d, s } = await departureWithShipment();
    await setup.departures.close({ id: d.id });
    // $500 paid at customs: far over the estimate and the threshold, a charge on Ana's account.
    return {
      input: { departureId: d.id, fileName: 'agente.csv', csv: `guia,monto_usd\n${s.shipmentCode},500.00\n` },
      expected: async () => {
        const [row] = await db().select().from(customsSettlements).where(eq(customsSettlements.shipmentId, s.id));
        return {
          entity: 'customs_settlements',
          entityId: row!.id,
          operation: 'insert',
          before: null,
          after: { shipment_id: s.id, paid_usd_cents: 50_000, outcome: 'charge', guia: s.shipmentCode },
        };
      },
    };
  },
  'customs.setThreshold': async () => ({
    input: { thresholdUsdCents: 750 },
    expected: () => ({
      entity: 'customs_settlement_settings',
      entityId: '1',
      operation: 'insert',
      before: null,
      after: { threshold_usd_cents: 750 },
    }),
  }),
  'prices.updateSettings': async () => ({
    input: { honourDays: 5 },
    expected: () => ({
      entity: 'app_settings',
      entityId: 'price_list',
      operation: 'insert',
      before: null,
      after: { key: 'price_list', value: { honourDays: 5 } },
    }),
  }),
  'reconciliation.upload': async () => {
    const reference = unique('AUDBANCO');
    return {
      input: {
        fileName: 'estado-auditado.csv',
        content: `fecha;referencia;descripcion;monto\n12/03/2026;${reference};Pago movil;150,00\n`,
      },
      expected: (r) => ({
        entity: 'bank_statements',
        entityId: r.statementId,
        operation: 'insert',
        before: null,
        after: { file_name: 'estado-auditado.csv', line_count: 1 },
      }),
    };
  },
  'reconciliation.approveMatched': async () => {
    const { statementId, line, payment } = await statementLineFor('Carla Conciliada');
    return {
      input: { statementId },
      expected: () => ({
        entity: 'bank_statement_lines',
        entityId: line.id,
        operation: 'update',
        before: { payment_id: null },
        after: { payment_id: payment.id },
      }),
    };
  },
  'reconciliation.assignLine': async () => {
    await recordRate(db(), '40');
    const customer = await customerWithActiveMailbox(db(), { nombre: 'Eva Asignada' });
    const reference = unique('AUDTR');
    const { statementId } = await setup.reconciliation.upload({
      fileName: `estado-${reference}.csv`,
      content: `fecha;referencia;descripcion;monto\n14/03/2026;${reference};Transferencia;80,00\n`,
    });
    const [line] = (await setup.reconciliation.lines({ statementId })).lines;
    return {
      input: { lineId: line!.id, userId: customer.user.id, invoiceId: null },
      expected: (r) => ({
        entity: 'bank_statement_lines',
        entityId: line!.id,
        operation: 'update',
        before: { payment_id: null },
        after: { payment_id: r.paymentId },
      }),
    };
  },
  'reconciliation.approveLine': async () => {
    const { line, payment } = await statementLineFor('Dora Elegida');
    return {
      input: { lineId: line.id, paymentId: payment.id },
      expected: () => ({
        entity: 'bank_statement_lines',
        entityId: line.id,
        operation: 'update',
        before: { payment_id: null },
        after: { payment_id: payment.id },
      }),
    };
  },
};
