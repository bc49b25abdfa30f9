// The layers of the architecture are import rules in biome.json (noRestrictedImports per
// folder). This test lints one-line files placed where each rule applies, in a copy of the
// configuration, and checks that each wrong-way import is refused and each allowed one passes.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules/.bin/biome');

// [refused?, file, import line]
const CASES: [boolean, string, string][] = [
  [true, 'server/src/queries/a.ts', "import { a } from '../services/billing';"],
  [true, 'server/src/queries/b.ts', "import { a } from '@trpc/server';"],
  [false, 'server/src/queries/c.ts', "import { a } from '../lib/list';"],
  [true, 'server/src/db/a.ts', "import { a } from '../lib/list';"],
  [true, 'server/src/db/schema/b.ts', "import { a } from '../../services/auth';"],
  [false, 'server/src/db/c.ts', "import { a } from './schema';"],
  [false, 'server/src/db/schema/d.ts', "import { a } from '../../env';"],
  [true, 'server/src/http/a.ts', "import { a } from '../trpc/context';"],
  [true, 'server/src/files/a.ts', "import { a } from '../trpc/request-origin';"],
  [false, 'server/src/http/b.ts', "import { a } from '../services/billing';"],
  [true, 'server/src/services/a.ts', "import { a } from '../trpc/errors';"],
  [true, 'server/src/services/b.ts', "import { a } from '../http/errors';"],
  [true, 'server/src/lib/a.ts', "import { a } from '../services/billing';"],
  [true, 'server/src/auth/a.ts', "import { a } from '../files/secret';"],
  [true, 'server/src/mail/a.ts', "import { a } from '@trpc/server';"],
  [false, 'server/src/trpc/a.ts', "import { a } from '@trpc/server';"],
  [true, 'shared/src/a.ts', "import { a } from 'react';"],
  [true, 'shared/src/b.ts', "import { a } from '../../server/src/db/client';"],
  [false, 'shared/src/c.ts', "import { a } from 'zod';"],
  [false, 'shared/src/schemas/d.ts', "import { a } from '../zod-es';"],
  [false, 'client/src/lib/a.ts', "import type { AppRouter } from '@casillero/server/router';"],
  [true, 'client/src/lib/b.ts', "import { appRouter } from '@casillero/server/router';"],
  [true, 'client/src/lib/c.ts', "import { a } from '@casillero/server';"],
  [true, 'client/src/routes/admin/a.tsx', "import { A } from '../dashboard/-components/A';"],
  [true, 'client/src/routes/admin/b.tsx', "import { A } from '../-components/LegalPage';"],
  [false, 'client/src/routes/admin/c.tsx', "import { A } from './-components/A';"],
  [true, 'client/src/routes/admin/-components/x/a.tsx', "import { A } from '../../../dashboard/-components/A';"],
  [false, 'client/src/routes/admin/-components/x/b.tsx', "import { A } from '../shipments/A';"],
  [true, 'client/src/routes/dashboard/-components/a.tsx', "import { A } from '../../admin/-components/A';"],
  [true, 'client/src/routes/a.tsx', "import { A } from './admin/-components/A';"],
  [false, 'client/src/routes/b.tsx', "import { A } from './-components/A';"],
  [false, 'client/src/routes/admin.tsx', "import { A } from './admin/-components/A';"],
  [true, 'client/src/routes/dashboard.tsx', "import { A } from './admin/-components/A';"],
  [true, 'client/src/components/a.tsx', "import { A } from '../routes/admin/-components/A';"],
];

const dir = mkdtempSync(path.join(tmpdir(), 'layer-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function refusedFiles(): Set<string> {
  const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'));
  config.$schema = undefined;
  config.vcs = { enabled: false };
  writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  for (const [, file, line] of CASES) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${line}\nexport const used = [a];\n`);
  }
  let output = '';
  try {
    execFileSync(biome, ['lint', '--only=style/noRestrictedImports', '--max-diagnostics=none', '.'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (err) {
    const { stdout, stderr } = err as { stdout?: string; stderr?: string };
    output = `${stdout ?? ''}${stderr ?? ''}`;
  }
  return new Set([...output.matchAll(/^(\S+):\d+:\d+ lint\/style\/noRestrictedImports/gm)].map((m) => m[1]!));
}

describe('the layers are import rules', () => {
  const refused = refusedFiles();
  it.each(CASES)('refused=%s: %s — %s', (expected, file) => {
    expect(refused.has(file)).toBe(expected);
  });
});
