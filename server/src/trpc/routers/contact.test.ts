import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, CONTACT_LIMIT, CONTACT_MESSAGES, GENERIC_MESSAGES } from '@casillero/shared';
import type { Database } from '../../db/client';
import { contactMessages, emailOutbox } from '../../db/schema';
import { testConfig } from '../../env';
import { createTestDatabase } from '../../test/db';
import { callerFor, newVisitor, TEST_APP_URL, trpcError } from '../../test/caller';
import { signedInCustomer } from '../../test/factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

const message = {
  nombre: ' Rosa Díaz ',
  email: 'rosa@ejemplo.com',
  telefono: '+58 412 555 0101',
  asunto: 'Casillero China',
  mensaje: '¿Cuánto cuesta traer 2 cajas <b>grandes</b>?',
};

describe('contact.send', () => {
  it('stores the message and queues one e-mail to every contact address, in Spanish', async () => {
    const config = testConfig({ appUrl: TEST_APP_URL, contactEmails: ['ventas@ejemplo.com', 'soporte@ejemplo.com'] });
    const answer = await callerFor(db(), newVisitor({ ip: '10.1.0.1' }), config).contact.send(message);
    expect(answer).toEqual({ title: CONTACT_MESSAGES.successTitle, message: CONTACT_MESSAGES.successMessage });
    expect(answer.message).toBe('Te contactaremos pronto. Tiempo de respuesta: 2-4 horas.');

    const rows = await db().select().from(contactMessages).where(eq(contactMessages.email, 'rosa@ejemplo.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      nombre: 'Rosa Díaz',
      telefono: '+58 412 555 0101',
      asunto: 'Casillero China',
      ip: '10.1.0.1',
      userId: null,
    });

    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'contact-message'));
    const mine = mails.filter((m) => m.text.includes(rows[0].id));
    expect(mine).toHaveLength(1);
    expect(mine[0].to).toEqual(['ventas@ejemplo.com', 'soporte@ejemplo.com']);
    expect(mine[0].status).toBe('pending');
    expect(mine[0].subject).toBe('Contacto web: Casillero China');
    expect(mine[0].text).toContain('rosa@ejemplo.com');
    expect(mine[0].html).toContain('&lt;b&gt;grandes&lt;/b&gt;');
  });

  it('links the message to the signed-in customer who sends it', async () => {
    const { caller, user } = await signedInCustomer(db(), { visitor: newVisitor({ ip: '10.1.0.2' }) });
    await caller.contact.send({ ...message, email: 'cliente-contacto@ejemplo.com', telefono: '', asunto: '' });
    const [row] = await db()
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'cliente-contacto@ejemplo.com'));
    expect(row.userId).toBe(user.id);
    expect(row.telefono).toBeNull();
    expect(row.asunto).toBeNull();
  });

  it('refuses a message without nombre, email or mensaje with the spec text, storing nothing', async () => {
    const caller = callerFor(db(), newVisitor({ ip: '10.1.0.3' }));
    for (const field of ['nombre', 'email', 'mensaje'] as const) {
      const error = await trpcError(caller.contact.send({ ...message, email: 'nadie@ejemplo.com', [field]: '  ' }));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe(GENERIC_MESSAGES.requiredFields);
    }
    const error = await trpcError(caller.contact.send({ ...message, email: 'no-es-un-email' }));
    expect(error.message).toBe(AUTH_MESSAGES.invalidEmail);
    expect(
      await db()
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(eq(contactMessages.email, 'nadie@ejemplo.com')),
    ).toHaveLength(0);
  });

  it('limits messages per IP', async () => {
    const caller = callerFor(db(), newVisitor({ ip: '10.1.0.4' }));
    for (let i = 0; i < CONTACT_LIMIT.perIp; i++)
      await caller.contact.send({ ...message, email: `lote${i}@ejemplo.com` });
    const error = await trpcError(caller.contact.send({ ...message, email: 'uno-mas@ejemplo.com' }));
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect(error.message).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect(
      await db()
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(eq(contactMessages.email, 'uno-mas@ejemplo.com')),
    ).toHaveLength(0);
    // Another visitor is not affected.
    await callerFor(db(), newVisitor({ ip: '10.1.0.5' })).contact.send({ ...message, email: 'otra-ip@ejemplo.com' });
  });
});

describe('site.config', () => {
  it('answers the WhatsApp number and the contact details from the configuration', async () => {
    const config = testConfig({
      whatsappPhone: '+58 414-123 4567',
      contactEmails: ['a@ejemplo.com', 'b@ejemplo.com'],
      contactPhones: ['+58 212 555 0000', '+1 305 555 0000'],
    });
    expect(await callerFor(db(), newVisitor(), config).site.config()).toEqual({
      whatsappPhone: '584141234567',
      contactEmails: ['a@ejemplo.com', 'b@ejemplo.com'],
      contactPhones: ['+58 212 555 0000', '+1 305 555 0000'],
    });
  });

  it('shows two e-mails and two phones, the WhatsApp number first, when none is configured (docs/product/public-site.md#contact-details)', () => {
    const config = testConfig();
    expect(config.contactPhones).toHaveLength(2);
    expect(config.contactPhones[0]).toBe(`+${config.whatsappPhone}`);
    expect(config.contactEmails).toHaveLength(2);
  });
});
