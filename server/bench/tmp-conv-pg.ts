import { withFreshPostgres } from './fresh-database';
import { measureWhatsappDesk } from './whatsapp-desk';
await withFreshPostgres('postgres://postgres@127.0.0.1:5432/casillero_conv', 'casillero_whatsapp', (first, _s, name) =>
  measureWhatsappDesk(first, `PostgreSQL, base nueva ${name}`),
);
process.exit(0);
