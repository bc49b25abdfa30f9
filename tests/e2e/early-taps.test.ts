// A tap before the app is ready is never lost (docs/decisions/036-early-taps.md): the public
// forms paint from their HTML long before their code arrives on a phone, and a person (or a
// password manager) fills them and taps at once. On a throttled phone, each form is filled and
// sent as soon as it shows, ten times, and every time it arrives where sending it leads.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, CONTACT_MESSAGES, EARLY_TAP_BUSY_LABEL, formatUsdCents } from '@casillero/shared';
import { chromiumOrExplain } from './browser';
import { chinaQuoteNow, pricesNow } from './prices';
import { PHONE, withScreenshotOnFailure } from './screens';
import { DEMO, fieldLabel, landedInCustomerArea, useBrowserSession } from './session';

const chromium = chromiumOrExplain();
const RUNS = 10;
/** Phones tapping at the same time. */
const LANES = 2;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Each run a phone of its own: the forms' rate limits count per person's address, as in the street. */
let phones = 0;

describe.skipIf(!chromium)('un toque antes de que la app esté lista', () => {
  // Behind a proxy that says who each phone is (TRUST_PROXY), so ten messages are ten people's.
  const session = useBrowserSession(chromium, PHONE.contextOptions, () => ({ env: { TRUST_PROXY: '1' } }));
  const url = () => session.url();

  /**
   * A fresh phone (no cache, no service worker) on slow 4G (150 ms round trip, 1.6 Mbit/s down,
   * 750 kbit/s up) with its CPU four times slower; every tap it makes is noted with whether the app
   * had drawn the page by then (html[data-ready], client/src/main.tsx). Held, the app's code waits
   * for the first tap, so that tap comes before the app whatever this machine's speed.
   */
  async function throttledPhone({ holdScriptUntilTap }: { holdScriptUntilTap: boolean }): Promise<Page> {
    phones += 1;
    const page = await session.newPage({
      extraHTTPHeaders: { 'x-forwarded-for': `198.51.100.${phones % 250}` },
    });
    let tapped!: () => void;
    const firstTap = new Promise<void>((resolve) => (tapped = resolve));
    await page.exposeFunction('noteTap', () => tapped());
    await page.addInitScript(() => {
      const taps: boolean[] = [];
      (window as unknown as { tapsWhenReady: boolean[] }).tapsWhenReady = taps;
      window.addEventListener(
        'click',
        () => {
          taps.push(document.documentElement.dataset.ready !== undefined);
          (window as unknown as { noteTap: () => void }).noteTap();
        },
        true,
      );
    });
    if (holdScriptUntilTap) {
      // However fast this machine happens to be, the app's code arrives only after the first tap.
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await firstTap;
        await route.continue();
      });
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    return page;
  }

  /** Whether the page's first tap came before the app was ready. */
  const firstTapWasEarly = (page: Page) =>
    page.evaluate(() => (window as unknown as { tapsWhenReady: boolean[] }).tapsWhenReady[0] === false);

  type Journey = {
    name: string;
    /** Opens the page, fills it and taps as soon as it shows; then waits for where it leads. */
    run: (page: Page) => Promise<void>;
  };

  const journeys: Journey[] = [
    {
      name: 'iniciar sesión',
      async run(page) {
        await page.goto(`${url()}/login`, { waitUntil: 'commit' });
        const form = page.locator('form').filter({ has: page.getByLabel(fieldLabel('Contraseña')) });
        await form.getByLabel(fieldLabel('Email')).fill(DEMO.customer);
        await form.getByLabel(fieldLabel('Contraseña')).fill(DEMO.password);
        await form.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
        await page.waitForURL(landedInCustomerArea);
      },
    },
    {
      name: 'crear una cuenta',
      async run(page) {
        await page.goto(`${url()}/registro?type=usa`, { waitUntil: 'commit' });
        const form = page.locator('form').filter({ has: page.getByLabel(fieldLabel('Confirmar contraseña')) });
        const id = unique();
        await form.getByLabel(fieldLabel('Nombre completo')).fill(`Toque Temprano ${id}`);
        await form.getByLabel(fieldLabel('Email')).fill(`temprano.${id}@ejemplo.com`);
        await form.getByLabel(fieldLabel('Contraseña')).fill('Temprano#2026');
        await form.getByLabel(fieldLabel('Confirmar contraseña')).fill('Temprano#2026');
        await form.getByRole('button', { name: 'Crear cuenta', exact: true }).click();
        await page.waitForURL((u) => u.pathname === '/login');
        await page.getByText(AUTH_MESSAGES.signUpSuccess).waitFor();
      },
    },
    {
      name: 'recuperar la contraseña',
      async run(page) {
        await page.goto(`${url()}/forgot-password`, { waitUntil: 'commit' });
        await page.getByLabel(fieldLabel('Email')).fill(`olvido.${unique()}@ejemplo.com`);
        await page.getByRole('button', { name: 'Enviar enlace', exact: true }).click();
        await page.getByText(AUTH_MESSAGES.resetRequested).waitFor();
      },
    },
    {
      name: 'escribir al equipo',
      async run(page) {
        await page.goto(`${url()}/contacto`, { waitUntil: 'commit' });
        // The page opens on its questions; the form is one tap on its tab away.
        await page.getByRole('tab', { name: 'Contacto' }).click();
        const form = page.getByRole('form', { name: 'Formulario de contacto' });
        await form.getByLabel(fieldLabel('Nombre')).fill('Rosa Temprano');
        await form.getByLabel(fieldLabel('Email')).fill(`rosa.${unique()}@ejemplo.com`);
        await form.getByLabel(fieldLabel('Mensaje')).fill('¿Cuánto cuesta traer una caja desde Miami?');
        await form.getByRole('button', { name: 'Enviar mensaje' }).click();
        await page.getByText(CONTACT_MESSAGES.successMessage).waitFor();
      },
    },
    {
      name: 'cotizar un envío desde USA',
      async run(page) {
        await page.goto(`${url()}/cotizar`, { waitUntil: 'commit' });
        await page.getByLabel('Peso real (kg)').fill('10');
        await page.getByLabel('Largo (cm)').fill('30');
        await page.getByLabel('Ancho (cm)').fill('20');
        await page.getByLabel('Alto (cm)').fill('15');
        // A tap elsewhere on the page, as a thumb leaves the keyboard.
        await page.getByRole('heading', { level: 1 }).click();
        const air = page.getByRole('region', { name: 'Envío aéreo' });
        await air
          .getByTestId('total')
          .filter({ hasText: /\$\s?\d/ })
          .waitFor();
        expect(await page.getByLabel('Peso real (kg)').inputValue()).toBe('10');
        expect(await page.getByLabel('Alto (cm)').inputValue()).toBe('15');
      },
    },
    {
      name: 'cotizar un envío desde China',
      async run(page) {
        await page.goto(`${url()}/cotizar-china`, { waitUntil: 'commit' });
        await page.getByLabel('Largo (cm)').fill('50');
        await page.getByLabel('Ancho (cm)').fill('40');
        await page.getByLabel('Alto (cm)').fill('30');
        await page.getByLabel('Valor declarado (USD)').fill('200');
        await page.getByRole('heading', { level: 1 }).click();
        // 0.06 CBM at the price list's rate, its insurance on $200 and the IVA when fiscal data are on
        // (public.test.ts, the same quote typed once the app is there).
        const quote = chinaQuoteNow(
          { largo: 50, ancho: 40, alto: 30, valor: 200, seguro: true },
          await pricesNow(page, url),
        );
        const panel = page.getByRole('region', { name: 'Envío marítimo desde China' });
        await panel
          .getByTestId('total')
          .filter({ hasText: formatUsdCents(quote.totalUsdCents) })
          .waitFor();
      },
    },
  ];

  it.each(journeys)('$name: diez veces en un teléfono lento, tocado en cuanto se ve, llega', async (journey) => {
    let early = 0;
    // Two phones at a time, each on its own throttled network: a run mostly waits on its slow
    // network, so two lanes take little more than one.
    const lane = async (first: number) => {
      for (let run = first; run <= RUNS; run += LANES) {
        // Every other run, the code is held until the tap: the window this is about, on any machine.
        const page = await throttledPhone({ holdScriptUntilTap: run % 2 === 0 });
        await withScreenshotOnFailure(page, `toque-temprano-${journey.name}-${run}`, async () => {
          await journey.run(page);
          if (await firstTapWasEarly(page)) early += 1;
        });
        await page.context().close();
      }
    };
    await Promise.all(Array.from({ length: LANES }, (_, i) => lane(i + 1)));
    console.log(`${journey.name}: ${early} de ${RUNS} toques antes de que la app estuviera lista`);
    // At least the held runs tapped before the app was ready (and still arrived).
    expect(early).toBeGreaterThanOrEqual(RUNS / 2);
  }, 600_000);

  it('shows at once that a tap before the app is being sent, and sends it once the app is there', async () => {
    const page = await session.newPage();
    // The app's code is held back, as on a slow connection, until the tap has been seen.
    let releaseScript!: () => void;
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await scriptHeld;
      await route.continue();
    });
    await withScreenshotOnFailure(page, 'toque-temprano-procesando', async () => {
      await page.goto(`${url()}/login`, { waitUntil: 'commit' });
      const form = page.locator('form').filter({ has: page.getByLabel(fieldLabel('Contraseña')) });
      await form.getByLabel(fieldLabel('Email')).fill(DEMO.customer);
      await form.getByLabel(fieldLabel('Contraseña')).fill(DEMO.password);
      await form.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();

      // Nothing went the plain-HTML way (no password in an address), and the form says it is busy.
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login');
      expect(await form.getAttribute('aria-busy')).toBe('true');
      await form.getByRole('button', { name: EARLY_TAP_BUSY_LABEL }).waitFor();
      await page.getByRole('status').filter({ hasText: EARLY_TAP_BUSY_LABEL }).waitFor({ state: 'attached' });

      releaseScript();
      await page.waitForURL(landedInCustomerArea);
    });
  });
});
