import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailOutbox } from '../db/schema';
import { createTestDatabase } from '../test/db';
import { enqueueEmail } from './outbox';
import { verifyEmailMessage } from './templates';
import {
  MAX_ATTEMPTS,
  backoffMs,
  deliverDue,
  logSender,
  resendSender,
  startOutboxWorker,
  type OutboxRow,
} from './worker';

const sendMock = vi.fn();
vi.mock('resend', () => ({
  Resend: class {
    emails = { send: sendMock };
  },
}));

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const quiet = { info() {}, warn() {} };
const message = verifyEmailMessage({
  fullName: 'Ana <b>Pérez</b>',
  url: 'http://localhost:3000/verificar-email?token=abc',
});

describe('e-mail outbox', () => {
  it('keeps an HTML and a plain-text part, escaping names in the HTML', () => {
    expect(message.html).toContain('Ana &lt;b&gt;Pérez&lt;/b&gt;');
    expect(message.text).toContain('http://localhost:3000/verificar-email?token=abc');
  });

  it('is written with the transaction that causes it and disappears if it rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, 'rollback@ejemplo.com', message);
        throw new Error('la operación falla');
      }),
    ).rejects.toThrow('la operación falla');
    const rows = await database.db.select().from(emailOutbox);
    expect(rows.some((r) => r.to.includes('rollback@ejemplo.com'))).toBe(false);
  });

  it('delivers each due e-mail once, even with two workers polling at once', async () => {
    const id = await enqueueEmail(database.db, 'uno@ejemplo.com', message);
    const delivered: string[] = [];
    const send = async (row: OutboxRow) => {
      delivered.push(row.id);
      return { providerId: `prov-${row.id}` };
    };
    await Promise.all([deliverDue(database.db, send, quiet), deliverDue(database.db, send, quiet)]);
    expect(delivered.filter((d) => d === id)).toHaveLength(1);
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
    expect(row).toMatchObject({ status: 'sent', providerId: `prov-${id}`, attempts: 1 });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('retries a failed delivery later with backoff, and gives up after the last attempt', async () => {
    const id = (await enqueueEmail(database.db, 'falla@ejemplo.com', message))!;
    const failing = async () => {
      throw new Error('proveedor caído');
    };
    await deliverDue(database.db, failing, quiet);
    let [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'proveedor caído' });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + backoffMs(1) - 5000);

    // Not due yet: nothing is tried.
    await deliverDue(database.db, failing, quiet);
    [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row.attempts).toBe(1);

    await database.db
      .update(emailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, id));
    await deliverDue(database.db, failing, quiet);
    [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('sends through Resend with the outbox id as idempotency key', async () => {
    sendMock.mockResolvedValueOnce({ data: { id: 're_123' }, error: null });
    const row: OutboxRow = {
      id: 'f3a6c9a2-0000-4000-8000-000000000001',
      to: ['cliente@ejemplo.com'],
      subject: 'Asunto',
      html: '<p>h</p>',
      text: 't',
      attempts: 1,
    };
    const result = await resendSender('re_key', 'Casillero <no-reply@ejemplo.com>')(row);
    expect(result.providerId).toBe('re_123');
    expect(sendMock).toHaveBeenCalledWith(
      {
        from: 'Casillero <no-reply@ejemplo.com>',
        to: ['cliente@ejemplo.com'],
        subject: 'Asunto',
        html: '<p>h</p>',
        text: 't',
      },
      { idempotencyKey: row.id },
    );
    sendMock.mockResolvedValueOnce({ data: null, error: { name: 'validation_error', message: 'from inválido' } });
    await expect(resendSender('re_key', 'x')(row)).rejects.toThrow('validation_error: from inválido');
  });

  it('keeps an e-mail’s own headers with it and passes them to Resend, beside a notification’s unsubscribe link', async () => {
    const headers = { 'Auto-Submitted': 'auto-replied', Precedence: 'auto_reply', 'X-Loop': 'prealertas@ejemplo.com' };
    const id = (await enqueueEmail(database.db, 'cabeceras@ejemplo.com', { ...message, headers }))!;
    const plain = (await enqueueEmail(database.db, 'sin-cabeceras@ejemplo.com', message))!;
    const claimed: OutboxRow[] = [];
    await deliverDue(
      database.db,
      async (row) => {
        claimed.push(row);
        return {};
      },
      quiet,
    );
    expect(claimed.find((r) => r.id === id)?.headers).toEqual(headers);
    expect(claimed.find((r) => r.id === plain)?.headers).toBeNull();

    sendMock.mockResolvedValue({ data: { id: 're_456' }, error: null });
    const send = resendSender('re_key', 'Casillero <no-reply@ejemplo.com>');
    await send(claimed.find((r) => r.id === id)!);
    expect(sendMock).toHaveBeenLastCalledWith(expect.objectContaining({ headers }), { idempotencyKey: id });
    const unsubscribe = 'http://localhost:3000/preferencias/desactivar?t=abc';
    await send({ ...claimed.find((r) => r.id === id)!, text: `Desactivar: ${unsubscribe}` });
    expect(sendMock).toHaveBeenLastCalledWith(
      expect.objectContaining({
        headers: {
          ...headers,
          'List-Unsubscribe': `<${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      }),
      { idempotencyKey: id },
    );
    await send(claimed.find((r) => r.id === plain)!);
    expect(sendMock.mock.lastCall?.[0].headers).toBeUndefined();
    sendMock.mockReset();
  });

  it('logs the e-mail with its link and a masked recipient when Resend is not configured', async () => {
    const lines: string[] = [];
    const log = { info: (obj: object, msg?: string) => lines.push(JSON.stringify(obj) + msg), warn() {} };
    await logSender(log)({
      id: 'x',
      to: ['maria@casillero.test'],
      subject: 'S',
      html: '',
      text: message.text,
      attempts: 1,
    });
    expect(lines[0]).toContain('http://localhost:3000/verificar-email?token=abc');
    expect(lines[0]).toContain('mar***');
    expect(lines[0]).not.toContain('maria@casillero.test');
  });

  it("sends one address's e-mails in the order they were written, all within one tick of the worker", async () => {
    const address = 'en-orden@ejemplo.com';
    for (const n of [1, 2, 3, 4]) {
      await enqueueEmail(database.db, address, { ...message, subject: `Aviso ${n}` });
    }
    const sent: string[] = [];
    const worker = startOutboxWorker(
      database.db,
      async (row) => {
        if (row.to.includes(address)) sent.push(row.subject);
        return {};
      },
      quiet,
      1000,
    );
    // One tick (after a second): each round sends the address's next e-mail, and a round that sent
    // runs again at once, so the four need not wait for four ticks.
    await vi.waitFor(() => expect(sent).toHaveLength(4), { timeout: 2500, interval: 10 });
    await worker.stop();
    expect(sent).toEqual(['Aviso 1', 'Aviso 2', 'Aviso 3', 'Aviso 4']);
  });
});
