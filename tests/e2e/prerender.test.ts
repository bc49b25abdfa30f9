// The public pages as a phone on a slow connection gets them (docs/decisions/014-prerendered-and-compressed.md): their content is in
// the first HTML (readable with JavaScript off), the browser then hydrates that HTML without
// re-rendering it, and no public page downloads the admin area's code.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_PRELOADS_ID, PRERENDERED_PAGES } from '@casillero/shared';
import { DEMO, fieldLabel, useBrowserSession, waitForHydration } from './session';
import { PHONE, withScreenshotOnFailure } from './screens';
import { REPO_ROOT } from '../support/server-process';
import { chromiumOrExplain } from './browser';
import { stylesWithoutStylesheets } from './styles';

const chromium = chromiumOrExplain();
const HOME_HERO = 'Compra en USA y China, recíbelo en Venezuela';

type ManifestChunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
};

/**
 * The JavaScript files only the admin area uses: every chunk its routes load, minus the chunks
 * the rest of the app (the entry, public pages, the customer area) loads too. From Vite's
 * manifest of the build under test.
 */
function adminOnlyFiles(): Set<string> {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'client/dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const reachable = (keys: string[]) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return files;
  };
  const isAdmin = (key: string) => /^src\/routes\/admin(\/|\.tsx|-)/.test(key);
  const routeKeys = Object.keys(manifest).filter((key) => key.startsWith('src/routes/'));
  const admin = reachable(routeKeys.filter(isAdmin));
  // What the rest of the app loads: its entry, its routes, and the modules it loads on demand
  // (a calculator's customs estimate, say), which may share chunks with the admin area.
  const rest = reachable([
    ...Object.keys(manifest).filter((key) => manifest[key].isEntry),
    ...routeKeys.filter((key) => !isAdmin(key)),
    ...Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && !isAdmin(key)),
  ]);
  return new Set([...admin].filter((file) => !rest.has(file)));
}

describe.skipIf(!chromium)('páginas públicas prerenderizadas', () => {
  const session = useBrowserSession(chromium, PHONE.contextOptions);
  const phonePage = (options: { javaScriptEnabled: boolean }) => session.newPage(options);
  const url = () => session.url();

  it('show their content with JavaScript disabled: the home hero, each page its heading, title and description', async () => {
    const page = await phonePage({ javaScriptEnabled: false });
    await withScreenshotOnFailure(page, 'prerender-sin-js', async () => {
      await page.goto(`${url()}/`);
      const hero = page.getByRole('heading', { level: 1, name: HOME_HERO });
      expect(await hero.isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Calcular Envío USA' }).isVisible()).toBe(true);
      // Styled without JavaScript: the hero's coloured band comes from a route chunk's CSS.
      const heroBackground = await page
        .locator('section')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundImage);
      expect(heroBackground).toContain('gradient');
      // The theme too: its font and primary colour come with the stylesheet, not from a script
      // (the theme's font list starts with system-ui, Mantine's default with -apple-system).
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^system-ui\b/);
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
      );
      expect(primary).toBe(await page.locator('meta[name="theme-color"]').getAttribute('content'));

      for (const { path: pagePath } of PRERENDERED_PAGES) {
        await page.goto(url() + pagePath);
        expect(await page.getByRole('heading', { level: 1 }).first().isVisible(), pagePath).toBe(true);
        expect(await page.title(), pagePath).toMatch(/Casillero Virtual/);
        const description = await page.locator('meta[name="description"]').getAttribute('content');
        expect(description?.length, pagePath).toBeGreaterThan(40);
        expect(await page.locator('meta[property="og:title"]').getAttribute('content'), pagePath).toBe(
          await page.title(),
        );
        expect(await page.locator('meta[name="description"]').count(), pagePath).toBe(1);
        expect(await page.locator('title').count(), pagePath).toBe(1);
        // Its scripts are asked for after its words have arrived (shared/src/page-parts.ts, preloadsAfterContent).
        expect(await page.locator('head link[rel="modulepreload"]').count(), pagePath).toBe(0);
        expect(
          await page
            .locator(`#root ~ template#${APP_PRELOADS_ID}`)
            .evaluate((t) => (t as HTMLTemplateElement).content.querySelectorAll('link[data-app-entry]').length),
          pagePath,
        ).toBe(1);
      }
    });
  });

  it('look the same before their stylesheets arrive: the rules their markup uses are in the HTML', async () => {
    const page = await phonePage({ javaScriptEnabled: false });
    await withScreenshotOnFailure(page, 'prerender-css-critico', async () => {
      for (const { path: pagePath } of PRERENDERED_PAGES) {
        expect(await stylesWithoutStylesheets(page, url() + pagePath), pagePath).toEqual([]);
      }
      // Of the theme's variables, only those the page uses come with it (the stylesheet that
      // follows declares them all): each one the inline CSS declares is used somewhere in the page.
      await page.goto(`${url()}/`);
      const unused = await page.evaluate(() => {
        const inline = document.querySelector('head > style:not([data-mantine-styles])');
        const declared = new Set(inline?.textContent?.match(/--[\w-]+(?=\s*:)/g) ?? []);
        const html = document.documentElement.outerHTML;
        return [...declared].filter((name) => !html.includes(`var(${name}`));
      });
      expect(unused).toEqual([]);
    });
  });

  it('hydrate without re-rendering and then work as the app, without loading the admin area', async () => {
    const adminFiles = adminOnlyFiles();
    expect(adminFiles.size).toBeGreaterThan(0);
    const page = await phonePage({ javaScriptEnabled: true });
    const problems: string[] = [];
    const scripts: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.slice(1));
    });

    // A visit three days after the build: nothing the page shows may depend on the day it renders.
    await page.clock.install({ time: new Date(Date.now() + 3 * 24 * 3600 * 1000) });
    await withScreenshotOnFailure(page, 'prerender-hidratacion', async () => {
      for (const { path: pagePath } of PRERENDERED_PAGES) {
        await page.goto(url() + pagePath, { waitUntil: 'networkidle' });
        expect(await page.getByRole('heading', { level: 1 }).first().isVisible(), pagePath).toBe(true);
      }
      // React reports a page whose HTML it had to throw away (error #418/#423 in production).
      expect(problems).toEqual([]);

      // Hydrated: a link navigates inside the app (no new document) and the header's session
      // state is live.
      await page.goto(`${url()}/`, { waitUntil: 'networkidle' });
      await page.evaluate(() => ((window as unknown as { hydratedMarker: boolean }).hydratedMarker = true));
      await page.getByRole('link', { name: 'Calcular Envío USA' }).click();
      await page.getByRole('heading', { level: 1, name: /Calculadora de envío USA/ }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { hydratedMarker?: boolean }).hydratedMarker)).toBe(true);

      const loadedAdminCode = scripts.filter((file) => adminFiles.has(file));
      expect(loadedAdminCode).toEqual([]);
    });
  });

  it('keep what is typed before the page code arrives, and the form works without typing it again', async () => {
    const page = await phonePage({ javaScriptEnabled: true });
    // The entry script is held back, as on a slow connection, until the visitor has typed.
    let releaseScript!: () => void;
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await scriptHeld;
      await route.continue();
    });
    await withScreenshotOnFailure(page, 'prerender-escritura-temprana', async () => {
      await page.goto(`${url()}/login`, { waitUntil: 'commit' });
      const form = page.locator('form').filter({ has: page.getByLabel(fieldLabel('Contraseña')) });
      await form.getByLabel(fieldLabel('Email')).fill(DEMO.customer);
      await form.getByLabel(fieldLabel('Contraseña')).fill(DEMO.password);
      // (A tap meanwhile is kept and sent once the app is there: early-taps.test.ts.)
      releaseScript();
      const password = form.getByLabel(fieldLabel('Contraseña'));
      await waitForHydration(password);
      await page.waitForFunction(() => document.documentElement.dataset.earlyInput === 'restored');
      expect(await form.getByLabel(fieldLabel('Email')).inputValue()).toBe(DEMO.customer);
      expect(await password.inputValue()).toBe(DEMO.password);

      // The form's own state has the values too: signing in works without typing again.
      await form.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
      await page.waitForURL(/\/dashboard/);
    });
  });

  const slowTyping = [
    {
      page: '/registro?type=china',
      how: 'drawn again for its query string',
      fields: [
        ['Nombre completo', 'Lenta Hidratación'],
        ['Email', `lenta.${Date.now().toString(36)}@ejemplo.com`],
        ['Contraseña', 'Lenta#2026x'],
        ['Confirmar contraseña', 'Lenta#2026x'],
      ],
      submit: 'Crear cuenta',
      after: '/login',
    },
    {
      page: '/login',
      how: 'hydrated',
      fields: [
        ['Email', DEMO.customer],
        ['Contraseña', DEMO.password],
      ],
      submit: 'Iniciar Sesión',
      after: '/dashboard',
    },
  ] as const;

  it.each(slowTyping)('keep what is typed while a slow phone takes over $page ($how)', async (journey) => {
    const page = await phonePage({ javaScriptEnabled: true });
    // A slow phone: taking the page over takes a while, and the fields are typed into meanwhile.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await withScreenshotOnFailure(page, `prerender-escritura-lenta${journey.page.replace(/\W+/g, '-')}`, async () => {
      await page.goto(`${url()}${journey.page}`, { waitUntil: 'commit' });
      const form = page.locator('form').filter({ has: page.getByLabel(fieldLabel('Contraseña')) });
      for (const [label, value] of journey.fields) await form.getByLabel(fieldLabel(label)).pressSequentially(value);
      await page.waitForFunction(() => document.documentElement.dataset.ready !== undefined);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      // Whatever moment each letter fell in, the field shows it and the form has it.
      for (const [label, value] of journey.fields) {
        await expect.poll(() => form.getByLabel(fieldLabel(label)).inputValue()).toBe(value);
      }
      await form.getByRole('button', { name: journey.submit, exact: true }).click();
      await page.waitForURL((u) => u.pathname.startsWith(journey.after));
    });
  });
});
