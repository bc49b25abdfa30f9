import { describe, expect, it } from 'vitest';
import { profileUpdateInput } from './schemas/profile';
import { trackingCreateInput } from './schemas/trackings';
import { characterCount, cutToCharacters, fitsCharacters } from './text';

const EMOJI = '📦'; // one code point, two UTF-16 units
const FAMILY = '👨‍👩‍👧'; // five code points joined into one visible character
const E_ACUTE = 'e\u0301'; // "é" as a letter and its combining accent: two code points

describe('characterCount', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['Añil', 4],
    [EMOJI, 1],
    [FAMILY, 5],
    [E_ACUTE, 2],
    ['\ud83d', 1], // a lone surrogate still counts, as one
  ])('%j has %i characters', (text, count) => {
    expect(characterCount(text)).toBe(count);
  });
});

describe('cutToCharacters', () => {
  const cutAt = (text: string, max: number) => cutToCharacters(text, max);
  const isWellFormed = (text: string) =>
    !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

  it('keeps a text within the limit as it is, emoji included', () => {
    const text = 'a'.repeat(254) + EMOJI;
    expect(cutAt(text, 255)).toBe(text);
  });

  it('never cuts an emoji in half', () => {
    const cut = cutAt('a'.repeat(254) + EMOJI + EMOJI, 255);
    expect(cut).toBe('a'.repeat(254) + EMOJI);
    expect(isWellFormed(cut)).toBe(true);
    expect(cut).not.toContain('\ufffd');
  });

  it('drops a family emoji whole when it does not fit, and keeps it whole when it does', () => {
    expect(cutAt('a'.repeat(252) + FAMILY, 255)).toBe('a'.repeat(252));
    expect(cutAt(`${'a'.repeat(250)}${FAMILY}b`, 255)).toBe('a'.repeat(250) + FAMILY);
  });

  it('never separates a letter from its combining accent', () => {
    expect(cutAt('a'.repeat(254) + E_ACUTE, 255)).toBe('a'.repeat(254));
    expect(cutAt(`${'a'.repeat(253)}${E_ACUTE}x`, 255)).toBe('a'.repeat(253) + E_ACUTE);
  });
});

describe('text limits count characters', () => {
  it('accept 255 emoji where the limit is 255 characters, and refuse 256', () => {
    expect(fitsCharacters(255)(EMOJI.repeat(255))).toBe(true);
    expect(fitsCharacters(255)(EMOJI.repeat(256))).toBe(false);
  });

  it('a profile text at the limit keeps its last emoji whole', () => {
    const parsed = profileUpdateInput.parse({ fullName: `María ${'a'.repeat(248)}${EMOJI}${EMOJI}` });
    expect(parsed.fullName).toBe(`María ${'a'.repeat(248)}${EMOJI}`);
    expect(characterCount(parsed.fullName)).toBe(255);
  });

  it('a pre-alert description of 500 emoji is accepted, 501 refused with its message', () => {
    const base = {
      mailboxId: '00000000-0000-4000-8000-000000000001',
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      estimatedWeight: 1,
      estimatedValueUsdCents: 1000,
      senderName: 'Amazon',
      origin: 'Miami',
    };
    expect(trackingCreateInput.safeParse({ ...base, description: EMOJI.repeat(500) }).success).toBe(true);
    const refused = trackingCreateInput.safeParse({ ...base, description: EMOJI.repeat(501) });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['description']);
  });
});
