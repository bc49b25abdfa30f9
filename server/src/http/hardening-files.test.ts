// Hardening (docs/product/security.md#no-internals-in-answers) of the file routes and the CSV exports
// over HTTP, under a production config: a refused request keeps its status, says it in Spanish and
// carries no stack, file path or SQL. One row per kind of request: a new route adds rows below.
import { describe, it } from 'vitest';
import {
  AUDIT_CSV_PATH,
  AUDIT_MESSAGES,
  AUTH_MESSAGES,
  FILE_MESSAGES,
  GENERIC_MESSAGES,
  HTTP_MESSAGES,
  TRACKINGS_CSV_PATH,
} from '@casillero/shared';
import { multipartBody, tinyPng } from '../test/files';
import { useHardening, asCustomer, asAdmin, json, TOO_LARGE, expectAnswer, type Row } from '../test/hardening';

useHardening();

const fileRows: Row[] = [
  {
    name: 'an upload that is not a form',
    request: () => ({
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
      cookies: asCustomer(),
    }),
    status: 400,
    message: FILE_MESSAGES.missing,
  },
  {
    name: 'an upload with a content type Fastify does not read',
    request: () => ({
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
      cookies: asCustomer(),
    }),
    status: 415,
    message: HTTP_MESSAGES.unsupportedMediaType,
  },
  {
    name: 'an upload of malformed JSON',
    request: () => ({ method: 'POST', url: '/api/files', ...json('{"a"'), cookies: asCustomer() }),
    status: 400,
    message: HTTP_MESSAGES.badRequest,
  },
  {
    name: 'an upload over the body limit',
    request: () => ({ method: 'POST', url: '/api/files', ...json(TOO_LARGE), cookies: asCustomer() }),
    status: 413,
    message: HTTP_MESSAGES.payloadTooLarge,
  },
  {
    name: 'a malformed multipart form',
    request: () => ({
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': 'multipart/form-data; boundary=xx' },
      payload: '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nsin final',
      cookies: asCustomer(),
    }),
    status: 400,
    message: HTTP_MESSAGES.badRequest,
  },
  {
    name: 'a multipart form without its boundary',
    request: () => ({
      method: 'POST',
      url: '/api/files',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
      cookies: asCustomer(),
    }),
    status: 400,
    message: HTTP_MESSAGES.badRequest,
  },
  {
    name: 'an upload without a session',
    request: () => {
      const { payload, contentType } = multipartBody([
        { name: 'file', filename: 'a.png', contentType: 'image/png', bytes: tinyPng() },
      ]);
      return { method: 'POST', url: '/api/files', headers: { 'content-type': contentType }, payload };
    },
    status: 401,
    message: AUTH_MESSAGES.unauthorized,
  },
  {
    name: 'an upload whose file name carries a NUL character',
    request: () => {
      const { payload, contentType } = multipartBody([
        { name: 'file', filename: 'recibo\u0000.png', contentType: 'image/png', bytes: tinyPng() },
      ]);
      return {
        method: 'POST',
        url: '/api/files',
        headers: { 'content-type': contentType },
        payload,
        cookies: asCustomer(),
      };
    },
    status: 400,
    message: FILE_MESSAGES.nameInvalid,
  },
  {
    name: 'an upload whose field carries a NUL character',
    request: () => {
      const { payload, contentType } = multipartBody([
        { name: 'kind', value: 'receipt\u0000' },
        { name: 'file', filename: 'recibo.png', contentType: 'image/png', bytes: tinyPng() },
      ]);
      return {
        method: 'POST',
        url: '/api/files',
        headers: { 'content-type': contentType },
        payload,
        cookies: asCustomer(),
      };
    },
    status: 400,
    message: FILE_MESSAGES.nameInvalid,
  },
  {
    name: 'a reception photo whose file name carries a NUL character',
    request: () => {
      const { payload, contentType } = multipartBody([
        { name: 'file', filename: 'foto\u0000.png', contentType: 'image/png', bytes: tinyPng() },
      ]);
      return {
        method: 'POST',
        url: '/api/reception/photos',
        headers: { 'content-type': contentType },
        payload,
        cookies: asAdmin(),
      };
    },
    status: 400,
    message: FILE_MESSAGES.nameInvalid,
  },
  {
    name: 'an upload with more fields than a form has',
    request: () => {
      const extra = Array.from({ length: 6 }, (_, i) => ({ name: `campo${i}`, value: 'x' }));
      const { payload, contentType } = multipartBody([
        ...extra,
        { name: 'file', filename: 'recibo.png', contentType: 'image/png', bytes: tinyPng() },
      ]);
      return {
        method: 'POST',
        url: '/api/files',
        headers: { 'content-type': contentType },
        payload,
        cookies: asCustomer(),
      };
    },
    status: 413,
    message: FILE_MESSAGES.tooManyParts,
  },
  {
    name: 'a download of an id that is not one',
    request: () => ({ method: 'GET', url: '/files/no-es-un-id' }),
    status: 404,
    message: GENERIC_MESSAGES.notFound,
  },
  {
    name: 'a download without a valid signature',
    request: () => ({ method: 'GET', url: '/files/00000000-0000-4000-8000-000000000000?exp=1&sig=x' }),
    status: 403,
    message: FILE_MESSAGES.linkInvalid,
  },
];

const exportRows: Row[] = [
  {
    name: 'the trackings export without a session',
    request: () => ({ method: 'GET', url: TRACKINGS_CSV_PATH }),
    status: 401,
    message: AUTH_MESSAGES.unauthorized,
  },
  {
    name: 'the trackings export as a customer',
    request: () => ({ method: 'GET', url: TRACKINGS_CSV_PATH, cookies: asCustomer() }),
    status: 403,
    message: AUTH_MESSAGES.forbidden,
  },
  {
    name: 'the audit export with an inverted period',
    request: () => ({ method: 'GET', url: `${AUDIT_CSV_PATH}?from=2026-02-01&to=2026-01-01`, cookies: asAdmin() }),
    status: 400,
    message: AUDIT_MESSAGES.badRange,
  },
  {
    name: 'an export sent as POST',
    request: () => ({ method: 'POST', url: TRACKINGS_CSV_PATH, ...json('{}'), cookies: asAdmin() }),
    status: 404,
    message: GENERIC_MESSAGES.notFound,
  },
  {
    // Found by the fuzzing suite: PostgreSQL cannot hold U+0000, the search reached SQL as a 500.
    name: 'the trackings export searching for a NUL character',
    request: () => ({ method: 'GET', url: `${TRACKINGS_CSV_PATH}?q=a%00b`, cookies: asAdmin() }),
    status: 400,
    message: GENERIC_MESSAGES.invalidInput,
  },
  {
    name: 'the audit export filtered by an action with a NUL character',
    request: () => ({ method: 'GET', url: `${AUDIT_CSV_PATH}?action=a%00b`, cookies: asAdmin() }),
    status: 400,
    message: GENERIC_MESSAGES.invalidInput,
  },
  {
    name: 'an export with a path of broken URL encoding',
    request: () => ({ method: 'GET', url: '/api/exports/%E0%A4%A.csv', cookies: asAdmin() }),
    status: 400,
    message: HTTP_MESSAGES.badRequest,
  },
];

describe('refused requests answer in Spanish, without internals, in production', () => {
  it.each(fileRows.map((r) => [r.name, r] as const))('files: %s', (_name, row) => expectAnswer(row));
  it.each(exportRows.map((r) => [r.name, r] as const))('exports: %s', (_name, row) => expectAnswer(row));
});
