#!/usr/bin/env node
// npm run check:file-size (part of npm test, beside check:citations): no hand-written code file
// is over MAX_LINES lines; a longer one is split along its seams (a folder of a domain's steps,
// a module per thing measured). Lists every such file, with its lines, and fails.
//
// Counted: every code file git knows of (tracked, or new and not ignored, so node_modules/, dist/
// and the like never are), tests included, by extension (CODE_FILE). Markdown is not code and is
// not counted: a document's length is its subject's.
// Not counted: the files in GENERATED and DATA_TABLES below, each with why. There is no list of
// exceptions to split later: the files over the limit when this check came in were split first.
// Plain Node, no dependency.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const MAX_LINES = 500;

const CODE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css)$/;

/** Written by a tool, never by hand: their length is the tool's. */
export const GENERATED = [
  // TanStack Router's route tree, written by its Vite plugin from client/src/routes/.
  /(^|\/)routeTree\.gen\.ts$/,
  // drizzle-kit's migrations and their snapshots (npm run db:generate).
  /^server\/drizzle\//,
  // The Mantine style imports written by client/scripts/mantine-styles.mjs.
  /^client\/src\/styles\/mantine-(public|area)\.ts$/,
];

/**
 * Tables of data (rows, not logic), long because the data is. None today: a file goes here with
 * the reason it is a table, never because its code grew.
 */
export const DATA_TABLES = [];

/** Lines as an editor numbers them: a last line without its newline counts too. */
export function lineCount(text) {
  if (text.length === 0) return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

const excluded = (file) => [...GENERATED, ...DATA_TABLES].some((re) => re.test(file));

/** The code files over the limit, longest first, among the given paths (relative to `root`). */
export function findOversized(files, { root = '.', max = MAX_LINES } = {}) {
  const over = [];
  let checked = 0;
  for (const file of files) {
    if (!CODE_FILE.test(file) || excluded(file)) continue;
    const path = `${root}/${file}`;
    if (!existsSync(path)) continue;
    checked++;
    const lines = lineCount(readFileSync(path, 'utf8'));
    if (lines > max) over.push({ file, lines });
  }
  over.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
  return { checked, over };
}

/** What git knows of under `root`: tracked files and new ones it does not ignore. */
export function filesOf(root = '.') {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter(Boolean);
}

function main() {
  const { checked, over } = findOversized(filesOf());
  if (over.length) {
    console.error(`Hand-written code files over ${MAX_LINES} lines (${over.length}):\n`);
    for (const o of over) console.error(`  ${o.file}: ${o.lines} lines`);
    console.error('\nSplit each along its seams (see scripts/check-file-size.mjs for what is not counted).');
    process.exit(1);
  }
  console.log(`check:file-size: ${checked} code files, none over ${MAX_LINES} lines.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
