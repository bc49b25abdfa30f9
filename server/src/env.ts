// The only reader of process.env. Everything else receives a typed Config.
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { dollarsToCents, LEDGER_SECOND_APPROVAL_DEFAULT_USD, TRACKING_PROVIDERS } from '@casillero/shared';
import { ConfigError, LOG_LEVELS, SETTING_MESSAGES as M } from './env-messages';

/**
 * The repository root: the nearest folder above this module holding the workspaces' package.json.
 * Found by walking up, as this code runs from server/src (tsx), server/dist and server/dist/cli (the bundles).
 */
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && 'workspaces' in JSON.parse(fs.readFileSync(manifest, 'utf8'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No se encontró la raíz del repositorio desde ${start}`);
  }
}

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** A PostgreSQL connection string as postgres.js reads it: postgres:// or postgresql://, with a host. */
function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: M.NODE_ENV }).default('development'),
  /** Unset or empty: the embedded database. */
  DATABASE_URL: z
    .string()
    .optional()
    .refine((value) => !value || isPostgresUrl(value), { error: M.DATABASE_URL }),
  DATA_DIR: z.string().optional(),
  STORAGE_DIR: z.string().optional(),
  /** The built web client to serve (a production image may keep it elsewhere). */
  CLIENT_DIST: z.string().optional(),
  /** S3-compatible object storage for files (AWS S3, Cloudflare R2, MinIO); set the bucket to use it instead of STORAGE_DIR. */
  S3_BUCKET: z.string().optional(),
  /** The service's URL for R2, MinIO and the like; unset for AWS S3. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: M.S3_ENDPOINT })
    .or(z.literal(''))
    .optional(),
  /** Default us-east-1; R2 takes `auto`. */
  S3_REGION: z.string().optional(),
  /** Unset: the AWS SDK's default credential chain (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** 1 for MinIO and s3rver: the bucket goes in the path, not in the host name. */
  S3_FORCE_PATH_STYLE: z.string().optional(),
  /** Digits only (an empty value is unset): `abc`, `3000.5` or `-1` never become a port. */
  PORT: z
    .string()
    .optional()
    .refine((value) => !value || (/^\d{1,5}$/.test(value) && Number(value) <= 65535), { error: M.PORT })
    .transform((value) => (value ? Number(value) : 3000)),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.string().optional(),
  /** How /trpc is served (docs/decisions/011): `direct` (default) or tRPC's `official` Fastify adapter. */
  TRPC_ADAPTER: z.enum(['direct', 'official', ''], { error: M.TRPC_ADAPTER }).optional(),
  RESEND_API_KEY: z.string().optional(),
  MAIL_FROM: z.string().default('Casillero Virtual <no-reply@casillero.test>'),
  ADMIN_NOTIFY_EMAILS: list,
  CONTACT_EMAILS: list,
  WHATSAPP_PHONE: z.string().default('584120000000'),
  /** WhatsApp Business Cloud API: a system user's access token; unset, messages are written to the log. */
  WHATSAPP_TOKEN: z.string().optional(),
  /** The authorised digital printer (docs/decisions/029-fiscal-documents-and-control-numbers.md). */
  FISCAL_PRINTER_URL: z.string().optional(),
  FISCAL_PRINTER_TOKEN: z.string().optional(),
  /** The sending number's id in WhatsApp Manager (not the number itself). */
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  /** The Graph API base with its version; tests point it at a fake server. */
  WHATSAPP_API_URL: z
    .url({ protocol: /^https?$/, error: M.WHATSAPP_API_URL })
    .or(z.literal(''))
    .optional(),
  /** The WhatsApp desk's webhook (docs/product/whatsapp-desk.md#the-webhook): the token Meta echoes when subscribing it. */
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  /** The Meta app's secret, which signs each delivery of that webhook (X-Hub-Signature-256). */
  WHATSAPP_APP_SECRET: z.string().optional(),
  /** Web push's VAPID key pair (docs/decisions/037-web-push.md); unset: generated once and kept in the database. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  /** Who the push services may contact about our pushes (mailto: or https:); default: MAIL_FROM's address. */
  VAPID_SUBJECT: z.string().optional(),
  /** Comma-separated origins of push services besides the browsers' own (a self-hosted one; the browser tests' local one). */
  PUSH_SERVICE_ORIGINS: list,
  /** Pre-alerts from e-mail (docs/product/prealerts-from-email.md#recepción): the domain of prealertas+<token>@<domain>. */
  INBOUND_MAIL_DOMAIN: z.string().optional(),
  /** The built-in SMTP listener's port; unset, no listener starts. */
  INBOUND_SMTP_PORT: z
    .string()
    .optional()
    .refine((value) => !value || (/^\d{1,5}$/.test(value) && Number(value) <= 65535), { error: M.INBOUND_SMTP_PORT })
    .transform((value) => (value ? Number(value) : null)),
  INBOUND_SMTP_HOST: z.string().default('0.0.0.0'),
  /**
   * A JSON file of TXT records ({"name": "record"}) answering the inbound mail's SPF, DKIM and
   * DMARC lookups instead of the DNS: for the browser tests and a staging machine without DNS.
   * Refused with NODE_ENV=production: whoever wrote the file would decide which mail is authentic.
   */
  INBOUND_MAIL_DNS_FIXTURE: z.string().optional(),
  /** Mailgun's webhook signing key: signs each inbound delivery to /webhooks/inbound-mail; unset, they are refused. */
  MAILGUN_WEBHOOK_SIGNING_KEY: z.string().optional(),
  /** Comma-separated phone numbers shown on the contact page (default: the WhatsApp number). */
  CONTACT_PHONES: list,
  SEED_DEMO: z.string().optional(),
  /** `off` keeps webhook deliveries queued without sending them (the browser tests: nothing leaves the machine). */
  WEBHOOKS_SEND: z.enum(['on', 'off'], { error: M.WEBHOOKS_SEND }).default('on'),
  /** How many proxies stand in front, or their addresses / CIDR ranges (lib/client-address.ts). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustedProxies(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: M.LOG_LEVEL }).default('info'),
  /** A custom setup token for /admin-setup (otherwise a random one is printed). */
  ADMIN_SETUP_TOKEN: z.string().optional(),
  /** Signs file download links; shared by every instance. Unset: one is generated and kept in the database. */
  APP_SECRET: z.string().min(32, M.APP_SECRET).optional(),
  /** Bearer token for /metrics; unset: /metrics answers only loopback connections. */
  METRICS_TOKEN: z.string().min(16, M.METRICS_TOKEN).or(z.literal('')).optional(),
  /** Corrections of this many USD or more need a second staff member's approval. */
  LEDGER_SECOND_APPROVAL_USD: z.coerce
    .number({ error: M.LEDGER_SECOND_APPROVAL_USD })
    .min(0.01, M.LEDGER_SECOND_APPROVAL_USD)
    .default(LEDGER_SECOND_APPROVAL_DEFAULT_USD),
  /** Requests each key of the public API may make per minute (docs/product/public-api.md#limits). */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce
    .number({ error: M.API_KEY_REQUESTS_PER_MINUTE })
    .int(M.API_KEY_REQUESTS_PER_MINUTE)
    .min(1, M.API_KEY_REQUESTS_PER_MINUTE)
    .default(60),
  /** The first mile's tracking provider (docs/product/first-mile-providers.md); unset or empty: fake. */
  TRACKING_PROVIDER: z.enum([...TRACKING_PROVIDERS, ''], { error: M.TRACKING_PROVIDER }).optional(),
  SEVENTEEN_TRACK_API_KEY: z.string().optional(),
  /** A self-hosted Karrio's base URL, e.g. https://karrio.example.com (its API is under /v1). */
  KARRIO_URL: z
    .url({ protocol: /^https?$/, error: M.KARRIO_URL })
    .or(z.literal(''))
    .optional(),
  KARRIO_API_KEY: z.string().optional(),
  /** The secret Karrio gave the webhook pointed at /webhooks/carriers/karrio. */
  TRACKING_WEBHOOK_SECRET: z.string().optional(),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  storageDir: string;
  /** The built web client (client/dist), served by the server. */
  clientDist: string;
  /** Object storage for files when S3_BUCKET is set; null keeps them under storageDir. */
  s3: S3Settings | null;
  port: number;
  host: string;
  appUrl: string;
  /**
   * The origins whose mutations and uploads are not cross-site (besides, under TRUST_PROXY, the
   * host the proxy forwarded): APP_URL's origin alone, or, without APP_URL, this port under each
   * loopback name (a local start opened as localhost, 127.0.0.1 or [::1]).
   */
  allowedOrigins: string[];
  /**
   * Who answers /trpc: `direct` answers GET queries from the Fastify request and leaves the rest
   * to tRPC's official handler (faster); `official` registers tRPC's `fastifyTRPCPlugin` for all.
   */
  trpcAdapter: 'direct' | 'official';
  resendApiKey: string | undefined;
  mailFrom: string;
  adminNotifyEmails: string[];
  contactEmails: string[];
  whatsappPhone: string;
  /** The WhatsApp Cloud API when WHATSAPP_TOKEN is set; null writes messages to the log. */
  whatsapp: { token: string; phoneNumberId: string; apiUrl: string } | null;
  /**
   * The WhatsApp desk's webhook (http/whatsapp-webhook.ts): the token its subscription is checked
   * with and the app secret its deliveries are signed with; unset, it refuses them.
   */
  whatsappWebhook: { verifyToken: string | undefined; appSecret: string | undefined };
  /** Web push (messaging/push.ts): the VAPID keys when configured, their subject, extra push services. */
  push: PushSettings;
  /**
   * Pre-alerts from e-mail: the inbound addresses' domain (null: not offered), the SMTP listener
   * (null: none), Mailgun's signing key; `resolver` (DNS for SPF/DKIM/DMARC) only code sets (tests).
   */
  inboundMail: {
    domain: string | null;
    smtp: { port: number; host: string } | null;
    mailgunSigningKey: string | undefined;
    resolver?: (name: string, type: string) => Promise<unknown>;
  };
  /** The authorised digital printer's API, used when the fiscal settings choose it. */
  fiscalPrinter: { url: string; token: string } | null;
  contactPhones: string[];
  seedDemo: boolean;
  /** Whether the webhook worker runs (WEBHOOKS_SEND, default on). */
  webhooksSend: boolean;
  /** The proxies whose X-Forwarded-* headers are believed; null: none (lib/client-address.ts). */
  trustProxy: TrustedProxies;
  logLevel: (typeof LOG_LEVELS)[number];
  /**
   * How a webhook URL's host is resolved when subscribed (lib/ssrf-guard.ts); unset: the system's
   * DNS. Only code sets it (testConfig: no network in tests), never the environment.
   */
  webhookLookup?: Lookup;
  adminSetupToken: string | undefined;
  appSecret: string | undefined;
  metricsToken: string | undefined;
  /** Ledger corrections of at least this many cents wait for a second staff member's approval. */
  ledgerSecondApprovalUsdCents: number;
  /** Requests per minute each key of the public API may make; more answer 429 with Retry-After. */
  apiKeyRequestsPerMinute: number;
  /** The first mile's tracking provider and what it needs (docs/product/first-mile-providers.md). */
  tracking: TrackingSettings;
};

export type PushSettings = {
  keys: { publicKey: string; privateKey: string } | null;
  subject: string;
  extraOrigins: string[];
};

function pushSettings(e: z.infer<typeof envSchema>): PushSettings {
  const publicKey = e.VAPID_PUBLIC_KEY || undefined;
  const privateKey = e.VAPID_PRIVATE_KEY || undefined;
  if (!publicKey !== !privateKey) throw new ConfigError([M.VAPID_KEYS]);
  const address = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM.trim();
  const subject = e.VAPID_SUBJECT || `mailto:${address}`;
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new ConfigError([M.VAPID_SUBJECT]);
  return {
    keys: publicKey && privateKey ? { publicKey, privateKey } : null,
    subject,
    extraOrigins: e.PUSH_SERVICE_ORIGINS.map((o) => o.replace(/\/$/, '')),
  };
}

/** 'fake' plays recorded sequences (no network); the others call the provider's API. */
export type TrackingSettings =
  /** The fake signs its webhooks with TRACKING_WEBHOOK_SECRET when set. */
  | { provider: 'fake'; webhookSecret: string | null }
  | { provider: '17track'; apiKey: string }
  | { provider: 'karrio'; url: string; apiKey: string; webhookSecret: string };

export type S3Settings = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  /** Both keys, or null for the SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
};

/** TXT records read from a file (INBOUND_MAIL_DNS_FIXTURE); any other lookup is "not found". */
function fixtureResolver(file: string) {
  const records = JSON.parse(fs.readFileSync(path.resolve(REPO_ROOT, file), 'utf8')) as Record<string, string>;
  return async (name: string, type: string) => {
    const record = records[name.toLowerCase().replace(/\.$/, '')];
    if (type === 'TXT' && record) return [[record]];
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
}

function s3Settings(e: z.infer<typeof envSchema>): S3Settings | null {
  if (!e.S3_BUCKET) return null;
  const accessKeyId = e.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = e.S3_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey) {
    throw new ConfigError([M.S3_KEYS]);
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT || undefined,
    region: e.S3_REGION || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
  };
}

function whatsappSettings(e: z.infer<typeof envSchema>): Config['whatsapp'] {
  if (!e.WHATSAPP_TOKEN) return null;
  if (!e.WHATSAPP_PHONE_NUMBER_ID) {
    throw new ConfigError([M.WHATSAPP_PHONE_NUMBER_ID]);
  }
  return {
    token: e.WHATSAPP_TOKEN,
    phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
    apiUrl: e.WHATSAPP_API_URL || 'https://graph.facebook.com/v21.0',
  };
}

function trackingSettings(e: z.infer<typeof envSchema>): TrackingSettings {
  const provider = e.TRACKING_PROVIDER || 'fake';
  // Each needed setting missing is named at once, so one restart fixes them all.
  const missing = (names: Record<string, string | undefined>) =>
    Object.entries(names)
      .filter(([, value]) => !value)
      .map(([name]) => name);
  if (provider === '17track') {
    const absent = missing({ SEVENTEEN_TRACK_API_KEY: e.SEVENTEEN_TRACK_API_KEY });
    if (absent.length > 0) throw new ConfigError([M.TRACKING_PROVIDER_NEEDS(provider, absent)]);
    return { provider, apiKey: e.SEVENTEEN_TRACK_API_KEY as string };
  }
  if (provider === 'karrio') {
    const absent = missing({
      KARRIO_URL: e.KARRIO_URL,
      KARRIO_API_KEY: e.KARRIO_API_KEY,
      TRACKING_WEBHOOK_SECRET: e.TRACKING_WEBHOOK_SECRET,
    });
    if (absent.length > 0) throw new ConfigError([M.TRACKING_PROVIDER_NEEDS(provider, absent)]);
    return {
      provider,
      url: (e.KARRIO_URL as string).replace(/\/+$/, ''),
      apiKey: e.KARRIO_API_KEY as string,
      webhookSecret: e.TRACKING_WEBHOOK_SECRET as string,
    };
  }
  return { provider: 'fake', webhookSecret: e.TRACKING_WEBHOOK_SECRET || null };
}

/** The name a local start can be opened under: `localhost` and the IPv4 and IPv6 loopback addresses. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

function allowedOrigins(appUrlSetting: string | undefined, appUrl: string, port: number): string[] {
  if (!appUrlSetting) return LOOPBACK_HOSTS.map((host) => new URL(`http://${host}:${port}`).origin);
  try {
    const url = new URL(appUrl);
    if (url.protocol === 'http:' || url.protocol === 'https:') return [url.origin];
  } catch {
    // Reported below.
  }
  throw new ConfigError([M.APP_URL]);
}

/**
 * The settings, or a ConfigError whose message is one Spanish line naming each bad setting and
 * what it accepts (env-messages.ts).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    // Each message names its setting; one without it (zod's own) gets the name in front.
    const problems = parsed.error.issues.map((issue) => {
      const setting = issue.path.join('.');
      return issue.message.startsWith(setting) ? issue.message : `${setting}: ${issue.message}`;
    });
    throw new ConfigError([...new Set(problems)]);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.INBOUND_MAIL_DNS_FIXTURE) throw new ConfigError([M.INBOUND_MAIL_DNS_FIXTURE]);
  const dataDir = path.resolve(REPO_ROOT, e.DATA_DIR ?? '.data');
  const appUrl = (e.APP_URL || `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir,
    storageDir: path.resolve(REPO_ROOT, e.STORAGE_DIR ?? path.join(dataDir, 'storage')),
    clientDist: path.resolve(REPO_ROOT, e.CLIENT_DIST ?? 'client/dist'),
    s3: s3Settings(e),
    port: e.PORT,
    host: e.HOST,
    appUrl,
    allowedOrigins: allowedOrigins(e.APP_URL, appUrl, e.PORT),
    trpcAdapter: e.TRPC_ADAPTER || 'direct',
    resendApiKey: e.RESEND_API_KEY || undefined,
    mailFrom: e.MAIL_FROM,
    adminNotifyEmails: e.ADMIN_NOTIFY_EMAILS,
    // The contact page shows two addresses and two phones (docs/product/public-site.md#contact-details): demo values until set.
    contactEmails: e.CONTACT_EMAILS.length ? e.CONTACT_EMAILS : ['contacto@casillero.test', 'envios@casillero.test'],
    whatsappPhone: e.WHATSAPP_PHONE,
    whatsapp: whatsappSettings(e),
    whatsappWebhook: {
      verifyToken: e.WHATSAPP_VERIFY_TOKEN || undefined,
      appSecret: e.WHATSAPP_APP_SECRET || undefined,
    },
    push: pushSettings(e),
    inboundMail: {
      domain: e.INBOUND_MAIL_DOMAIN?.trim().toLowerCase() || null,
      smtp: e.INBOUND_SMTP_PORT ? { port: e.INBOUND_SMTP_PORT, host: e.INBOUND_SMTP_HOST } : null,
      mailgunSigningKey: e.MAILGUN_WEBHOOK_SIGNING_KEY || undefined,
      ...(e.INBOUND_MAIL_DNS_FIXTURE ? { resolver: fixtureResolver(e.INBOUND_MAIL_DNS_FIXTURE) } : {}),
    },
    fiscalPrinter:
      e.FISCAL_PRINTER_URL && e.FISCAL_PRINTER_TOKEN
        ? { url: e.FISCAL_PRINTER_URL, token: e.FISCAL_PRINTER_TOKEN }
        : null,
    contactPhones: e.CONTACT_PHONES.length
      ? e.CONTACT_PHONES
      : [`+${e.WHATSAPP_PHONE.replace(/\D/g, '')}`, '+582125550100'],
    seedDemo: e.SEED_DEMO === '1' || e.SEED_DEMO === 'true',
    webhooksSend: e.WEBHOOKS_SEND === 'on',
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    adminSetupToken: e.ADMIN_SETUP_TOKEN || undefined,
    appSecret: e.APP_SECRET || undefined,
    metricsToken: e.METRICS_TOKEN || undefined,
    ledgerSecondApprovalUsdCents: dollarsToCents(e.LEDGER_SECOND_APPROVAL_USD),
    apiKeyRequestsPerMinute: e.API_KEY_REQUESTS_PER_MINUTE,
    tracking: trackingSettings(e),
  };
}

/**
 * A config for tests and scripts: defaults plus overrides, never read from the environment but
 * for TRPC_ADAPTER, so a test run can put the whole server suite on either tRPC endpoint.
 * An `appUrl` or `port` override counts as that setting (APP_URL, PORT): the values derived
 * from it (`allowedOrigins`) follow, unless overridden as well.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const env: NodeJS.ProcessEnv = { NODE_ENV: 'test', TRPC_ADAPTER: process.env.TRPC_ADAPTER };
  if (overrides.appUrl !== undefined) env.APP_URL = overrides.appUrl;
  if (overrides.port !== undefined) env.PORT = String(overrides.port);
  return { webhookLookup: offlineLookup, ...loadConfig(env), ...overrides };
}

/** Tests resolve without a network: `localhost` to loopback, any other name to a public address. */
const offlineLookup: Lookup = async (hostname) => [
  hostname === 'localhost' ? { address: '127.0.0.1', family: 4 } : { address: '93.184.216.34', family: 4 },
];

// --- TRUST_PROXY, read here so that the config imports nothing of the app (lib/client-address.ts uses it) ---

/**
 * The proxies in front of the server: how many hops (Caddy in front = 1; a managed load balancer
 * in front of Caddy = 2), or the addresses and CIDR ranges they connect from. null: no proxy, the
 * socket's address is the client's and every X-Forwarded-* header is ignored.
 */
export type TrustedProxies = { hops: number } | { ranges: string[] } | null;

/** proxy-addr's names for the usual private ranges, accepted in TRUST_PROXY as well. */
export const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Reads TRUST_PROXY: unset, empty, `0` or `false` → no proxy; a whole number → that many hops
 * (`true` is read as one hop, what it meant for a single reverse proxy); otherwise a
 * comma-separated list of addresses, CIDR ranges and the names loopback, linklocal, uniquelocal.
 * Throws a Spanish message for anything else, so a typo never silently trusts everyone.
 */
export function parseTrustedProxies(value: string | undefined): TrustedProxies {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === '0' || text === 'false') return null;
  if (text === 'true') return { hops: 1 };
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  const ranges = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const unreadable = ranges.filter((entry) => !(entry in NAMED_RANGES) && !toSubnet(entry));
  if (unreadable.length > 0) {
    throw new Error(`${M.TRUST_PROXY} (no se entiende: ${unreadable.join(', ')})`);
  }
  return { ranges };
}

export type Subnet = { address: string; prefix: number; family: 'ipv4' | 'ipv6' };

export function toSubnet(entry: string): Subnet | null {
  const [address = '', prefixText] = entry.split('/');
  const version = isIP(address);
  if (version === 0) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** Resolves a host name to its addresses (the webhook address check, lib/ssrf-guard.ts). */
export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;
