// Writes the two lists of Mantine's per-component styles (docs/decisions/014): the ones the
// public pages and the app frame need, loaded with the entry, and the others the app's code
// uses, loaded with the signed-in areas' layout (AreaShell). Run it again after upgrading Mantine
// or when the app starts using a Mantine component it did not use before:
//   node client/scripts/mantine-styles.mjs
// (`npm test` checks the generated lists are current: mantine-styles.test.ts.)
// Both lists use the `.layer.css` files, so the order in which the two bundles arrive does
// not change which rule wins (every Mantine rule sits in `@layer mantine`, below ours).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(clientDir, 'package.json'));
const coreDir = path.dirname(require.resolve('@mantine/core/styles.css'));
const stylesDir = path.join(coreDir, 'styles');

/**
 * Components the public pages render (read off the prerendered HTML's classes), the ones
 * Mantine reuses inside others (its docs' list), and what opens on a public page after a tap:
 * the phone menu (Drawer), dropdowns (Menu, Combobox), toasts (Notification), tooltips.
 */
const PUBLIC = new Set([
  'baseline',
  'default-css-variables',
  'global',
  'ScrollArea',
  'UnstyledButton',
  'VisuallyHidden',
  'Paper',
  'Overlay',
  'Popover',
  'Loader',
  'ActionIcon',
  'CloseButton',
  'Group',
  'ModalBase',
  'Input',
  'Flex',
  'FloatingIndicator',
  'InlineInput',
  'Accordion',
  'Alert',
  'Anchor',
  'Avatar',
  'Badge',
  'Burger',
  'Button',
  'Card',
  'Center',
  'Checkbox',
  'CheckboxIndicator',
  'Combobox',
  'Container',
  'Divider',
  'Drawer',
  'Grid',
  'Image',
  'List',
  'Menu',
  'Modal',
  'Notification',
  'NumberInput',
  'PasswordInput',
  'SegmentedControl',
  'SimpleGrid',
  'Stack',
  'Switch',
  'Tabs',
  'Text',
  'ThemeIcon',
  'Title',
  'Tooltip',
]);

// Mantine's own order (that of styles.css): where each file's first rule sits in it.
const bundle = fs.readFileSync(path.join(coreDir, 'styles.css'), 'utf8');
const names = fs
  .readdirSync(stylesDir)
  .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
  .map((file) => file.slice(0, -'.css'.length))
  .map((name) => ({
    name,
    at: bundle.indexOf(
      fs
        .readFileSync(path.join(stylesDir, `${name}.css`), 'utf8')
        .trim()
        .slice(0, 80),
    ),
  }))
  .sort((a, b) => a.at - b.at)
  .map(({ name }) => name);

const unknown = [...PUBLIC].filter((name) => !names.includes(name));
if (unknown.length) throw new Error(`Mantine no tiene estos estilos: ${unknown.join(', ')}`);

/** The Mantine packages whose components the app imports, each from its ESM build. */
const PACKAGES = ['@mantine/core', '@mantine/dates', '@mantine/notifications', '@mantine/charts'];
// Each package exports its styles.css from its root (package.json itself is not exported).
const packageDir = (name) => path.dirname(require.resolve(`${name}/styles.css`));

/** `import { A, B as C } from "…"` and `export { … } from "…"`: the names and where they come from. */
const IMPORT =
  /(?:import|export)\s*(type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']|import\s+[\w$]+\s+from\s*["'](\.[^"']+)["']/g;
function importsOf(source) {
  const found = [];
  for (const match of source.matchAll(IMPORT)) {
    if (match[1]) continue;
    if (match[4]) {
      found.push({ from: match[4], names: [] });
      continue;
    }
    const names = match[2]
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/));
    found.push({ from: match[3], names });
  }
  return found;
}

/** The app's source files: every .ts and .tsx under src. */
const appFiles = fs
  .readdirSync(path.join(clientDir, 'src'), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
  .map((entry) => path.join(entry.parentPath, entry.name));

/** Each package's exported names → the module file that defines it (read off its esm/index.mjs). */
const exportsOf = new Map(
  PACKAGES.map((pkg) => {
    const esm = path.join(packageDir(pkg), 'esm');
    const byName = new Map();
    for (const { from, names } of importsOf(fs.readFileSync(path.join(esm, 'index.mjs'), 'utf8'))) {
      if (!from.startsWith('.')) continue;
      for (const [name, local = name] of names) byName.set(local, path.join(esm, from));
    }
    return [pkg, byName];
  }),
);

/**
 * The Mantine components the app's code reaches: every name it imports from a Mantine package,
 * and everything those modules import in turn (Select brings Combobox, Popover, Input…). A
 * component's styles are its `X.module.mjs`, whose CSS is `styles/X.css`.
 */
function usedStyles() {
  const visited = new Set();
  const pending = [];
  const reach = (pkg, name) => {
    const file = exportsOf.get(pkg)?.get(name);
    if (file) pending.push(file);
  };
  for (const file of appFiles) {
    const source = fs.readFileSync(file, 'utf8');
    for (const { from, names } of importsOf(source)) {
      if (PACKAGES.includes(from)) for (const [name] of names) reach(from, name);
    }
  }
  while (pending.length) {
    const file = pending.pop();
    if (visited.has(file)) continue;
    visited.add(file);
    for (const { from, names } of importsOf(fs.readFileSync(file, 'utf8'))) {
      if (from.startsWith('.')) pending.push(path.resolve(path.dirname(file), from));
      else if (PACKAGES.includes(from)) for (const [name] of names) reach(from, name);
    }
  }
  return new Set(
    [...visited]
      .filter((file) => file.startsWith(path.join(packageDir('@mantine/core'), 'esm')) && file.endsWith('.module.mjs'))
      .map((file) => path.basename(file, '.module.mjs')),
  );
}

const used = usedStyles();
const area = names.filter((n) => used.has(n) && !PUBLIC.has(n));

const header = (what) =>
  `// Generated by client/scripts/mantine-styles.mjs: ${what}. Edit the script, not this file.\n`;
const imports = (list) => list.map((name) => `import '@mantine/core/styles/${name}.layer.css';`).join('\n');

const files = {
  'src/styles/mantine-public.ts': `${header('the Mantine styles of the public pages and the app frame, loaded with the entry')}${imports(names.filter((n) => PUBLIC.has(n)))}\nimport '@mantine/notifications/styles.layer.css';\n`,
  'src/styles/mantine-area.ts': `${header('the other Mantine styles the app uses, loaded with the signed-in areas (AreaShell)')}${imports(area)}\n`,
};

/**
 * The date pickers' styles (30 KB, more than the rest of the areas' together) load with the
 * pages that show a picker, not with every signed-in page: the app takes its pickers from
 * src/components/forms/DatePickerInput.tsx, which imports them with their styles. Only
 * @mantine/dates' provider and helpers, which have no styles, are imported from it directly.
 */
const DATES_WITHOUT_STYLES = new Set(['DatesProvider', 'useDatesContext']);
const DATE_PICKERS_MODULE = path.join(clientDir, 'src/components/forms/DatePickerInput.tsx');
const unstyledPickers = appFiles.filter(
  (file) =>
    file !== DATE_PICKERS_MODULE &&
    importsOf(fs.readFileSync(file, 'utf8')).some(
      ({ from, names }) =>
        from === '@mantine/dates' && names.some(([name]) => /^[A-Z]/.test(name) && !DATES_WITHOUT_STYLES.has(name)),
    ),
);
if (unstyledPickers.length) {
  console.error(
    `Importa los selectores de fecha desde src/components/forms/DatePickerInput.tsx (trae sus estilos), no de @mantine/dates: ${unstyledPickers.map((f) => path.relative(clientDir, f)).join(', ')}`,
  );
  process.exit(1);
}

// --check (the build runs it): fails when the app now uses a component whose styles the lists miss.
if (process.argv.includes('--check')) {
  const stale = Object.entries(files).filter(
    ([file, text]) => fs.readFileSync(path.join(clientDir, file), 'utf8') !== text,
  );
  if (stale.length) {
    console.error(
      `Las listas de estilos de Mantine no están al día (${stale.map(([f]) => f).join(', ')}): ejecuta node client/scripts/mantine-styles.mjs`,
    );
    process.exit(1);
  }
} else {
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(clientDir, file), text);
  console.log(`${names.filter((n) => PUBLIC.has(n)).length} estilos públicos, ${area.length} de las áreas.`);
}
