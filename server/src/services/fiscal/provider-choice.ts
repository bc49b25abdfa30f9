// Which control-number provider the worker asks (docs/decisions/029-fiscal-documents-and-control-numbers.md):
// the fiscal settings choose it on every round, so a change takes effect without a restart. The
// fake is one per process and continues after the highest number already in the database.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { Config } from '../../env';
import {
  type ControlNumberProvider,
  fakeControlNumberProvider,
  imprentaDigitalProvider,
} from './control-number-provider';
import { getFiscalSettings } from './settings';

export function controlNumberProviders(db: Db, config: Pick<Config, 'fiscalPrinter'>) {
  let fake: ControlNumberProvider | null = null;
  const printer = config.fiscalPrinter ? imprentaDigitalProvider(config.fiscalPrinter) : null;
  return async (): Promise<ControlNumberProvider> => {
    const settings = await getFiscalSettings(db);
    if (settings.controlProvider === 'imprenta_digital') {
      if (!printer) throw new Error('Imprenta digital elegida sin FISCAL_PRINTER_URL y FISCAL_PRINTER_TOKEN');
      return printer;
    }
    if (!fake) {
      const [row] = rowsOf<{ last: string | null }>(
        await db.execute(
          sql`select max(substring(control_number from '([0-9]+)$')::bigint)::text as last from fiscal_documents where control_number like '00-%'`,
        ),
      );
      fake = fakeControlNumberProvider({ startAfter: Number(row?.last ?? 0) });
    }
    return fake;
  };
}
