// The web benchmark's figures, targets and table (web.ts). Targets on time are ratios to the
// floor measured in the same run (web-calibration.ts): what a bare page with the same words
// costs on the same network and CPU; the byte budget stays in bytes, the same on any machine.

/**
 * 'repeat' is the first visit after the cold one: the one the target is for, and the
 * slowest of the repeat visits, since Chrome keeps the compiled code of modules only from the
 * second time it runs them. 'usual' is the visit after it, as a customer who comes back often
 * gets the page: printed for reference, with no target.
 */
export type Visit = 'cold' | 'repeat' | 'usual';
export const VISITS: readonly Visit[] = ['cold', 'repeat', 'usual'];
export const VISIT_LABEL: Record<Visit, string> = { cold: 'fría', repeat: 'repetida', usual: 'habitual' };

export type Figures = {
  /** What the page downloaded until its content was shown and the network was quiet. */
  pageKb: number;
  /** What its service worker downloaded itself (not throttled): the precache on a cold visit. */
  serviceWorkerKb: number;
  lcpMs: number;
  contentMs: number;
  /** False when the browser reported no paint of the content (below the fold): contentMs is then the frame about to draw it. */
  contentPainted: boolean;
  /**
   * A form's pages (web-usable.ts): from navigation start until doing what the form is for
   * showed its result (a total, the customer's area), the form filled as soon as it showed.
   * NaN on the other pages and visits.
   */
  usableMs: number;
  /** Medians only: how many samples were measured, of how many taken (a wait that gave up leaves one missing). */
  count?: { measured: number; taken: number };
  /** A sample that gave up (web.ts prints why): left out of the medians. */
  missing?: boolean;
};
type Figure = 'pageKb' | 'serviceWorkerKb' | 'lcpMs' | 'contentMs' | 'usableMs';
type TimeFigure = 'lcpMs' | 'contentMs' | 'usableMs';

/** A sample that gave up: nothing measured. */
export const MISSING: Figures = {
  pageKb: Number.NaN,
  serviceWorkerKb: Number.NaN,
  lcpMs: Number.NaN,
  contentMs: Number.NaN,
  contentPainted: true,
  usableMs: Number.NaN,
  missing: true,
};

/** Where the bare page's figures are printed, among the app's pages. */
export const FLOOR_LABEL = '(página mínima)';

type Target =
  | { path: string; visit: Visit; figure: 'pageKb'; maxKb: number; label: string }
  | { path: string; visit: Visit; figure: TimeFigure; maxRatio: number; label: string };

/**
 * The phones the benchmark can be (web-calibration.ts): the low tier is the benchmark's phone,
 * the mid tier the one its first targets were set on.
 */
export type Tier = 'baja' | 'media';

/**
 * The targets, checked on the medians, printed beside them, never fatal. A time is compared with
 * the same figure of the bare page's cold visit (a form's usable time with the bare page's
 * content: the bare page is usable once it shows).
 */
export const TARGETS: Record<Tier, Target[]> = {
  baja: [
    { path: '/', visit: 'cold', figure: 'pageKb', maxKb: 250, label: '≤ 250 KB' },
    { path: '/', visit: 'cold', figure: 'lcpMs', maxRatio: 1.5, label: 'LCP ≤ 1,5×' },
    { path: '/cotizar', visit: 'cold', figure: 'usableMs', maxRatio: 2, label: 'total tras teclear ≤ 2×' },
    { path: '/login', visit: 'cold', figure: 'usableMs', maxRatio: 2, label: 'sesión iniciada ≤ 2×' },
    { path: '/dashboard/mis-trackings', visit: 'cold', figure: 'contentMs', maxRatio: 2, label: 'trackings ≤ 2×' },
    {
      path: '/dashboard/mis-trackings',
      visit: 'repeat',
      figure: 'contentMs',
      maxRatio: 1.2,
      label: 'trackings ≤ 1,2×',
    },
    { path: '/admin/trackings', visit: 'cold', figure: 'contentMs', maxRatio: 2.5, label: 'primera fila ≤ 2,5×' },
  ],
  media: [
    { path: '/', visit: 'cold', figure: 'pageKb', maxKb: 250, label: '≤ 250 KB' },
    { path: '/', visit: 'cold', figure: 'lcpMs', maxRatio: 1.5, label: 'LCP ≤ 1,5×' },
    { path: '/cotizar', visit: 'cold', figure: 'lcpMs', maxRatio: 2, label: 'LCP ≤ 2×' },
    { path: '/cotizar', visit: 'cold', figure: 'contentMs', maxRatio: 2, label: 'formulario ≤ 2×' },
    { path: '/login', visit: 'cold', figure: 'lcpMs', maxRatio: 2, label: 'LCP ≤ 2×' },
    { path: '/login', visit: 'cold', figure: 'contentMs', maxRatio: 2, label: 'formulario ≤ 2×' },
    { path: '/dashboard/mis-trackings', visit: 'cold', figure: 'contentMs', maxRatio: 2.5, label: 'trackings ≤ 2,5×' },
    {
      path: '/dashboard/mis-trackings',
      visit: 'repeat',
      figure: 'contentMs',
      maxRatio: 1.5,
      label: 'trackings ≤ 1,5×',
    },
    { path: '/admin/trackings', visit: 'cold', figure: 'contentMs', maxRatio: 3, label: 'primera fila ≤ 3×' },
  ],
};

/** The median of the values that were measured (NaN: a page reported no LCP); NaN if none. */
export function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function medians(samples: Figures[]): Figures {
  const measured = samples.filter((s) => !s.missing);
  const of = (figure: Figure) => median(measured.map((s) => s[figure]));
  return {
    pageKb: of('pageKb'),
    serviceWorkerKb: of('serviceWorkerKb'),
    lcpMs: of('lcpMs'),
    contentMs: of('contentMs'),
    contentPainted: measured.every((s) => s.contentPainted),
    usableMs: of('usableMs'),
    count: { measured: measured.length, taken: samples.length },
  };
}

/** A figure with its decimals, or a dash when it was not measured. */
export const fixed = (value: number, digits: number) => (Number.isNaN(value) ? '—' : value.toFixed(digits));

/** A time as a multiple of the bare page's, e.g. "1.8×". */
const times = (value: number, floor: number) => `${fixed(value / floor, 1)}×`;

function verdict(target: Target, figures: Figures, floor: Figures): string {
  if (target.figure === 'pageKb') {
    const kb = figures.pageKb;
    return `${target.label} ${Number.isNaN(kb) ? '?' : kb <= target.maxKb ? '✓' : '✗'}`;
  }
  const ratio = figures[target.figure] / floor[target.figure];
  const mark = Number.isNaN(ratio) ? '?' : ratio <= target.maxRatio ? '✓' : '✗';
  return `${target.label} ${mark} (${times(figures[target.figure], floor[target.figure])})`;
}

/** "3", or "2 de 3 ✗" when a sample gave up; the form's usable loads after a "+". */
function countCell(figures: Figures, usable?: Figures['count']) {
  const one = (c: Figures['count']) =>
    !c ? '—' : c.measured === c.taken ? String(c.taken) : `${c.measured} de ${c.taken} ✗`;
  return usable ? `${one(figures.count)} + ${one(usable)}` : one(figures.count);
}

export type TableRow = { path: string; visit: Visit; figures: Figures; usableCount?: Figures['count'] };

export function printTable(tier: Tier, rows: TableRow[], floor: Figures) {
  const header = [
    'página',
    'visita',
    'muestras',
    'KB página',
    'KB SW',
    'LCP ms',
    'LCP ×',
    'contenido ms',
    'contenido ×',
    'usable ms',
    'usable ×',
    'objetivos',
  ];
  const lines = rows.map(({ path, visit, figures, usableCount }) => {
    const targets = TARGETS[tier]
      .filter((t) => t.path === path && t.visit === visit)
      .map((t) => verdict(t, figures, floor))
      .join(' · ');
    return [
      path,
      VISIT_LABEL[visit],
      countCell(figures, usableCount),
      fixed(figures.pageKb, 1),
      fixed(figures.serviceWorkerKb, 1),
      fixed(figures.lcpMs, 0),
      times(figures.lcpMs, floor.lcpMs),
      fixed(figures.contentMs, 0) + (figures.contentPainted ? '' : '*'),
      times(figures.contentMs, floor.contentMs),
      fixed(figures.usableMs, 0),
      Number.isNaN(figures.usableMs) ? '—' : times(figures.usableMs, floor.usableMs),
      targets || '—',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const numeric = new Set([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  const format = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : numeric.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ');
  console.log(format(header));
  console.log(widths.map((w, i) => '─'.repeat(i === widths.length - 1 ? header[i].length : w)).join('  '));
  for (const line of lines) console.log(format(line));
}
