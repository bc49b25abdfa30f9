// How `npm run bench` measures an HTTP path: one client for a while (median and p95), or many
// connections at once through autocannon (requests per second and p99).
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

export const SEQUENTIAL_MS = 2_000;
export const CONCURRENT_SECONDS = 4;
export const CONNECTIONS = 50;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function sequential(target: string, headers: Record<string, string>) {
  const times: number[] = [];
  const until = performance.now() + SEQUENTIAL_MS;
  for (let i = 0; i < 5; i++) await (await fetch(target, { headers })).arrayBuffer(); // warm-up
  while (performance.now() < until || times.length < 20) {
    const t0 = performance.now();
    const res = await fetch(target, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${target} respondió ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: pct(times, 50), p95: pct(times, 95), n: times.length };
}

export async function concurrent(target: string, headers: Record<string, string>) {
  const r = await autocannon({ url: target, connections: CONNECTIONS, duration: CONCURRENT_SECONDS, headers });
  if (r.non2xx || r.errors) throw new Error(`${target}: ${r.non2xx} respuestas no 2xx, ${r.errors} errores`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}
