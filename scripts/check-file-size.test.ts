// npm run check:file-size (scripts/check-file-size.mjs) run on a small repository of its own: a
// 501-line code file fails it and is named, one of 500 passes, what is not counted (generated
// files, Markdown, what git ignores) stays out, and the files over it are listed longest first.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesOf, findOversized, lineCount } from './check-file-size.mjs';

const script = path.resolve(import.meta.dirname, 'check-file-size.mjs');
const repo = mkdtempSync(path.join(tmpdir(), 'file-size-'));

const linesOf = (n: number) => Array.from({ length: n }, (_, i) => `export const line${i} = ${i};\n`).join('');

function put(file: string, text: string) {
  mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
  writeFileSync(path.join(repo, file), text);
}

function check() {
  const run = spawnSync(process.execPath, [script], { cwd: repo, encoding: 'utf8' });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

beforeAll(() => {
  execFileSync('git', ['init', '-q'], { cwd: repo });
  put('.gitignore', 'node_modules/\n');
  put('server/src/steps.ts', linesOf(500));
  put('client/src/routeTree.gen.ts', linesOf(900));
  put('server/drizzle/0001_big.sql', linesOf(900));
  put('notes/long.md', linesOf(900));
  put('node_modules/some-lib/index.js', linesOf(900));
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('check:file-size', () => {
  it('counts lines as an editor numbers them', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount(linesOf(501))).toBe(501);
    expect(lineCount(`${linesOf(500)}export {};`)).toBe(501);
  });

  it('passes a 500-line file, and leaves out generated files, Markdown and what git ignores', () => {
    const { code, output } = check();
    expect(output).toContain('none over 500 lines');
    expect(code).toBe(0);
  });

  it('fails on a 501-line file and names it with its lines', () => {
    put('server/src/queries/grown.ts', linesOf(501));
    put('tests/e2e/grown.test.ts', linesOf(700));
    const { code, output } = check();
    expect(code).toBe(1);
    expect(output).toContain('server/src/queries/grown.ts: 501 lines');
    expect(output).toContain('tests/e2e/grown.test.ts: 700 lines');
    expect(output).not.toContain('steps.ts');
    expect(output).not.toContain('routeTree.gen.ts');
    expect(output).not.toContain('long.md');
    rmSync(path.join(repo, 'server/src/queries/grown.ts'));
    rmSync(path.join(repo, 'tests/e2e/grown.test.ts'));
  });

  it('lists the files over the limit longest first, and counts every code file it read', () => {
    put('server/src/long.ts', linesOf(600));
    put('server/src/longer.ts', linesOf(800));
    const { checked, over } = findOversized(filesOf(repo), { root: repo });
    expect(over).toEqual([
      { file: 'server/src/longer.ts', lines: 800 },
      { file: 'server/src/long.ts', lines: 600 },
    ]);
    // steps.ts and the two above; not the generated, ignored or Markdown files.
    expect(checked).toBe(3);
    rmSync(path.join(repo, 'server/src/long.ts'));
    rmSync(path.join(repo, 'server/src/longer.ts'));
  });
});
