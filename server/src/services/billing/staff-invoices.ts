// An invoice a staff member issues for a charge the system does not make by itself (a repack, a
// course, a fee): the same issuing as every other invoice, and the customer is told.
import { eq } from 'drizzle-orm';
import {
  dollarsToCents,
  INVOICE_ISSUE_MESSAGES,
  formatUsdCents,
  formatVesCentimos,
  type invoiceIssueInput,
  type z,
} from '@casillero/shared';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/domain-error';
import { users } from '../../db/schema';
import type { Config } from '../../env';
import { issueInvoice } from './invoices';
import { notifyUser } from '../notify';

const FACTURAS_PATH = '/dashboard/facturas';

export async function issueInvoiceByStaff(
  db: Db,
  staffId: string,
  input: z.output<typeof invoiceIssueInput>,
  config: Pick<Config, 'appUrl'>,
) {
  return db.transaction(async (tx) => {
    const [customer] = await tx.select({ role: users.role }).from(users).where(eq(users.id, input.userId));
    if (customer?.role !== 'user') throw new DomainError('NOT_FOUND', 'Cliente no encontrado.');
    const invoice = await issueInvoice(tx, {
      userId: input.userId,
      concept: input.concept,
      description: input.description,
      lines: input.lines.map((l) => ({ description: l.description, usdCents: dollarsToCents(l.amountUsd) })),
      createdBy: staffId,
    });
    await notifyUser(
      tx,
      input.userId,
      {
        title: INVOICE_ISSUE_MESSAGES.customerTitle,
        message: INVOICE_ISSUE_MESSAGES.customerMessage(
          invoice.number,
          formatUsdCents(invoice.usdCents),
          invoice.vesCentimos === null ? null : formatVesCentimos(invoice.vesCentimos),
        ),
        type: 'payment',
        link: FACTURAS_PATH,
      },
      { kind: 'payment', email: 'default', appUrl: config.appUrl },
    );
    return invoice;
  });
}
