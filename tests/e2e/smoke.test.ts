// Browser smoke test: the built app on a fresh embedded database, driven through real pages.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signIn } from './session';
import { chromiumOrExplain, launchBrowser } from './browser';
import { startServer, type RunningServer } from './app-server';
import { withScreenshotOnFailure } from './screens';

const chromium = chromiumOrExplain();

describe.skipIf(!chromium)('recorrido básico en el navegador', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser(chromium);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  /** A fresh browser context (no cookies) and its page, for one test. */
  async function newPage(): Promise<Page> {
    context = await browser!.newContext({ locale: 'es-ES' });
    return context.newPage();
  }

  const url = () => server!.url;

  it('muestra la página de inicio', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'inicio', async () => {
      const response = await page.goto(url());
      expect(response?.status()).toBe(200);
      await page.getByRole('heading').first().waitFor();
      expect(await page.title()).not.toBe('');
    });
  });

  it('la clienta de demostración inicia sesión y llega a su panel', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'cliente-inicia-sesion', async () => {
      await signIn(page, url(), DEMO.customer, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      await page.getByText('Mi Perfil').first().waitFor();
    });
  });

  it('el administrador de demostración inicia sesión y llega al panel de administración', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'admin-inicia-sesion', async () => {
      await signIn(page, url(), DEMO.admin, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));
      await page.getByText('Panel de Administración').first().waitFor();
    });
  });

  it('una contraseña incorrecta muestra el mensaje de credenciales incorrectas', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'contrasena-incorrecta', async () => {
      await signIn(page, url(), DEMO.otherCustomer, 'Incorrecta123!');
      await page.getByText('Credenciales incorrectas. Verifica tu email y contraseña.').first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
    });
  });

  it('un visitante anónimo que abre /admin termina en /login', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'anonimo-admin', async () => {
      await page.goto(`${url()}/admin`);
      await page.waitForURL((u) => u.pathname === '/login');
    });
  });
});
