import { EMAIL_MASK_VISIBLE_CHARS } from './constants';

/** Masks an e-mail for logs, keeping the first 3 characters (public spec §9). */
export function maskEmail(email: string): string {
  return `${email.slice(0, EMAIL_MASK_VISIBLE_CHARS)}***`;
}

const usd = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
/** Money in USD with 2 decimals (admin spec §1). */
export const formatUsd = (amount: number | string) => usd.format(Number(amount));

const ves = new Intl.NumberFormat('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatVes = (amount: number | string) => `Bs. ${ves.format(Number(amount))}`;

const dateFmt = new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFmt = new Intl.DateTimeFormat('es-ES', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** Dates in es-ES (admin spec §1). */
export const formatDate = (d: string | Date) => dateFmt.format(new Date(d));
export const formatDateTime = (d: string | Date) => dateTimeFmt.format(new Date(d));
