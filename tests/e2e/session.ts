// Signing in and opening pages in the browser tests: the demo accounts, a field by its label, a
// page opened once the app has drawn it, and a browser session shared by a file's tests.

import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { type RunningServer, startServer } from './app-server';

export const DEMO = {
  password: 'Demo1234!',
  admin: 'admin@casillero.test',
  customer: 'maria@casillero.test',
  otherCustomer: 'carlos@casillero.test',
  /** Demo staff of the roles other than the administrator's (docs/product/product-decisions.md#d13-staff-have-roles). */
  caja: 'caja@casillero.test',
  atencion: 'atencion@casillero.test',
} as const;

/**
 * A field's label as the page shows it: the exact text, optionally followed by the required
 * asterisk that Mantine appends (" *"), so 'Contraseña' never matches 'Confirmar contraseña'.
 */
export function fieldLabel(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\s*${escaped}\\s*\\*?\\s*$`);
}

/**
 * Waits until React has taken over a prerendered element (the page is interactive). What is
 * typed earlier is kept and a tap is sent once the app is there (prerender.test.ts and
 * early-taps.test.ts check both); the journeys check the app's own answers from there.
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  await locator.waitFor();
  await locator.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const ready = () => Object.keys(element).some((key) => key.startsWith('__reactProps$'));
        const check = () => (ready() ? resolve() : setTimeout(check, 25));
        check();
      }),
  );
}

/**
 * Opens a page and waits until React has it: a page the server renders with the customer's data
 * (Mis Trackings, Almacén, Facturas) shows its content before its JavaScript runs, and a tap
 * then waits for the app, as on a prerendered page (waitForHydration).
 */
export async function openPage(page: Page, href: string): Promise<void> {
  // Resolves once React has the page (launchBrowser's pages wait for `data-ready` on every goto).
  await page.goto(href);
  // What the first effects changed (a phone's layout, measured once mounted) is drawn in the next frames.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** The USA calculator's weight unit (kilograms first: docs/product/quote-calculators.md#inputs). */
export async function chooseWeightUnit(page: Page, unit: 'kg' | 'lb') {
  await page.getByRole('radiogroup', { name: 'Unidad de peso' }).getByText(unit, { exact: true }).click();
  await page.getByLabel(`Peso real (${unit})`).waitFor();
}

/**
 * A customer signed in and landed on a screen of their area: the one that needs them first
 * (docs/product/sign-up-and-sign-in.md#where-a-customer-lands), past /dashboard itself.
 */
export const landedInCustomerArea = (u: URL) => /^\/dashboard\/[a-z]/.test(u.pathname);

export async function signIn(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/login`);
  // The form that holds the password field (the header has its own 'Iniciar Sesión' button).
  const form = page.locator('form').filter({ has: page.getByLabel(fieldLabel('Contraseña')) });
  await waitForHydration(form.getByLabel(fieldLabel('Contraseña')));
  await form.getByLabel(fieldLabel('Email')).fill(email);
  await form.getByLabel(fieldLabel('Contraseña')).fill(password);
  await form.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
}

/**
 * One app server and one browser for a describe block, started before its tests and closed after
 * them. `newPage()` opens a page in a fresh browser context (its own cookies), as another person.
 */
export function useBrowserSession(
  chromium: string | undefined,
  contextOptions: BrowserContextOptions = {},
  /** The server's options, asked for when it starts (after the describe block's earlier beforeAll hooks). */
  serverOptions: () => Parameters<typeof startServer>[0] = () => ({}),
) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    server = await startServer(serverOptions());
    browser = await launchBrowser(chromium);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });
  return {
    server: () => server!,
    url: () => server!.url,
    /**
     * `options` adds to the session's context options for this page (JavaScript off, say). The
     * browser asks for reduced motion (the app then opens dialogs and groups at once): on a busy
     * machine a click computed while something was still moving landed where nothing was.
     */
    async newPage(options: BrowserContextOptions = {}): Promise<Page> {
      const context = await browser!.newContext({
        locale: 'es-ES',
        reducedMotion: 'reduce',
        ...contextOptions,
        ...options,
      });
      contexts.push(context);
      return context.newPage();
    },
  };
}
