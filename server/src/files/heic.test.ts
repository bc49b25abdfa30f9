// An iPhone's HEIC made a JPEG (files/heic.ts; docs/product/prealerts-from-email.md#html-links-pdf-and-photos):
// the pixels come out right, the size is checked before decoding, and what is not a
// readable HEIF fails with a reason.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { tinyHeic, tinyJpeg, tinyPng } from '../test/files';
import { HeifNotConverted, heifToJpeg, isHeif } from './heic';

const pixel = async (jpeg: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i], data[i + 1], data[i + 2]];
};

describe('HEIC to JPEG', () => {
  it('tells a HEIF by its bytes, not by its name', async () => {
    expect(isHeif(tinyHeic())).toBe(true);
    expect(isHeif(tinyJpeg())).toBe(false);
    expect(isHeif(tinyPng())).toBe(false);
    expect(isHeif(Buffer.from('ftyp'))).toBe(false);
  });

  it('decodes the photo into a JPEG of the same size and colours, without metadata', async () => {
    const jpeg = await heifToJpeg(tinyHeic());
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    const [r, g, b] = await pixel(jpeg, 8, 24);
    expect(r).toBeGreaterThan(180);
    expect(Math.max(g, b)).toBeLessThan(80);
    const [r2, , b2] = await pixel(jpeg, 56, 24);
    expect(b2).toBeGreaterThan(180);
    expect(r2).toBeLessThan(80);
  });

  it('refuses a HEIF with more pixels than allowed before decoding it, and one that is cut short', async () => {
    await expect(heifToJpeg(tinyHeic(), 64 * 48 - 1)).rejects.toMatchObject({ code: 'too-many-pixels' });
    const cut = tinyHeic().subarray(0, 300);
    await expect(heifToJpeg(cut)).rejects.toBeInstanceOf(HeifNotConverted);
    await expect(heifToJpeg(tinyJpeg())).rejects.toMatchObject({ code: 'unreadable' });
    // Still converts after the failures.
    expect((await sharp(await heifToJpeg(tinyHeic())).metadata()).width).toBe(64);
  });
});
