// `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the embedded database.
import { openDatabase } from '../db/client';
import { configOrExit } from '../startup-checks';

const config = configOrExit();
const database = await openDatabase(config);
await database.migrate();
await database.close();
console.log(`Migraciones aplicadas (${database.driver}).`);
