#!/usr/bin/env node
// npm run check:citations (part of npm test): code and documents cite only what is in the
// repository (docs/product/README.md, "How to cite"). Scans the tracked text files and fails,
// listing file:line, on
//   (a) a citation of a document the repository does not hold: a section of the first
//       specification ("… spec §N", "§N"), the numbered product decisions by their old name, or a
//       past work item by number;
//   (b) a path `docs/….md` that is not a tracked file, or whose `#anchor` no heading of that file
//       produces (GitHub's rule: lower case, spaces to '-', punctuation other than '-' and '_'
//       dropped);
//   (c) a decision record cited by number alone (`docs/decisions/014`) when not exactly one
//       record has that number.
// Plain Node, no dependency.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import assert from 'node:assert/strict';

/** The anchor GitHub gives a heading's text. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a Markdown file's headings produce (repeated headings get -1, -2…, as on GitHub). */
export function anchorsOf(markdown) {
  const anchors = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1].replace(/`/g, ''));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** What a fresh clone does not hold. */
export const FORBIDDEN = [
  {
    re: /\b(admin|public) spec §|§ ?\d/,
    why: 'cites a section of the first specification, which is not in the repository',
  },
  {
    re: /\bDECISIONS\b/,
    why: 'cites the product decisions by their old name: use docs/product/product-decisions.md#dN-…',
  },
  {
    re: /\b[Ii]ssues? #?\d+/,
    why: 'cites a past work item by number: cite the docs/product or docs/decisions file that holds the rule',
  },
];

/** `docs/….md` with an optional `#anchor`, as written in code and prose. */
const DOC_PATH = /\bdocs\/[\w./-]*?\.md(?:#[\p{L}\p{N}_-]+)?/gu;
/** A decision record by number alone. */
const RECORD_NUMBER = /\bdocs\/decisions\/(\d{3})(?![\d-])/g;

/** Files whose text is history and is never rewritten: the applied database migrations. */
const EXEMPT_FROM_FORBIDDEN = [/^server\/drizzle\//];
const TEXT_FILE =
  /\.(ts|tsx|mts|cts|js|mjs|cjs|md|json|ya?ml|sh|sql|css|html|txt|toml)$|(^|\/)(Dockerfile|Caddyfile)$|^\.ci\//;
const SELF = 'scripts/check-citations.mjs';

function selfTest() {
  assert.equal(slug('D14. Two currencies, one truth'), 'd14-two-currencies-one-truth');
  assert.equal(slug("D12. The spec's password rule stays"), 'd12-the-specs-password-rule-stays');
  assert.equal(slug('Crear Envío'), 'crear-envío');
  assert.equal(slug('Sign-in without lockout'), 'sign-in-without-lockout');
  assert.deepEqual([...anchorsOf('# A\n## B c\n```\n## Not\n```\n## B c\n')], ['a', 'b-c', 'b-c-1']);
  assert.ok(FORBIDDEN[2].re.test('(issue 15, item 6)') && !FORBIDDEN[2].re.test('an issue of the carrier'));
}

function main() {
  selfTest();
  const tracked = new Set(
    execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\0')
      .filter(Boolean),
  );
  const files = [...tracked].filter((f) => TEXT_FILE.test(f) && f !== 'package-lock.json' && existsSync(f));
  const records = execFileSync('git', ['ls-files', 'docs/decisions'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const anchorCache = new Map();
  const anchors = (path) => {
    if (!anchorCache.has(path)) anchorCache.set(path, anchorsOf(readFileSync(path, 'utf8')));
    return anchorCache.get(path);
  };
  const problems = [];

  for (const file of files) {
    if (file === SELF) continue;
    const text = readFileSync(file, 'utf8');
    if (text.includes('\0')) continue;
    const forbiddenApplies = !EXEMPT_FROM_FORBIDDEN.some((re) => re.test(file));
    text.split('\n').forEach((line, i) => {
      const at = `${file}:${i + 1}`;
      if (forbiddenApplies) {
        for (const { re, why } of FORBIDDEN) if (re.test(line)) problems.push(`${at}: ${why}: ${line.trim()}`);
      }
      for (const [cited] of line.matchAll(DOC_PATH)) {
        const [path, anchor] = cited.split('#');
        if (!tracked.has(path) || !existsSync(path)) problems.push(`${at}: ${path} is not a file of the repository`);
        else if (anchor !== undefined && !anchors(path).has(anchor.toLowerCase()))
          problems.push(`${at}: no heading of ${path} gives #${anchor}`);
      }
      for (const [, number] of line.matchAll(RECORD_NUMBER)) {
        const matching = records.filter((r) => r.startsWith(`docs/decisions/${number}-`));
        if (matching.length !== 1)
          problems.push(`${at}: docs/decisions/${number} names ${matching.length} decision records`);
      }
    });
  }

  if (problems.length) {
    console.error(`Citations of documents the repository does not hold (${problems.length}):\n`);
    for (const p of problems) console.error(`  ${p}`);
    console.error('\nCite a file of the repository, as docs/product/README.md ("How to cite") says.');
    process.exit(1);
  }
  console.log(`check:citations: ${files.length} tracked text files, every citation resolves.`);
}

main();
