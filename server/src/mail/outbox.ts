import type { DbOrTx } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { EmailMessage } from './templates';

/**
 * Queues an e-mail. Call it with the transaction that makes the change, so the e-mail exists
 * exactly when the change does (docs/decisions/004); the worker delivers it later.
 */
export async function enqueueEmail(tx: DbOrTx, to: string | string[], message: EmailMessage) {
  const recipients = (Array.isArray(to) ? to : [to]).filter(Boolean);
  if (recipients.length === 0) return null;
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      to: recipients,
      subject: message.subject,
      html: message.html,
      text: message.text,
      template: message.template,
      headers: message.headers && Object.keys(message.headers).length > 0 ? message.headers : null,
    })
    .returning({ id: emailOutbox.id });
  return row.id;
}
