import { describe, expect, it } from 'vitest';
import { deeplyNested } from '../test/zod-arbitrary';
import { containsNulChar } from './nul-char';

describe('containsNulChar', () => {
  it('finds a NUL in any string of the input, object keys included', () => {
    expect(containsNulChar('a\u0000b')).toBe(true);
    expect(containsNulChar({ q: 'Texto \u0000 fin' })).toBe(true);
    expect(containsNulChar({ items: [{ note: 'ok' }, { note: '\u0000' }] })).toBe(true);
    expect(containsNulChar({ 'clave\u0000': 1 })).toBe(true);
  });

  it('passes everything else: other control characters, Unicode, numbers, null, absent input', () => {
    for (const value of [
      undefined,
      null,
      0,
      -0,
      Infinity,
      true,
      '',
      'ñandú 👍🏽 \u202E\u200B\uD800\u0001',
      ['\\u0000', '\\0'],
      { a: { b: [1, 'x'] } },
    ]) {
      expect(containsNulChar(value), JSON.stringify(value)).toBe(false);
    }
  });

  it('walks very deep inputs without overflowing the stack', () => {
    expect(containsNulChar(deeplyNested(200_000))).toBe(false);
    let deep: unknown = '\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(containsNulChar(deep)).toBe(true);
    expect(containsNulChar(Array.from({ length: 1_000_000 }, (_, i) => (i === 999_999 ? '\u0000' : i)))).toBe(true);
  });
});
