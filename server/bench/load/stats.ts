// The load run's figures: per kind of request, the median, p95 and p99 of every answer's time
// and its errors, against the targets.

/** One answer: its time (NaN when the request failed before any answer) and its HTTP status (0 then). */
export type Sample = { ms: number; status: number };

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export type KindFigures = {
  kind: string;
  count: number;
  errors: number;
  /** The failed answers by status, e.g. "500×2, sin respuesta×1". */
  errorCodes: string;
  p50: number;
  p95: number;
  p99: number;
  targetP95: number;
};

const failed = (s: Sample) => !(s.status >= 200 && s.status < 300);

export function figuresOf(kind: string, samples: Sample[], targetP95: number): KindFigures {
  const sorted = samples
    .map((s) => s.ms)
    .filter((ms) => !Number.isNaN(ms))
    .sort((a, b) => a - b);
  const codes = new Map<string, number>();
  for (const s of samples.filter(failed)) {
    const code = s.status === 0 ? 'sin respuesta' : String(s.status);
    codes.set(code, (codes.get(code) ?? 0) + 1);
  }
  return {
    kind,
    count: samples.length,
    errors: samples.filter(failed).length,
    errorCodes: [...codes].map(([code, n]) => `${code}×${n}`).join(', '),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    targetP95,
  };
}

const ms = (v: number) => (Number.isNaN(v) ? '—' : v.toFixed(0));

export function printKinds(rows: KindFigures[]) {
  const header = ['tipo', 'peticiones', 'errores', 'mediana ms', 'p95 ms', 'p99 ms', 'objetivo'];
  const lines = rows.map((r) => [
    r.kind,
    String(r.count),
    r.errors === 0 ? '0' : `${r.errors} (${r.errorCodes})`,
    ms(r.p50),
    ms(r.p95),
    ms(r.p99),
    `p95 ≤ ${r.targetP95} ms ${r.p95 <= r.targetP95 ? '✓' : '✗'} · 0 errores ${r.errors === 0 ? '✓' : '✗'}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}
