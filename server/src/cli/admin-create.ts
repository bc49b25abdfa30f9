// `npm run admin:create -- --email … --password … [--name …]`: creates or promotes an admin.
import { parseArgs } from 'node:util';
import { adminSetupInput } from '@casillero/shared';
import { openDatabase } from '../db/client';
import { configOrExit } from '../startup-checks';
import { createOrPromoteAdmin } from '../services/auth';

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
const parsed = adminSetupInput
  .pick({ email: true, password: true, nombre: true })
  .safeParse({ email: values.email, password: values.password, nombre: values.name ?? 'Administrador' });
if (!parsed.success) {
  console.error('Uso: npm run admin:create -- --email <email> --password <contraseña> [--name <nombre>]');
  for (const issue of parsed.error.issues) console.error(`  ${issue.path.join('.')}: ${issue.message}`);
  process.exit(1);
}
const database = await openDatabase(configOrExit());
await database.migrate();
const user = await createOrPromoteAdmin(database.db, {
  email: parsed.data.email,
  password: parsed.data.password,
  fullName: parsed.data.nombre,
});
await database.close();
console.log(`Administrador listo: ${user.email}`);
