// What `npm start` checks before it touches the database (main.ts): the settings parse, and the
// port can be opened. A bad setting stops the start with one Spanish line on stderr and exit
// code 1, before any migration runs and without a stack trace (env-messages.ts holds the lines).
import net from 'node:net';
import { ConfigError, SETTING_MESSAGES as M } from './env-messages';
import { type Config, loadConfig } from './env';

/** Exit code of a start refused for a setting. */
export const BAD_SETTING_EXIT_CODE = 1;

/**
 * Opens and closes HOST:PORT at once, so that a port another process holds is reported now,
 * not after the migrations. Port 0 (any free port) needs no check.
 */
export function checkPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') reject(new ConfigError([M.PORT_IN_USE(port, host)]));
      else if (err.code === 'EACCES') reject(new ConfigError([M.PORT_FORBIDDEN(port)]));
      else if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN')
        reject(new ConfigError([M.HOST(host)]));
      else reject(err);
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** A ConfigError's line on stderr, then exit; anything else is thrown on, as it is a bug. */
function exitOnBadSetting(err: unknown): never {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(BAD_SETTING_EXIT_CODE);
}

/** The settings, or the line and exit (the CLIs: migrate, seed, admin-create, create-bucket). */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    exitOnBadSetting(err);
  }
}

/** The settings, once they parse and the port is free; otherwise the line, and exit (main.ts). */
export async function checkedConfig(): Promise<Config> {
  const config = configOrExit();
  await checkPortFree(config.host, config.port).catch(exitOnBadSetting);
  return config;
}
