// `npm start`: migrate, seed the embedded demo on first start, serve, deliver e-mail.
import { count, eq } from 'drizzle-orm';
import { STAFF_ROLE_LABELS } from '@casillero/shared';
import { pruneEvents } from './auth/rate-limit';
import { openDatabase } from './db/client';
import { users } from './db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './db/seed';
import { loadConfig } from './env';
import { logSender, resendSender, startOutboxWorker } from './mail/worker';
import { createServer } from './server';
import { issueAdminSetupToken } from './services/auth';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const { db } = database;

const embedded = !config.databaseUrl;
const [{ n: userCount }] = await db.select({ n: count() }).from(users);
// The demo goes into the embedded database on its first start, and into a server only on request.
if ((embedded && Number(userCount) === 0) || config.seedDemo) {
  await seedDemo(db, { storageDir: config.storageDir });
}
const [demoAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
const setupToken = await issueAdminSetupToken(db, config.adminSetupToken);

const server = await createServer({ config, database });
const log = server.app.log;
const send = config.resendApiKey ? resendSender(config.resendApiKey, config.mailFrom) : logSender(log);
const worker = startOutboxWorker(db, send, log);
const pruner = setInterval(() => pruneEvents(db).catch(() => {}), 60 * 60 * 1000);
pruner.unref();

const url = await server.listen();
const lines = [
  '',
  `Servidor listo en ${url}`,
  `Base de datos: ${embedded ? `embebida (PGlite) en ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  `E-mail: ${config.resendApiKey ? 'Resend' : 'sin RESEND_API_KEY: los correos se muestran en este registro'}`,
];
if (demoAdmin) {
  lines.push(
    'Cuentas de demostración (contraseña para todas: ' + DEMO_PASSWORD + '):',
    `  Administrador: ${DEMO_ACCOUNTS.admin.email}`,
    ...DEMO_ACCOUNTS.staff.map((p) => `  ${`${STAFF_ROLE_LABELS[p.role]}:`.padEnd(15)}${p.email}`),
    ...DEMO_ACCOUNTS.customers.map((c) => `  Cliente:       ${c.email}`),
  );
}
if (setupToken) {
  lines.push(
    'No existe ningún administrador. Créalo en ' + `${config.appUrl}/admin-setup con este token de un solo uso:`,
    `  ${setupToken}`,
    'o con: npm run admin:create -- --email <email> --password <contraseña>',
  );
}
console.log(lines.join('\n') + '\n');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'Cerrando el servidor');
  clearInterval(pruner);
  await server.stop();
  await worker.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
