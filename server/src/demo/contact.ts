// Messages sent through the public contact form (the form's service stores each and queues the
// team's e-mail), one of them already handled by the team, which no procedure records: direct.
import { eq } from 'drizzle-orm';
import { contactInput } from '@casillero/shared';
import { contactMessages } from '../db/schema';
import { submitContactMessage } from '../services/contact';
import { at, type DemoContext } from './context';

const MESSAGES = [
  {
    nombre: 'Yoselin Castillo',
    email: 'yoselin.castillo@ejemplo.test',
    telefono: '+58 414 332 1190',
    asunto: 'Consulta sobre envío marítimo',
    mensaje:
      'Buenas tardes, quisiera saber cuánto cuesta enviar una caja de 60x40x40 cm desde Miami por vía marítima hasta Valencia y cuánto tarda.',
    ip: '190.202.14.77',
    sent: [2, 5],
  },
  {
    nombre: 'Pedro Luis Marcano',
    email: 'pedro.marcano@ejemplo.test',
    telefono: '',
    asunto: 'Cursos de importación',
    mensaje: '¿El próximo taller presencial será en Caracas? Me interesa inscribirme con un amigo.',
    ip: '186.167.242.10',
    sent: [10, 0],
    handledDaysAgo: 9,
  },
] as const;

export async function createContactMessages(ctx: DemoContext): Promise<void> {
  for (const { ip, sent, ...form } of MESSAGES) {
    const message = contactInput.parse(form);
    const { id } = await submitContactMessage(ctx.db, ctx.config.adminNotifyEmails, message, { userId: null, ip });
    const handled = 'handledDaysAgo' in form ? at(ctx, form.handledDaysAgo) : null;
    await ctx.tx
      .update(contactMessages)
      .set({ createdAt: at(ctx, sent[0], sent[1]), handledAt: handled })
      .where(eq(contactMessages.id, id));
  }
}
