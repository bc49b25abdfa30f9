// Pre-alerts from e-mail in the demo (docs/product/prealerts-from-email.md): María forwarded
// Amazon's shipping e-mail to her personal address this morning, and the same reading and the
// same draft service the mail pipeline uses made her a draft to confirm in Prealertas.
import { eq } from 'drizzle-orm';
import { prealerts } from '../db/schema';
import { extractFromMail } from '../services/prealert-mail/extraction';
import { createOrCompleteDraft, draftValuesOf } from '../services/prealert-mail/drafts';
import { at, type DemoCast, type DemoContext } from './context';

const SUBJECT = 'Fwd: Tu pedido de Amazon.com #114-7788990-1122334 ha sido enviado';

/** The forwarded mail as the pipeline hands it to the reading (no attachment). */
const FORWARDED = `---------- Mensaje reenviado ---------
De: Amazon.com <confirmar-envio@amazon.com>
Asunto: Tu pedido de Amazon.com #114-7788990-1122334 ha sido enviado

¡Tu paquete va en camino!
Pedido n.º 114-7788990-1122334
Enviado con UPS
Número de seguimiento: 1Z4EA8310387654329

Licuadora Oster Pro 1200 con vaso de vidrio
Cantidad: 1
$89.99

Total del pedido: $96.29`;

export async function createEmailDraft(ctx: DemoContext, cast: DemoCast): Promise<void> {
  const maria = cast.customers.maria;
  const extraction = await extractFromMail({
    from: 'Amazon.com <confirmar-envio@amazon.com>',
    subject: SUBJECT,
    text: FORWARDED,
    html: null,
    attachments: [],
  });
  const values = draftValuesOf(extraction, SUBJECT, null);
  const { prealertId } = await createOrCompleteDraft(ctx.tx, maria.id, extraction, values, ctx.config.appUrl);
  if (!prealertId) throw new Error('El borrador de prealerta de la demo no se creó');
  const morning = at(ctx, 0, 3);
  await ctx.tx.update(prealerts).set({ createdAt: morning, updatedAt: morning }).where(eq(prealerts.id, prealertId));
}
