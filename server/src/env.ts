// The only reader of process.env. Everything else receives a typed Config.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().optional(),
  STORAGE_DIR: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.string().optional(),
  RESEND_API_KEY: z.string().optional(),
  MAIL_FROM: z.string().default('Casillero Virtual <no-reply@casillero.test>'),
  ADMIN_NOTIFY_EMAILS: list,
  CONTACT_EMAILS: list,
  WHATSAPP_PHONE: z.string().default('584120000000'),
  /** Comma-separated phone numbers shown on the contact page (default: the WhatsApp number). */
  CONTACT_PHONES: list,
  SEED_DEMO: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  /** A custom setup token for /admin-setup (otherwise a random one is printed). */
  ADMIN_SETUP_TOKEN: z.string().optional(),
  /** Signs file download links; shared by every instance. Unset: one is generated and kept in the database. */
  APP_SECRET: z.string().min(32, 'APP_SECRET debe tener al menos 32 caracteres').optional(),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  storageDir: string;
  port: number;
  host: string;
  appUrl: string;
  resendApiKey: string | undefined;
  mailFrom: string;
  adminNotifyEmails: string[];
  contactEmails: string[];
  whatsappPhone: string;
  contactPhones: string[];
  seedDemo: boolean;
  trustProxy: boolean;
  logLevel: string;
  adminSetupToken: string | undefined;
  appSecret: string | undefined;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Configuración inválida: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR ?? '.data');
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir,
    storageDir: path.resolve(REPO_ROOT, e.STORAGE_DIR ?? path.join(dataDir, 'storage')),
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    resendApiKey: e.RESEND_API_KEY || undefined,
    mailFrom: e.MAIL_FROM,
    adminNotifyEmails: e.ADMIN_NOTIFY_EMAILS,
    // The contact page shows two addresses and two phones (public spec §4): demo values until set.
    contactEmails: e.CONTACT_EMAILS.length ? e.CONTACT_EMAILS : ['contacto@casillero.test', 'envios@casillero.test'],
    whatsappPhone: e.WHATSAPP_PHONE,
    contactPhones: e.CONTACT_PHONES.length ? e.CONTACT_PHONES : [`+${e.WHATSAPP_PHONE.replace(/\D/g, '')}`, '+582125550100'],
    seedDemo: e.SEED_DEMO === '1' || e.SEED_DEMO === 'true',
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
    adminSetupToken: e.ADMIN_SETUP_TOKEN || undefined,
    appSecret: e.APP_SECRET || undefined,
  };
}

/** A config for tests and scripts: defaults plus overrides, never read from the environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test' }), ...overrides };
}
