// An outage of the PostgreSQL server, for the tests that need one (docs/decisions/022 on the
// answer; TEST_DATABASE_URL only): a scratch database copied from the run's migrated template,
// reached through a TCP proxy on this machine that the test cuts (connections dropped, new ones
// refused, as when PostgreSQL stops), blackholes (connections accepted and never answered, as
// when the network hangs) and restores. The app's postgres.js pool talks to the proxy and never
// knows. close() drops the database.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import postgres from 'postgres';
import { inject } from 'vitest';
import { openPostgres, type Database } from '../db/client';
import { withDatabase } from './global-setup';

export type PgProxy = {
  /** Drops every connection and refuses new ones, as a stopped PostgreSQL does. */
  cut(): Promise<void>;
  /** Drops every connection and accepts new ones that never get an answer. */
  hang(): Promise<void>;
  /** Forwards again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
  port: number;
};

async function startProxy(target: { host: string; port: number }): Promise<PgProxy> {
  const sockets = new Set<net.Socket>();
  let mode: 'forward' | 'hang' = 'forward';
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'hang') return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  await listen(0);
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    async cut() {
      const closed = stopListening();
      dropAll();
      await closed;
    },
    async hang() {
      mode = 'hang';
      dropAll();
      if (!server.listening) await listen(port);
    },
    async restore() {
      mode = 'forward';
      dropAll();
      if (!server.listening) await listen(port);
    },
    async close() {
      const closed = stopListening();
      dropAll();
      await closed;
    },
  };
}

/** A migrated scratch database of its own, reached through a proxy the test controls. */
export async function databaseBehindProxy(url: string): Promise<{
  database: Database;
  proxy: PgProxy;
  /** Ends this database's server connections from inside PostgreSQL (57P01, as a fast shutdown does). */
  terminateConnections(): Promise<void>;
  close(): Promise<void>;
}> {
  const template = inject('pgTemplateDatabase');
  const name = `${new URL(url).pathname.slice(1)}_outage_${randomBytes(4).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      break;
    } catch (err) {
      if (attempt >= 20 || !String(err).includes('being accessed')) throw err;
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 300));
    }
  }
  const target = new URL(url);
  const proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const through = new URL(withDatabase(url, name));
  through.hostname = '127.0.0.1';
  through.port = String(proxy.port);
  const database = openPostgres(through.toString(), { max: 4 });
  return {
    database,
    proxy,
    async terminateConnections() {
      await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
    },
    async close() {
      await proxy.restore();
      await database.close();
      await proxy.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
