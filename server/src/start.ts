// The server's start once its settings are checked (main.ts): migrate, seed the embedded demo on
// first start, serve, run the workers, and shut down gracefully on SIGTERM.
import { count, eq } from 'drizzle-orm';
import { STAFF_ROLE_LABELS } from '@casillero/shared';
import { pruneEvents } from './auth/rate-limit';
import { openDatabase } from './db/client';
import { users } from './db/schema';
import { DEMO_ACCOUNTS, DEMO_ALLY, DEMO_PASSWORD, seedDemo } from './demo';
import { createFileStore } from './files/file-store';
import { shutDown } from './http/operations';
import { logSender, resendSender, startOutboxWorker } from './mail/worker';
import { cloudApiSender, logWhatsappSender, startWhatsappWorker } from './messaging/whatsapp-worker';
import { signedLinkFor } from './files/links';
import { startPushWorker, webPushSender } from './messaging/push';
import { createServer } from './server';
import { createScheduler } from './jobs/scheduler';
import { scheduledJobs } from './jobs/storage-reminders';
import { issueAdminSetupToken } from './services/auth';
import { startControlNumberWorker } from './services/fiscal/control-numbers';
import { controlNumberProviders } from './services/fiscal/provider-choice';
import { startWebhookWorker } from './webhooks/worker';
import { trackingProviderFor } from './services/carrier-tracking/providers';
import { startCarrierTrackingWorker } from './services/carrier-tracking/jobs';
import type { Config } from './env';
import { stopOcr } from './services/prealert-mail/extraction';
import { startSmtpListener } from './services/prealert-mail/smtp-listener';

export async function start(config: Config): Promise<void> {
  const database = await openDatabase(config);
  await database.migrate();
  const { db } = database;

  const embedded = !config.databaseUrl;
  const [{ n: userCount }] = await db.select({ n: count() }).from(users);
  // The demo goes into the embedded database on its first start, and into a server only on request.
  if ((embedded && Number(userCount) === 0) || config.seedDemo) {
    const seedFiles = createFileStore(config);
    await seedDemo(db, { fileStore: seedFiles });
    seedFiles.close();
  }
  const [demoAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
  const setupToken = await issueAdminSetupToken(db, config.adminSetupToken);

  // One provider for the webhooks and the jobs (the fake when TRACKING_PROVIDER is unset).
  const trackingProvider = trackingProviderFor(config);
  const server = await createServer({ config, database, trackingProviders: [trackingProvider] });
  const log = server.app.log;
  const send = config.resendApiKey ? resendSender(config.resendApiKey, config.mailFrom) : logSender(log);
  const worker = startOutboxWorker(db, send, log);
  const whatsappWorker = startWhatsappWorker(
    db,
    config.whatsapp
      ? cloudApiSender(config.whatsapp, async (fileId) => {
          // The inbox's attachments: WhatsApp fetches the file from this signed link when it goes.
          const link = await signedLinkFor(db, config, fileId);
          return `${config.appUrl}${link.url}`;
        })
      : logWhatsappSender(log),
    log,
  );
  // The WhatsApp desk's answers to what its webhook stored, woken by each delivery.
  server.whatsappDesk.start();
  // Web push to the customers' browsers: always on (no account needed, only our VAPID key).
  const pushWorker = startPushWorker(db, webPushSender(db, config.push, config.appUrl), log);
  // Números de control for facturas and notes, in order, retried while the provider is down.
  const controlWorker = startControlNumberWorker(db, controlNumberProviders(db, config), log);
  // Webhooks of the public API: signed POSTs to the customers' URLs, retried for 24 hours.
  const webhookWorker = config.webhooksSend ? startWebhookWorker(db, log) : null;
  // Scheduled jobs (storage reminders): every instance ticks; the database lets one run each period.
  const scheduler = createScheduler(db, scheduledJobs(config), log);
  scheduler.start();
  // The first mile: registering and polling carriers' numbers within the day's budget.
  const carrierWorker = startCarrierTrackingWorker(db, trackingProvider, log, { appUrl: config.appUrl });
  let pruning: Promise<unknown> = Promise.resolve();
  const pruner = setInterval(
    () => {
      pruning = pruneEvents(db).catch(() => {});
    },
    60 * 60 * 1000,
  );
  pruner.unref();

  const url = await server.listen();
  // Pre-alerts from e-mail: the SMTP listener, only when INBOUND_SMTP_PORT is set.
  const inboundFiles = config.inboundMail.smtp ? createFileStore(config) : null;
  const smtp =
    config.inboundMail.smtp && inboundFiles
      ? await startSmtpListener(
          {
            db,
            fileStore: inboundFiles,
            appUrl: config.appUrl,
            domain: config.inboundMail.domain,
            log,
            resolver: config.inboundMail.resolver,
          },
          config.inboundMail.smtp,
        )
      : null;
  const lines = [
    '',
    `Servidor listo en ${url}`,
    `Base de datos: ${embedded ? `embebida (PGlite) en ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `E-mail: ${config.resendApiKey ? 'Resend' : 'sin RESEND_API_KEY: los correos se muestran en este registro'}`,
    `Prealertas por correo: ${smtp ? `receptor SMTP en el puerto ${smtp.port}` : 'sin INBOUND_SMTP_PORT: sin receptor SMTP'}${
      config.inboundMail.mailgunSigningKey ? ', webhook de Mailgun activo' : ''
    }`,
    `WhatsApp: ${config.whatsapp ? 'Cloud API' : 'sin WHATSAPP_TOKEN: los mensajes se muestran en este registro'}`,
    `Atención por WhatsApp: ${
      config.whatsappWebhook.appSecret
        ? 'webhook /webhooks/whatsapp activo'
        : 'sin WHATSAPP_APP_SECRET: /webhooks/whatsapp rechaza las entregas'
    }`,
  ];
  if (!config.webhooksSend) lines.push('Webhooks: WEBHOOKS_SEND=off: las entregas quedan en cola sin enviarse');
  if (config.trpcAdapter === 'official') lines.push('tRPC: adaptador oficial de Fastify (TRPC_ADAPTER=official)');
  if (demoAdmin) {
    lines.push(
      `Cuentas de demostración (contraseña para todas: ${DEMO_PASSWORD}):`,
      `  ${'Administrador:'.padEnd(21)}${DEMO_ACCOUNTS.admin.email}`,
      ...DEMO_ACCOUNTS.staff.map((p) => `  ${`${STAFF_ROLE_LABELS[p.role]}:`.padEnd(21)}${p.email}`),
      `  ${`${STAFF_ROLE_LABELS.agencia}:`.padEnd(21)}${DEMO_ACCOUNTS.agency.email} (${DEMO_ACCOUNTS.agency.agencyName})`,
      ...DEMO_ACCOUNTS.customers.map((c) => `  ${'Cliente:'.padEnd(21)}${c.email}`),
      `  ${`${STAFF_ROLE_LABELS.aliado}:`.padEnd(21)}${DEMO_ALLY.login.email} (${DEMO_ALLY.name}, prefijo ${DEMO_ALLY.prefix})`,
      ...DEMO_ALLY.customers.map((c) => `  ${'Cliente del aliado:'.padEnd(21)}${c.email}`),
    );
  }
  if (setupToken) {
    lines.push(
      `No existe ningún administrador. Créalo en ${config.appUrl}/admin-setup con este token de un solo uso:`,
      `  ${setupToken}`,
      'o con: npm run admin:create -- --email <email> --password <contraseña>',
    );
  }
  console.log(`${lines.join('\n')}\n`);

  // Graceful shutdown (docs/decisions/017): /readyz answers 503 while the requests in flight finish
  // and the workers stop, then stop accepting, close the pool; exit 1 when that takes longer than
  // SHUTDOWN_DEADLINE_MS.
  let closing = false;
  async function onSignal(signal: NodeJS.Signals) {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'Cerrando el servidor');
    const clean = await shutDown({
      app: server.app,
      operations: server.operations,
      stopWorkers: async () => {
        clearInterval(pruner);
        await Promise.all([
          worker.stop(),
          whatsappWorker.stop(),
          server.whatsappDesk.stop(),
          pushWorker.stop(),
          controlWorker.stop(),
          webhookWorker?.stop(),
          scheduler.stop(),
          carrierWorker.stop(),
          pruning,
          server.endLiveStreams(),
          smtp?.close().then(() => inboundFiles?.close()),
          // The invoice photos' OCR worker thread, when a mail brought one.
          stopOcr(),
        ]);
      },
      closeDatabase: () => database.close(),
      log,
    });
    process.exit(clean ? 0 : 1);
  }
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
  process.on('SIGINT', () => void onSignal('SIGINT'));
}
