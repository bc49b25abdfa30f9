// Hardening (docs/product/security.md#no-internals-in-answers) of the tRPC endpoint over HTTP, under
// a production config: whatever refuses a request (Fastify, tRPC before or after the context
// exists), the answer keeps its status and tRPC code, says it in Spanish and carries no stack, file
// path or SQL. One row per kind of request: a new refusal adds a row to the table below. Then
// tRPC's own messages, each answered in Spanish.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, GENERIC_MESSAGES, HTTP_MESSAGES, TRPC_MAX_BATCH_CALLS } from '@casillero/shared';
import { appRouter } from '../trpc/router';
import { useHardening, json, TOO_LARGE, expectAnswer, type Row } from '../test/hardening';

useHardening();

const trpcRows: Row[] = [
  {
    name: 'a mutation sent as text/plain',
    request: () => ({
      method: 'POST',
      url: '/trpc/profile.update',
      headers: { 'content-type': 'text/plain' },
      payload: 'hola',
    }),
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: HTTP_MESSAGES.unsupportedMediaType,
  },
  {
    name: 'a mutation without a content type',
    request: () => ({ method: 'POST', url: '/trpc/auth.signOut' }),
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: HTTP_MESSAGES.unsupportedMediaType,
  },
  {
    name: 'a content type Fastify does not read',
    request: () => ({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    }),
    status: 415,
    message: HTTP_MESSAGES.unsupportedMediaType,
  },
  {
    name: 'a GET batch that mixes a query and a mutation',
    request: () => ({ method: 'GET', url: '/trpc/auth.me,auth.signOut?batch=1&input=%7B%7D' }),
    status: 400,
    code: 'BAD_REQUEST',
    message: HTTP_MESSAGES.mixedBatch,
  },
  {
    name: 'a body over the limit',
    request: () => ({ method: 'POST', url: '/trpc/auth.signIn', ...json(TOO_LARGE) }),
    status: 413,
    message: HTTP_MESSAGES.payloadTooLarge,
  },
  {
    name: 'a batch of more calls than the client ever sends',
    request: () => ({
      method: 'GET',
      url: `/trpc/${Array.from({ length: TRPC_MAX_BATCH_CALLS + 1 }, () => 'auth.me').join(',')}?batch=1&input=%7B%7D`,
    }),
    status: 413,
    message: HTTP_MESSAGES.batchTooLarge,
  },
  {
    name: 'an unknown procedure (GET)',
    request: () => ({ method: 'GET', url: '/trpc/nada.nada' }),
    status: 404,
    code: 'NOT_FOUND',
    message: HTTP_MESSAGES.procedureNotFound,
  },
  {
    name: 'an unknown procedure (POST)',
    request: () => ({ method: 'POST', url: '/trpc/nada.nada', ...json('{}') }),
    status: 404,
    code: 'NOT_FOUND',
    message: HTTP_MESSAGES.procedureNotFound,
  },
  {
    name: 'an unknown procedure in a batch',
    request: () => ({ method: 'GET', url: '/trpc/auth.me,nada.nada?batch=1&input=%7B%7D' }),
    status: 207,
    code: 'NOT_FOUND',
    message: HTTP_MESSAGES.procedureNotFound,
  },
  {
    name: 'a POST to a query procedure',
    request: () => ({ method: 'POST', url: '/trpc/auth.me', ...json('{}') }),
    status: 405,
    code: 'METHOD_NOT_SUPPORTED',
    message: HTTP_MESSAGES.methodNotAllowed,
  },
  {
    name: 'a GET to a mutation procedure',
    request: () => ({ method: 'GET', url: '/trpc/auth.signOut' }),
    status: 405,
    code: 'METHOD_NOT_SUPPORTED',
    message: HTTP_MESSAGES.methodNotAllowed,
  },
  {
    name: 'malformed JSON in a mutation body',
    request: () => ({ method: 'POST', url: '/trpc/auth.signIn', ...json('{"email":') }),
    status: 400,
    code: 'BAD_REQUEST',
    message: GENERIC_MESSAGES.invalidInput,
  },
  {
    name: 'malformed JSON in a query input (answered directly)',
    request: () => ({ method: 'GET', url: '/trpc/staff.invitation?input=%7B' }),
    status: 400,
    code: 'BAD_REQUEST',
    message: GENERIC_MESSAGES.invalidInput,
  },
  {
    name: 'a batch input that is not an object (answered directly)',
    request: () => ({ method: 'GET', url: '/trpc/auth.me,staff.invitation?batch=1&input=%5B1%5D' }),
    status: 207,
    code: 'BAD_REQUEST',
    message: HTTP_MESSAGES.badRequest,
  },
  {
    name: 'a path with broken URL encoding',
    request: () => ({ method: 'GET', url: '/trpc/%E0%A4%A' }),
    status: 400,
    message: HTTP_MESSAGES.badRequest,
  },
  {
    name: 'a path over the parameter limit',
    request: () => ({ method: 'GET', url: `/trpc/${'a'.repeat(6000)}` }),
    status: 414,
    message: HTTP_MESSAGES.uriTooLong,
  },
  {
    name: 'a mutation from a foreign origin',
    request: () => ({
      method: 'POST',
      url: '/trpc/auth.signOut',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    }),
    status: 403,
    code: 'FORBIDDEN',
    message: AUTH_MESSAGES.foreignOrigin,
  },
  {
    name: 'an invalid input (the schema’s Spanish message)',
    request: () => ({ method: 'POST', url: '/trpc/auth.signIn', ...json('{"email":"no","password":""}') }),
    status: 400,
    code: 'BAD_REQUEST',
    message: 'Por favor ingresa un email válido.',
  },
];

describe('refused requests answer in Spanish, without internals, in production', () => {
  it.each(trpcRows.map((r) => [r.name, r] as const))('tRPC: %s', (_name, row) => expectAnswer(row));
});

describe("tRPC's own messages", () => {
  /** The object literal that opens at `start`, up to its matching brace. */
  function objectLiteralAt(source: string, start: number): string {
    let depth = 0;
    for (let i = start; i < source.length; i++) {
      if (source[i] === '{') depth++;
      else if (source[i] === '}' && --depth === 0) return source.slice(start, i + 1);
    }
    return '';
  }

  /** Every `new TRPCError({ code, message })` with a literal message in @trpc/server's build. */
  function trpcRefusals(): { code: TRPC_ERROR_CODE_KEY; message: string }[] {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@trpc/server'));
    const files = fs.readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mjs'));
    const found = new Map<string, { code: TRPC_ERROR_CODE_KEY; message: string }>();
    for (const file of files) {
      const source = fs.readFileSync(path.join(dist, file), 'utf8');
      for (const match of source.matchAll(/new TRPCError\(\{/g)) {
        const args = objectLiteralAt(source, match.index + match[0].length - 1);
        const code = /code:\s*"(\w+)"/.exec(args)?.[1];
        const literal = /message:\s*(["`])((?:\\.|(?!\1)[^\\])*)\1/.exec(args)?.[2];
        if (!code || literal === undefined) continue;
        // Template parts stand for a value, as a request would fill them in.
        const message = literal.replace(/\$\{[^}]*\}/g, 'x').replace(/\\"/g, '"');
        found.set(`${code} ${message}`, { code: code as TRPC_ERROR_CODE_KEY, message });
      }
    }
    return [...found.values()];
  }

  const spanish = new Set<string>([...Object.values(HTTP_MESSAGES), ...Object.values(GENERIC_MESSAGES)]);

  it('reads them from the installed tRPC', () => {
    const messages = trpcRefusals().map((r) => r.message);
    expect(messages).toContain('Cannot mix procedure types in call: x');
    expect(messages).toContain('No procedure found on path "x"');
    expect(messages.length).toBeGreaterThan(20);
  });

  it('answers each of them in Spanish, whatever its code (a tRPC upgrade that adds one fails here)', () => {
    const config = appRouter._def._config;
    const answered = trpcRefusals().map(({ code, message }) => {
      const error = new TRPCError({ code, message });
      const shape = getErrorShape({
        config,
        error,
        type: 'unknown',
        path: undefined,
        input: undefined,
        ctx: undefined,
      });
      return { english: message, answer: shape.message, stack: shape.data.stack };
    });
    for (const { english, answer, stack } of answered) {
      expect({ english, isSpanish: spanish.has(answer) }).toEqual({ english, isSpanish: true });
      expect(stack).toBeUndefined();
    }
  });

  it('answers a failure to read the input in Spanish, not with the parser’s words', () => {
    const config = appRouter._def._config;
    const cause = new Error('Unexpected token } in JSON at position 9');
    const error = new TRPCError({ code: 'BAD_REQUEST', message: cause.message, cause });
    const shape = getErrorShape({
      config,
      error,
      type: 'mutation',
      path: 'auth.signIn',
      input: undefined,
      ctx: undefined,
    });
    expect(shape.message).toBe(GENERIC_MESSAGES.invalidInput);
  });
});
