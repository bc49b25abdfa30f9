// Who gives a factura or a note its número de control (docs/decisions/029-fiscal-documents-and-control-numbers.md):
// an authorised digital printer ("imprenta digital") in production, the fake below in development
// and tests. The fiscal settings choose one (`controlProvider`).
//
// The contract every provider keeps:
// - `assign` is idempotent on `idempotencyKey` (the fiscal document's id): asked again for the
//   same key, it answers the number it gave the first time and gives no new one. That is what
//   makes a retry after a lost answer safe.
// - It throws when it cannot answer (down, timeout, refused); the outbox retries later.
//
// A real printer's adapter (`imprentaDigitalProvider`) sends, as JSON over HTTPS:
//   POST {FISCAL_PRINTER_URL}/documentos
//   headers: Authorization: Bearer {FISCAL_PRINTER_TOKEN}, Idempotency-Key: {document id}
//   body: { tipo: 'factura' | 'nota_de_credito' | 'nota_de_debito', numero, fecha (YYYY-MM-DD),
//           rifEmisor, rifCliente, nombreCliente, baseUsdCents, exentoUsdCents, ivaUsdCents,
//           totalUsdCents, totalVesCentimos, documentoAfectado (a note's factura number) }
//   answer 200/201: { numeroControl: '00-00000001' }; 409 with the same body for a repeated key.
// Printers differ in field names; an adapter for a given one maps this request to its API and
// keeps the contract above.
import type { FiscalDocumentKind } from '@casillero/shared';

export type ControlNumberRequest = {
  /** The fiscal document's id: the same key always answers the same number. */
  idempotencyKey: string;
  kind: Exclude<FiscalDocumentKind, 'nota_de_cobro'>;
  number: string;
  issueDate: string;
  issuerRif: string;
  customerIdNumber: string | null;
  customerName: string;
  baseUsdCents: number;
  exemptUsdCents: number;
  ivaUsdCents: number;
  totalUsdCents: number;
  totalVesCentimos: number | null;
  referencesNumber: string | null;
};

export type ControlNumberProvider = {
  name: string;
  assign(request: ControlNumberRequest): Promise<{ controlNumber: string }>;
};

/** '00-00000001': the printer's series and its number. */
export const fakeControlNumber = (n: number) => `00-${String(n).padStart(8, '0')}`;

export type FakeControlNumberProvider = ControlNumberProvider & {
  /** Down: every call fails, as a printer that does not answer. */
  setDown(down: boolean): void;
  /** Assign, then fail to answer: the number is taken but the caller never hears it. */
  loseNextAnswer(): void;
  /** How many numbers it has given (not answers: a repeated key gives none). */
  readonly given: number;
};

/**
 * In-memory stand-in for a printer, for development and tests (its numbers have no fiscal
 * value). `startAfter` is the last number already given (the server passes the highest one in
 * the database when it starts, so a restart does not repeat numbers).
 */
export function fakeControlNumberProvider(
  options: { startAfter?: number; down?: boolean } = {},
): FakeControlNumberProvider {
  let last = options.startAfter ?? 0;
  let down = options.down ?? false;
  let loseAnswer = false;
  const byKey = new Map<string, string>();
  return {
    name: 'fake',
    async assign(request) {
      if (down) throw new Error('Proveedor de números de control no disponible (simulado)');
      let controlNumber = byKey.get(request.idempotencyKey);
      if (!controlNumber) {
        last += 1;
        controlNumber = fakeControlNumber(last);
        byKey.set(request.idempotencyKey, controlNumber);
      }
      if (loseAnswer) {
        loseAnswer = false;
        throw new Error('Sin respuesta del proveedor (simulado)');
      }
      return { controlNumber };
    },
    setDown(value) {
      down = value;
    },
    loseNextAnswer() {
      loseAnswer = true;
    },
    get given() {
      return last - (options.startAfter ?? 0);
    },
  };
}

/** The adapter shape for an authorised digital printer, as documented above. */
export function imprentaDigitalProvider(settings: {
  url: string;
  token: string;
  timeoutMs?: number;
}): ControlNumberProvider {
  return {
    name: 'imprenta_digital',
    async assign(request) {
      const res = await fetch(new URL('documentos', settings.url.endsWith('/') ? settings.url : `${settings.url}/`), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${settings.token}`,
          'content-type': 'application/json',
          'idempotency-key': request.idempotencyKey,
        },
        body: JSON.stringify({
          tipo: request.kind,
          numero: request.number,
          fecha: request.issueDate,
          rifEmisor: request.issuerRif,
          rifCliente: request.customerIdNumber,
          nombreCliente: request.customerName,
          baseUsdCents: request.baseUsdCents,
          exentoUsdCents: request.exemptUsdCents,
          ivaUsdCents: request.ivaUsdCents,
          totalUsdCents: request.totalUsdCents,
          totalVesCentimos: request.totalVesCentimos,
          documentoAfectado: request.referencesNumber,
        }),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
      });
      if (res.status !== 200 && res.status !== 201 && res.status !== 409)
        throw new Error(`Imprenta digital respondió ${res.status}`);
      const body = (await res.json()) as { numeroControl?: unknown };
      if (typeof body.numeroControl !== 'string' || !body.numeroControl)
        throw new Error('Imprenta digital respondió sin número de control');
      return { controlNumber: body.numeroControl };
    },
  };
}
