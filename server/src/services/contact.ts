// The public contact form: the message is stored and the e-mail to the team is queued in the
// same transaction, so nothing is lost when delivery fails (the outbox retries it).
import type { z } from '@casillero/shared';
import type { contactInput } from '@casillero/shared';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema';
import { enqueueEmail } from '../mail/outbox';
import { layout, type EmailMessage } from '../mail/templates';

export type ContactMessage = z.output<typeof contactInput>;

export function contactTeamEmail(m: ContactMessage & { id: string }): EmailMessage {
  const { html, text } = layout({
    title: `Nuevo mensaje de contacto: ${m.asunto || 'Sin asunto'}`,
    paragraphs: [
      `Nombre: ${m.nombre}`,
      `Email: ${m.email}`,
      `Teléfono: ${m.telefono || 'No indicado'}`,
      `Asunto: ${m.asunto || 'Sin asunto'}`,
      'Mensaje:',
      m.mensaje,
      `Referencia: ${m.id}. Responde directamente al email del remitente.`,
    ],
  });
  return { template: 'contact-message', subject: `Contacto web: ${m.asunto || m.nombre}`, html, text };
}

export async function submitContactMessage(
  db: Db,
  recipients: string[],
  message: ContactMessage,
  meta: { userId: string | null; ip: string },
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        nombre: message.nombre,
        email: message.email,
        telefono: message.telefono || null,
        asunto: message.asunto || null,
        mensaje: message.mensaje,
        userId: meta.userId,
        ip: meta.ip,
      })
      .returning({ id: contactMessages.id });
    await enqueueEmail(tx, recipients, contactTeamEmail({ ...message, id: row.id }));
    return { id: row.id };
  });
}
