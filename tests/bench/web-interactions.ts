// How fast the common taps answer on the phone (docs/product/fast-on-a-phone.md#interactions):
// the interaction to next paint of each, as web-vitals computes INP. The page is loaded at full
// speed until the app has taken it over, then slowed down to the phone's CPU and network, and
// Playwright taps (or types) as a thumb does; in the page, the Event Timing API (entries of type
// 'event' of 16 ms or more, the least it reports) gives each interaction's longest event, from the
// input until the frame that showed its answer. Targets are absolute: 200 ms, "good" INP.
import type { Browser, Cookie, Locator, Page } from 'playwright-core';
import { call, closeWithin, GaveUp, reasonOf, withTimeout } from './web-bounded';
import { throttle } from './web-probe';
import { fixed, median } from './web-report';
import { type Account, androidUserAgent, CONTENT_TIMEOUT_MS, PHONE, SLOW_4G } from './web-visit';

/** "Good" interaction to next paint (web.dev's threshold, web-vitals' too). */
export const INP_TARGET_MS = 200;

/** Event Timing reports no event shorter than this. */
const THRESHOLD_MS = 16;

/** How long after an interaction's answer is on screen its entries are waited for. */
const ENTRIES_WAIT_MS = 3_000;

type Interaction = {
  name: string;
  path: string;
  account: Account | null;
  /** What must be on screen before the taps (the app has taken the page over once html[data-ready] is set). */
  ready: (tab: Page) => Locator;
  /** Taps and keys not measured (focusing a field before typing). */
  before?: (tab: Page) => Promise<void>;
  /** The measured taps or keys; resolves once what they open is on screen. */
  act: (tab: Page) => Promise<void>;
};

const timeout = CONTENT_TIMEOUT_MS;
const ESTADO = 'Filtrar por estado';

export const INTERACTIONS: Interaction[] = [
  {
    name: 'teclear el peso (cotizar)',
    path: '/cotizar',
    account: null,
    ready: (tab) => tab.getByLabel('Peso real (kg)'),
    before: (tab) => tab.getByLabel('Peso real (kg)').tap({ timeout }),
    async act(tab) {
      await tab.keyboard.press('1');
      await tab.keyboard.press('2');
      await tab.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.value === '12', null, {
        timeout,
      });
    },
  },
  {
    name: 'abrir un tracking (Mis Trackings)',
    path: '/dashboard/mis-trackings',
    account: 'customer',
    ready: (tab) => tab.getByRole('button', { name: /^Ver tracking / }).first(),
    async act(tab) {
      await tab
        .getByRole('button', { name: /^Ver tracking / })
        .first()
        .tap({ timeout });
      await tab.getByRole('dialog', { name: 'Detalle del tracking' }).waitFor({ timeout });
    },
  },
  {
    name: 'abrir «Enviar a Venezuela» (Almacén)',
    path: '/dashboard/almacen',
    account: 'customer',
    ready: (tab) => tab.getByRole('button', { name: 'Enviar a Venezuela', exact: true }),
    async act(tab) {
      await tab.getByRole('button', { name: 'Enviar a Venezuela', exact: true }).tap({ timeout });
      await tab.getByRole('dialog', { name: 'Enviar a Venezuela' }).waitFor({ timeout });
    },
  },
  {
    name: 'abrir «Reportar pago» (Facturas)',
    path: '/dashboard/facturas',
    account: 'customer',
    ready: (tab) => tab.getByRole('button', { name: 'Reportar pago', exact: true }).first(),
    async act(tab) {
      await tab.getByRole('button', { name: 'Reportar pago', exact: true }).first().tap({ timeout });
      await tab.getByRole('dialog', { name: 'Reportar pago' }).waitFor({ timeout });
    },
  },
  {
    name: 'abrir el filtro de estado (Almacén)',
    path: '/dashboard/almacen',
    account: 'customer',
    ready: (tab) => tab.getByRole('combobox', { name: ESTADO }),
    async act(tab) {
      await tab.getByRole('combobox', { name: ESTADO }).tap({ timeout });
      await tab.getByRole('option').first().waitFor({ timeout });
    },
  },
  {
    name: 'cambiar el filtro de estado (Almacén)',
    path: '/dashboard/almacen',
    account: 'customer',
    ready: (tab) => tab.getByRole('combobox', { name: ESTADO }),
    async before(tab) {
      await tab.getByRole('combobox', { name: ESTADO }).tap({ timeout });
      await tab.getByRole('option').nth(1).waitFor({ timeout });
    },
    async act(tab) {
      const option = tab.getByRole('option').nth(1);
      const label = (await option.textContent({ timeout }))?.trim() ?? '';
      await option.tap({ timeout });
      await tab.waitForFunction(
        ({ name, label }) =>
          (document.querySelector(`input[aria-label="${name}"]`) as HTMLInputElement)?.value === label,
        { name: ESTADO, label },
        { timeout },
      );
    },
  },
];

type InpWindow = Window & {
  __inp?: { take: () => { interactions: number; longest: number } };
};

/**
 * Installed before the app's scripts: keeps the longest event of each interaction (its
 * interactionId), as web-vitals does for INP. take() returns what came since the last call:
 * how many interactions, and the longest (0 when none reached THRESHOLD_MS).
 */
function installInpObserver(thresholdMs: number) {
  type EventEntry = PerformanceEntry & { interactionId?: number };
  let longest = new Map<number, number>();
  const takeEntries = (entries: PerformanceEntryList) => {
    for (const entry of entries as EventEntry[]) {
      if (!entry.interactionId) continue;
      longest.set(entry.interactionId, Math.max(longest.get(entry.interactionId) ?? 0, entry.duration));
    }
  };
  const observer = new PerformanceObserver((list) => takeEntries(list.getEntries()));
  observer.observe({ type: 'event', durationThreshold: thresholdMs, buffered: true } as PerformanceObserverInit);
  // Interactions counted by the browser, also those under the threshold (-1: it does not say).
  const interactionCount = () => (performance as Performance & { interactionCount?: number }).interactionCount ?? -1;
  let countBefore = interactionCount();
  (window as InpWindow).__inp = {
    take() {
      takeEntries(observer.takeRecords());
      const count = interactionCount();
      const result = {
        interactions: count < 0 ? -1 : count - countBefore,
        longest: Math.max(0, ...longest.values()),
      };
      longest = new Map();
      countBefore = count;
      return result;
    },
  };
}

/**
 * Once the interaction's answer is on screen: waits for the frame after it and for its entries
 * (Event Timing queues them after the frame is presented), then takes them.
 */
function takeAfterPaint(waitMs: number): Promise<{ interactions: number; longest: number }> {
  return new Promise((resolve) => {
    const inp = (window as InpWindow).__inp!;
    requestAnimationFrame(() =>
      setTimeout(() => {
        const deadline = performance.now() + waitMs;
        const taken = { interactions: 0, longest: 0 };
        const poll = () => {
          const more = inp.take();
          taken.interactions = more.interactions < 0 ? -1 : taken.interactions + more.interactions;
          taken.longest = Math.max(taken.longest, more.longest);
          // Entries of the last interaction can come a moment after the others: wait a little more.
          if (performance.now() >= deadline || (taken.longest > 0 && performance.now() >= deadline - waitMs / 2))
            resolve(taken);
          else setTimeout(poll, 100);
        };
        poll();
      }, 0),
    );
  });
}

/** One interaction in a fresh context: its INP in ms (0: every event under 16 ms). */
async function measureOnce(browser: Browser, url: string, interaction: Interaction, cookies: Cookie[]) {
  const context = await call(browser.newContext({ ...PHONE, userAgent: androidUserAgent(browser) }), 'el contexto');
  try {
    if (cookies.length > 0) await call(context.addCookies(cookies), 'las cookies');
    await call(context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' }), 'el script inicial');
    await call(context.addInitScript(installInpObserver, THRESHOLD_MS), 'el observador');
    const tab = await call(context.newPage(), 'la pestaña');
    await tab.goto(url + interaction.path, { waitUntil: 'load', timeout });
    await tab
      .locator('html[data-ready]')
      .waitFor({ state: 'attached', timeout })
      .then(() => interaction.ready(tab).waitFor({ timeout }))
      .catch(() => {
        throw new GaveUp(`la página no estuvo lista tras ${timeout / 1000} s`);
      });
    const cdp = await call(context.newCDPSession(tab), 'DevTools');
    await call(throttle(cdp, SLOW_4G), 'la limitación de red y CPU');
    await interaction.before?.(tab);
    await call(
      tab.evaluate(() => (window as InpWindow).__inp!.take()),
      'el observador',
    );
    await interaction.act(tab).catch((err: Error) => {
      throw new GaveUp(`sin respuesta al toque tras ${timeout / 1000} s (${err.message.split('\n')[0]})`);
    });
    const taken = await call(tab.evaluate(takeAfterPaint, ENTRIES_WAIT_MS), 'las medidas del toque');
    if (taken.interactions === 0) throw new GaveUp('el navegador no contó el toque como interacción');
    return taken.longest;
  } finally {
    await closeWithin(context.close());
  }
}

/** Each interaction once a round, then the table "Interacciones". */
export async function measureInteractions(
  browser: Browser,
  url: string,
  sessions: Partial<Record<Account, Cookie[]>>,
  runs: number,
) {
  const samples = new Map<string, number[]>(INTERACTIONS.map((i) => [i.name, []]));
  for (let run = 1; run <= runs; run++) {
    console.log(`Interacciones, ronda ${run} de ${runs}...`);
    for (const interaction of INTERACTIONS) {
      const cookies = interaction.account ? (sessions[interaction.account] ?? []) : [];
      const ms = await withTimeout(
        measureOnce(browser, url, interaction, cookies),
        4 * timeout,
        `la interacción no terminó tras ${(4 * timeout) / 1000} s`,
      ).catch((err: unknown) => {
        console.log(`  ✗ ${interaction.path}: ${interaction.name}, ronda ${run}: ${reasonOf(err)}`);
        return Number.NaN;
      });
      samples.get(interaction.name)!.push(ms);
      if (!Number.isNaN(ms)) console.log(`  ${interaction.path}: ${interaction.name}: ${inpText(ms)} ms`);
    }
  }
  printInteractions(samples);
}

const inpText = (ms: number) => (ms === 0 ? `< ${THRESHOLD_MS}` : fixed(ms, 0));

function printInteractions(samples: Map<string, number[]>) {
  console.log('\nInteracciones (INP: del toque al cuadro que muestra su respuesta):\n');
  const header = ['interacción', 'página', 'muestras', 'INP ms', 'peor ms', 'objetivo'];
  const lines = INTERACTIONS.map((i) => {
    const values = samples.get(i.name)!;
    const measured = values.filter((v) => !Number.isNaN(v));
    const inp = median(measured);
    const mark = Number.isNaN(inp) ? '?' : inp <= INP_TARGET_MS ? '✓' : '✗';
    return [
      i.name,
      i.path,
      measured.length === values.length ? String(values.length) : `${measured.length} de ${values.length} ✗`,
      Number.isNaN(inp) ? '—' : inpText(inp),
      measured.length === 0 ? '—' : inpText(Math.max(...measured)),
      `≤ ${INP_TARGET_MS} ms ${mark}`,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const numeric = new Set([2, 3, 4]);
  const format = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : numeric.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ');
  console.log(format(header));
  console.log(widths.map((w, i) => '─'.repeat(i === widths.length - 1 ? header[i].length : w)).join('  '));
  for (const line of lines) console.log(format(line));
  console.log(
    `\nCada interacción, en un contexto nuevo: la página carga sin limitar hasta que la app la tomó, luego la CPU y la red ` +
      `del teléfono, y un toque (o teclas) de Playwright. INP: la mediana de las rondas del evento más largo de la ` +
      `interacción (Event Timing, eventos de ${THRESHOLD_MS} ms o más; «< ${THRESHOLD_MS}»: ninguno llegó), ` +
      `como lo calcula web-vitals; peor: la ronda más lenta. El objetivo es absoluto: ${INP_TARGET_MS} ms.`,
  );
}
