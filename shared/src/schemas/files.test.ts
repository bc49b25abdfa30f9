import { describe, expect, it } from 'vitest';
import { RECEIPT_MAX_BYTES } from '../constants';
import { FILE_MESSAGES, detectContentType, fileProblem } from './files';

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => new Uint8Array([...s].map((c) => c.charCodeAt(0)));

describe('detectContentType', () => {
  it('recognises JPEG, PNG, WebP and PDF by their first bytes', () => {
    expect(detectContentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(detectContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(detectContentType(ascii('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(detectContentType(ascii('%PDF-1.7'))).toBe('application/pdf');
  });

  it('answers null for anything else, including look-alikes and short files', () => {
    for (const head of [
      ascii('GIF89a'),
      ascii('RIFF\0\0\0\0WAVEfmt '),
      ascii('<svg xmlns'),
      bytes(0x89, 0x50),
      bytes(),
    ]) {
      expect(detectContentType(head)).toBeNull();
    }
  });
});

describe('fileProblem', () => {
  const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  it('accepts images for every kind and PDF only for invoices', () => {
    expect(fileProblem('receipt', png, 100)).toBeNull();
    expect(fileProblem('package_photo', png, 100)).toBeNull();
    expect(fileProblem('invoice', ascii('%PDF-1.4'), 100)).toBeNull();
    expect(fileProblem('receipt', ascii('%PDF-1.4'), 100)).toBe(FILE_MESSAGES.notAnImage);
    expect(fileProblem('invoice', ascii('PK\x03\x04'), 100)).toBe(FILE_MESSAGES.notAnImageOrPdf);
  });

  it('refuses empty files and files over 5 MB', () => {
    expect(fileProblem('receipt', png, 0)).toBe(FILE_MESSAGES.missing);
    expect(fileProblem('receipt', png, RECEIPT_MAX_BYTES)).toBeNull();
    expect(fileProblem('receipt', png, RECEIPT_MAX_BYTES + 1)).toBe(FILE_MESSAGES.tooLarge);
    expect(FILE_MESSAGES.tooLarge).toContain('5 MB');
  });
});
