// The domain error as the plain Fastify routes answer it (errors.ts): each code under its HTTP
// status with `{ error }` in Spanish; anything else unexpected answers the generic Spanish
// message for its status in production, its own text outside it, and never its stack.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES, SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS, httpStatusMessage } from '@casillero/shared';
import { DOMAIN_ERROR_CODES, DomainError, type DomainErrorCode } from '../lib/domain-error';
import { HTTP_STATUS, httpErrorHandler } from './errors';

const EXPECTED: Record<DomainErrorCode, number> = {
  BAD_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY: 429,
  SERVICE_UNAVAILABLE: 503,
};

async function appIn(isProduction: boolean) {
  const app = Fastify({ logger: false });
  app.setErrorHandler(httpErrorHandler({ isProduction }));
  app.get<{ Params: { code: DomainErrorCode } }>('/refuse/:code', async (req) => {
    throw new DomainError(req.params.code, `No se pudo (${req.params.code}).`);
  });
  app.get('/slow-down', async () => {
    throw new DomainError('TOO_MANY', 'Demasiados intentos.', { retryAfter: 90.2 });
  });
  app.get('/crash', async () => {
    throw new Error('relation "users" does not exist');
  });
  app.get('/database-down', async () => {
    throw new Error('Failed query: select 1', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });
  });
  await app.ready();
  return app;
}

describe('a domain error through a plain route', () => {
  it('maps every code, and only those', () => {
    expect(Object.keys(HTTP_STATUS).sort()).toEqual([...DOMAIN_ERROR_CODES].sort());
  });

  it.each(DOMAIN_ERROR_CODES)('%s answers its status with its Spanish message, in production too', async (code) => {
    const app = await appIn(true);
    const res = await app.inject({ method: 'GET', url: `/refuse/${code}` });
    expect(res.statusCode).toBe(EXPECTED[code]);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(JSON.stringify({ error: `No se pudo (${code}).` }));
    await app.close();
  });

  it('says when a refused attempt may be made again', async () => {
    const app = await appIn(true);
    const res = await app.inject({ method: 'GET', url: '/slow-down' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('91');
    expect(res.json()).toEqual({ error: 'Demasiados intentos.' });
    await app.close();
  });

  it('answers a database that cannot be reached 503 with Retry-After and the Spanish "try again"', async () => {
    const app = await appIn(true);
    const res = await app.inject({ method: 'GET', url: '/database-down' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS));
    expect(res.json()).toEqual({ error: GENERIC_MESSAGES.serviceUnavailable });
    await app.close();
  });

  it('answers an unexpected error with the generic Spanish message in production, its own text only outside it', async () => {
    const production = await appIn(true);
    const res = await production.inject({ method: 'GET', url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: httpStatusMessage(500) });
    await production.close();

    const development = await appIn(false);
    const dev = await development.inject({ method: 'GET', url: '/crash' });
    expect(dev.statusCode).toBe(500);
    expect(dev.json()).toEqual({ error: 'relation "users" does not exist' });
    await development.close();
  });
});
