// Facturas (docs/decisions/021-billing-in-bolivares.md): the customer's invoices as the page and the report dialog describe them.
import type { inferOutput } from '@trpc/tanstack-react-query';
import { PAYMENT_TYPE_LABELS, formatUsdCents, formatVesCentimos } from '@casillero/shared';
import type { trpc } from '../../../../lib/trpc';

export type Billing = inferOutput<typeof trpc.billing.mine>;
export type Invoice = Billing['invoices'][number];
export type PaymentMethodOption = inferOutput<typeof trpc.paymentMethods.active>[number];

/** A calendar day as stored (YYYY-MM-DD) to dd/mm/aaaa, with no time zone to shift it a day. */
export const formatDay = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

/** What the invoice is for: its description, or its concept when it has none. */
export const invoiceSubject = (invoice: Pick<Invoice, 'concept' | 'description'>) =>
  invoice.description || PAYMENT_TYPE_LABELS[invoice.concept];

/** An amount in both currencies: "$12,50 · Bs. 456,25" (USD only when issued without a rate). */
export const bothCurrencies = (usdCents: number, vesCentimos: number | null) =>
  vesCentimos == null ? formatUsdCents(usdCents) : `${formatUsdCents(usdCents)} · ${formatVesCentimos(vesCentimos)}`;

/** The invoice still owes something and can be reported or is under review. */
export const isOpen = (invoice: Pick<Invoice, 'status'>) =>
  invoice.status === 'pending' || invoice.status === 'partial';
