// What the hardening tests over HTTP start from (docs/product/security.md#no-internals-in-answers): a
// server under a production config with its own database, a customer's and an administrator's
// sessions, and how an answer is read and checked (its Spanish message, no stack, file path or SQL).
// A test file calls useHardening() once, before its first test.
import fs from 'node:fs';
import net from 'node:net';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { SESSION_COOKIE_NAME } from '@casillero/shared';
import type { Database } from '../db/client';
import { testConfig, type Config } from '../env';
import { createServer } from '../server';
import { createTestDatabase } from './db';
import { signedInAdmin, signedInCustomer } from './factories';
import { tempStorageDir } from './files';

export const APP_URL = 'https://casillero.example';
export const APP_HOST = 'casillero.example';

export let database: Database;
export let storageDir: string;
export let config: Config;
export let server: Awaited<ReturnType<typeof createServer>>;
export let customerToken: string;
export let adminToken: string;

export const asCustomer = () => ({ [SESSION_COOKIE_NAME]: customerToken });
export const asAdmin = () => ({ [SESSION_COOKIE_NAME]: adminToken });
export const json = (payload: string) => ({ headers: { 'content-type': 'application/json' }, payload });
export const TOO_LARGE = JSON.stringify({ text: 'x'.repeat(9 * 1024 * 1024) });

/** What must never reach a client: stack frames, server paths, SQL. */
export const INTERNALS = [
  /stack/i,
  /\/work\//,
  /node_modules/,
  /\.[cm]?[jt]s:\d/,
  /\bat \S+ \(/,
  /\bselect\s/i,
  /insert into/i,
  /\bfrom "/i,
];

export function expectNoInternals(body: string) {
  for (const pattern of INTERNALS) expect(body).not.toMatch(pattern);
}

/** What a person reads in an answer: tRPC's error message, or the `error` of a plain route. */
export function readError(body: string): { message: unknown; code?: unknown } {
  const parsed = JSON.parse(body);
  const error = Array.isArray(parsed) ? parsed.find((r) => r.error)?.error : parsed.error;
  return typeof error === 'string' ? { message: error } : { message: error?.message, code: error?.data?.code };
}

export type Row = {
  name: string;
  request: () => InjectOptions;
  status: number;
  message: string;
  /** The tRPC error code, for answers of the tRPC endpoint. */
  code?: TRPC_ERROR_CODE_KEY;
};

export async function expectAnswer({ request, status, message, code }: Row) {
  const res = await server.app.inject(request());
  expect(res.statusCode).toBe(status);
  expect(readError(res.body)).toEqual(code ? { message, code } : { message });
  expectNoInternals(res.body);
}

/** Sends raw bytes to the listening server and reads its whole answer. */
export function sendRaw(port: number, request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    const done = () => resolve({ status: Number(text.split(' ')[1]), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    socket.on('close', done);
    socket.on('error', () => {});
    socket.write(request);
  });
}

/** Starts the server of the file that calls it (once), before its first test. */
export function useHardening() {
  beforeAll(async () => {
    database = await createTestDatabase();
    storageDir = tempStorageDir();
    // nodeEnv stays 'test' (no request logs in the output); isProduction is what answers read.
    config = testConfig({ appUrl: APP_URL, storageDir, isProduction: true });
    server = await createServer({ config, database });
    customerToken = (await signedInCustomer(database.db)).visitor.token!;
    adminToken = (await signedInAdmin(database.db)).visitor.token!;
  });
  afterAll(async () => {
    await server.stop();
    await database.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });
}
