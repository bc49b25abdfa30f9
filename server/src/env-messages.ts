// What a bad setting says, in one place: the single Spanish line the server prints, instead of
// starting, when a setting cannot be used (env.ts reads them; startup-checks.ts checks the port).
// Each line names the setting and what it accepts; none repeats the value it was given, which
// may hold a password (DATABASE_URL) or a key.

/** The log levels of the server's logger (pino), lowest noise last. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every bad setting's line begins so; the server prints nothing else for it. */
export const CONFIG_ERROR_PREFIX = 'Configuración inválida:';

export const SETTING_MESSAGES = {
  NODE_ENV: 'NODE_ENV debe ser development, production o test',
  DATABASE_URL:
    'DATABASE_URL debe ser una URL de PostgreSQL, postgres://usuario:contraseña@servidor:5432/base (o no definirse: base embebida)',
  S3_ENDPOINT: 'S3_ENDPOINT debe ser una URL http(s)',
  S3_KEYS: 'S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY se definen juntas o ninguna',
  VAPID_KEYS: 'VAPID_PUBLIC_KEY y VAPID_PRIVATE_KEY se definen juntas o ninguna',
  VAPID_SUBJECT: 'VAPID_SUBJECT debe empezar por mailto: o https://',
  PORT: 'PORT debe ser un número de puerto entero entre 0 y 65535',
  APP_URL: 'APP_URL debe ser una URL http(s)',
  TRPC_ADAPTER: "TRPC_ADAPTER debe ser 'direct' u 'official'",
  WHATSAPP_API_URL: 'WHATSAPP_API_URL debe ser una URL http(s)',
  WHATSAPP_PHONE_NUMBER_ID: 'WHATSAPP_TOKEN necesita WHATSAPP_PHONE_NUMBER_ID',
  WEBHOOKS_SEND: 'WEBHOOKS_SEND debe ser on u off',
  INBOUND_SMTP_PORT: 'INBOUND_SMTP_PORT debe ser un puerto entre 1 y 65535',
  INBOUND_MAIL_DNS_FIXTURE:
    'INBOUND_MAIL_DNS_FIXTURE es solo para pruebas: con NODE_ENV=production el correo entrante se autentica con el DNS real, quítala',
  TRUST_PROXY:
    'TRUST_PROXY debe ser el número de proxies delante del servidor o una lista de direcciones IP o rangos CIDR',
  LOG_LEVEL: `LOG_LEVEL debe ser uno de: ${LOG_LEVELS.join(', ')}`,
  APP_SECRET: 'APP_SECRET debe tener al menos 32 caracteres',
  METRICS_TOKEN: 'METRICS_TOKEN debe tener al menos 16 caracteres',
  LEDGER_SECOND_APPROVAL_USD: 'LEDGER_SECOND_APPROVAL_USD debe ser un monto en USD de al menos 0.01',
  API_KEY_REQUESTS_PER_MINUTE: 'API_KEY_REQUESTS_PER_MINUTE debe ser un número entero de al menos 1',
  TRACKING_PROVIDER: 'TRACKING_PROVIDER debe ser fake, 17track o karrio',
  KARRIO_URL: 'KARRIO_URL debe ser una URL http(s)',
  /** A provider chosen without what it needs: the settings' names, never their values. */
  TRACKING_PROVIDER_NEEDS: (provider: string, missing: string[]) =>
    `TRACKING_PROVIDER=${provider} necesita ${missing.join(', ')}`,
  /** The port is taken, or cannot be opened: found before the migrations run (startup-checks.ts). */
  PORT_IN_USE: (port: number, host: string) =>
    `PORT=${port} ya está en uso en ${host}: detén el otro proceso o elige otro PORT`,
  PORT_FORBIDDEN: (port: number) =>
    `PORT=${port} necesita permisos de administrador: usa un puerto a partir de 1024 o un proxy delante`,
  HOST: (host: string) => `HOST=${host} no es una dirección de esta máquina: usa 0.0.0.0, 127.0.0.1 o una de sus IP`,
} as const;

/**
 * A setting the server cannot start with. Its message is the whole line to print: the prefix and
 * each problem, separated by `; `.
 */
export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`${CONFIG_ERROR_PREFIX} ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}
