// `npm run db:seed`: the demo data. Refuses a DATABASE_URL database unless SEED_DEMO=1.
import { openDatabase } from '../db/client';
import { DEMO_ACCOUNTS, DEMO_ALLY, DEMO_PASSWORD, seedDemo } from '../demo';
import { configOrExit } from '../startup-checks';
import { createFileStore } from '../files/file-store';

const config = configOrExit();
if (config.databaseUrl && !config.seedDemo) {
  console.error('DATABASE_URL está definida: la demo solo se carga con SEED_DEMO=1.');
  process.exit(1);
}
const database = await openDatabase(config);
await database.migrate();
const fileStore = createFileStore(config);
const { seeded } = await seedDemo(database.db, { fileStore });
fileStore.close();
await database.close();
console.log(seeded ? 'Datos de demostración cargados.' : 'Los datos de demostración ya estaban cargados.');
console.log(`Administrador: ${DEMO_ACCOUNTS.admin.email} / ${DEMO_PASSWORD}`);
for (const c of DEMO_ACCOUNTS.customers) console.log(`Cliente: ${c.email} / ${DEMO_PASSWORD}`);
console.log(`Aliado: ${DEMO_ALLY.login.email} / ${DEMO_PASSWORD} (${DEMO_ALLY.name})`);
for (const c of DEMO_ALLY.customers) console.log(`Cliente del aliado: ${c.email} / ${DEMO_PASSWORD}`);
