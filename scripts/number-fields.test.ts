// Every number field of a screen is the shared decimal field (docs/decisions/005-money-and-numbers.md,
// "Reading numbers"): Mantine's NumberInput turned a pasted or filled "2,5" into 25, and a browser's
// type="number" refuses a decimal comma. This keeps either from landing again in the client.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const clientSource = path.join(root, 'client/src');
// The one place allowed to speak of what it replaces.
const THE_FIELD = 'client/src/components/forms/DecimalInput.tsx';

const screens = (readdirSync(clientSource, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => path.relative(root, path.join(clientSource, file)))
  .filter((file) => file !== THE_FIELD);

describe('number fields are the shared decimal field', () => {
  it('no screen imports Mantine’s NumberInput', () => {
    const offenders = screens.filter((file) =>
      /import\s*\{[^}]*\bNumberInput\b[^}]*\}\s*from\s*'@mantine\/core'/.test(
        readFileSync(path.join(root, file), 'utf8'),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('no text field is a browser number input', () => {
    const offenders = screens.filter((file) =>
      /<(?:TextInput|input)\b[^>]*\btype=["']number["']/.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('finds the screens it checks', () => {
    expect(screens.length).toBeGreaterThan(100);
    expect(screens).toContain('client/src/routes/admin/-components/claims/ClaimDecision.tsx');
  });
});
