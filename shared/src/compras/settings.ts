// Compra asistida's settings (docs/product/compra-asistida.md#the-quote): the fee and the quote's
// validity, the administrator's. Apart from rules.ts, which the entry chunk imports (the public
// home's JavaScript budget, docs/product/fast-on-a-phone.md#budgets); only the Compras screens read them.
import { COMPRA_VALID_HOURS_DEFAULT } from './rules';

/**
 * Our service fee: a percentage (in basis points: 800 is 8 %) of the store's total, never under a
 * minimum; and how many hours a quote is valid unless staff say otherwise.
 */
export type CompraSettings = { feeBasisPoints: number; feeMinimumUsdCents: number; validHours: number };
export type CompraFeeSettings = Pick<CompraSettings, 'feeBasisPoints' | 'feeMinimumUsdCents'>;
export const COMPRA_DEFAULT_SETTINGS: CompraSettings = {
  feeBasisPoints: 800,
  feeMinimumUsdCents: 500,
  validHours: COMPRA_VALID_HOURS_DEFAULT,
};
