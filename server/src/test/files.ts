// Helpers for tests that upload files through the HTTP route: a multipart body built by hand,
// small valid images, and an upload through Fastify's inject.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE_NAME } from '@casillero/shared';
import type { FastifyInstance } from 'fastify';
import { demoReceiptPng } from '../demo/seed-receipt';

export const tinyPng = (label = 'prueba') => demoReceiptPng(label);
/** A real 4×3 JPEG and WebP (uploads are decoded and re-encoded, so magic bytes alone no longer pass). */
export const tinyJpeg = () =>
  Buffer.from(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCAAHlhf//Z',
    'base64',
  );
export const tinyWebp = () =>
  Buffer.from('UklGRjoAAABXRUJQVlA4IC4AAACwAQCdASoEAAMAAUAmJaACdLoABDAAAP7x3I/4DdfFtMv/vYL/3YL/3YL/WwAA', 'base64');
/**
 * An iPhone-style HEIC (HEVC in a HEIF file), 64 × 48, its left half red and its right half blue:
 * made with libheif's heif-enc (x265, quality 60) from a PNG, as sharp cannot write HEVC.
 */
export const tinyHeic = () =>
  Buffer.from(
    'AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAa1tZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAA' +
      'AA5waXRtAAAAAAACAAAAEGlkYXQAAAAAAEAAMAAAADhpbG9jAQAAAERAAAIAAQAAAAAAAAHRAAEAAAAAAAAAjQACAAEAAAAAAAAA' +
      'AQAAAAAAAAAIAAAAOGlpbmYAAAAAAAIAAAAVaW5mZQIAAAEAAQAAaHZjMQAAAAAVaW5mZQIAAAAAAgAAZ3JpZAAAAADYaXBycAAA' +
      'ALZpcGNvAAAAdmh2Y0MBA3AAAAAAAAAAAAAe8AD8/fj4AAAPAyAAAQAYQAEMAf//A3AAAAMAkAAAAwAAAwAeugJAIQABACpCAQED' +
      'cAAAAwCQAAADAAADAB6gIIEFlurkprm4EBAwIAAAAwAgAAADACEiAAEABkQBwXPAiQAAABRpc3BlAAAAAAAAAEAAAABAAAAAFGlz' +
      'cGUAAAAAAAAAQAAAADAAAAAQcGl4aQAAAAADCAgIAAAAGmlwbWEAAAAAAAAAAgABAoECAAICA4QAAAAaaXJlZgAAAAAAAAAOZGlt' +
      'ZwACAAEAAQAAAJVtZGF0AAAAiSgBrwngOSMkv//5BH//+MRuQ/gUZcF//jBeff43IP/+6witcNaUEUqiGXyM6T1lCZfV45ditsH6' +
      'c+2pMp9S6+xr5pggTori3GbeBwRZzFnBufe/fIQtwRg7lVPHisWG1ijUyz83uz/+uqxZShnKGthKbN4ARNbOYrFQsePznOyuH0o9' +
      'ALmN+Q4e',
    'base64',
  );
export const tinyPdf = () => Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

/** A fresh temporary folder for a test file's storage. */
export function tempStorageDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-files-'));
}

export type UploadPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; bytes: Buffer };

export function multipartBody(parts: UploadPart[]) {
  const boundary = `----casillero${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('bytes' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(part.bytes, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export type UploadOptions = {
  token?: string | null;
  kind?: string;
  ownerUserId?: string;
  filename?: string;
  contentType?: string;
  origin?: string;
};

/** POST /api/files as a browser of the app would send it. */
export function uploadFile(app: FastifyInstance, bytes: Buffer | null, opts: UploadOptions = {}) {
  const parts: UploadPart[] = [];
  if (opts.kind) parts.push({ name: 'kind', value: opts.kind });
  if (opts.ownerUserId) parts.push({ name: 'ownerUserId', value: opts.ownerUserId });
  if (bytes) {
    parts.push({
      name: 'file',
      filename: opts.filename ?? 'comprobante.png',
      contentType: opts.contentType ?? 'image/png',
      bytes,
    });
  }
  const { payload, contentType } = multipartBody(parts);
  return app.inject({
    method: 'POST',
    url: '/api/files',
    headers: {
      'content-type': contentType,
      host: 'localhost:3000',
      ...(opts.origin ? { origin: opts.origin } : {}),
    },
    cookies: opts.token ? { [SESSION_COOKIE_NAME]: opts.token } : {},
    payload,
  });
}
