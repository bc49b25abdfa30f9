// Browser journeys of the public site (docs/product/public-site.md): navigation, the phone drawer, both quote
// calculators with their WhatsApp links, sign-up through the e-mailed verification link,
// a failed sign-in, password recovery through the e-mailed link, and the contact form.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE_NAME, TERMS_UPDATED_AT, formatUsdCents } from '@casillero/shared';
import { chooseWeightUnit, DEMO, fieldLabel, openPage, signIn } from './session';
import { chromiumOrExplain, launchBrowser } from './browser';
import { startServer, waitForEmailLink, type RunningServer } from './app-server';
import { withScreenshotOnFailure } from './screens';
import { chinaQuoteNow, ivaTextLines, pricesNow, usaQuoteNow } from './prices';

const chromium = chromiumOrExplain();
/** A number of our own, so the test proves the links take it from the configuration. */
const WHATSAPP_PHONE = '584149876543';
const NEW_PASSWORD = 'Nueva#Clave2026';

describe.skipIf(!chromium)('sitio público en el navegador', () => {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    server = await startServer({ env: { WHATSAPP_PHONE } });
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

  async function newPage(options: { phone?: boolean } = {}): Promise<Page> {
    context = await browser!.newContext({
      locale: 'es-ES',
      viewport: options.phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
      hasTouch: options.phone,
    });
    return context.newPage();
  }

  const url = () => server!.url;
  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();
  const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor();

  /** The prefilled text of a wa.me link, after checking the link's number and shape. */
  async function whatsappText(page: Page, name: string): Promise<string> {
    const link = page.getByRole('link', { name });
    expect(await link.getAttribute('target')).toBe('_blank');
    const href = (await link.getAttribute('href'))!;
    const parsed = new URL(href);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`https://wa.me/${WHATSAPP_PHONE}`);
    return parsed.searchParams.get('text')!;
  }

  it('la página de inicio muestra sus secciones y lleva a cada página', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'publico-navegacion', async () => {
      await page.goto(url());
      await heading(page, 'Compra en USA y China, recíbelo en Venezuela');
      for (const card of ['Cotizar Envío', 'Servicios', 'Cursos IA']) {
        await page.getByRole('main').getByRole('heading', { level: 2, name: card, exact: true }).waitFor();
      }
      await page.getByText('Años de experiencia').first().waitFor();
      const testimonials = page.getByRole('region', { name: 'Lo que dicen nuestros clientes' });
      expect(await testimonials.getByRole('img', { name: 'Valoración: 5 de 5' }).count()).toBe(3);
      await page.getByRole('heading', { name: 'Experiencia que respalda tus envíos' }).waitFor();

      // The header's Servicios dropdown, with the mouse.
      const pages: [string, string, string][] = [
        ['Servicios', '/servicios', 'Nuestros servicios'],
        ['Cursos', '/cursos', 'Conviértete en importador digital'],
        ['Calculadora USA', '/cotizar', 'Calculadora de envío USA → Venezuela'],
        ['Calculadora China', '/cotizar-china', 'Calculadora de envío China → Venezuela'],
      ];
      const nav = page.getByRole('navigation', { name: 'Navegación principal' });
      for (const [label, path, title] of pages) {
        await nav.getByRole('button', { name: 'Servicios' }).click();
        await nav.getByRole('link', { name: label, exact: true }).click();
        await page.waitForURL((u) => u.pathname === path);
        await heading(page, title);
      }
      await nav.getByRole('link', { name: 'Preguntas Frecuentes' }).click();
      await page.waitForURL((u) => u.pathname === '/contacto');
      await heading(page, 'Ayuda y contacto');
      await page.getByRole('button', { name: 'Métodos de pago' }).click();
      await page.getByText(/Zelle, PayPal, Binance USDT/).waitFor();

      // The dropdown with the keyboard: Enter opens it, the arrows move, Escape closes it.
      const trigger = nav.getByRole('button', { name: 'Servicios' });
      await trigger.focus();
      await page.keyboard.press('Enter');
      expect(await trigger.getAttribute('aria-expanded')).toBe('true');
      const focused = () => page.evaluate(() => document.activeElement?.textContent);
      await page.keyboard.press('ArrowDown');
      await expect.poll(focused).toBe('Servicios');
      await page.keyboard.press('ArrowDown');
      await expect.poll(focused).toBe('Cursos');
      await page.keyboard.press('Escape');
      expect(await trigger.getAttribute('aria-expanded')).toBe('false');
      expect(await nav.getByRole('link', { name: 'Cursos', exact: true }).isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');

      // Hero buttons and the Crear Casillero dropdown.
      await page.goto(url());
      await page.getByRole('link', { name: 'Calcular Envío China' }).click();
      await page.waitForURL((u) => u.pathname === '/cotizar-china');
      await page.goBack();
      await page.getByRole('button', { name: 'Crear Casillero' }).click();
      await page.getByRole('link', { name: /Casillero China/ }).click();
      await page.waitForURL((u) => u.pathname === '/registro' && u.searchParams.get('type') === 'china');
      await page.getByText('Estás creando tu Casillero China en Beijing').waitFor();

      // Footer: legal links (cookies are covered on the privacy page).
      const legal = page.getByRole('navigation', { name: 'Información legal' });
      await legal.getByRole('link', { name: 'Términos' }).click();
      await heading(page, 'Términos de servicio');
      // The terms' own date, written by hand here (27/11/2026), not by the formatter under test.
      const [year, month, day] = TERMS_UPDATED_AT.split('-');
      await page.getByText(`Última actualización: ${day}/${month}/${year}`).waitFor();
      await legal.getByRole('link', { name: 'Cookies' }).click();
      await heading(page, 'Política de privacidad');
      expect(new URL(page.url()).hash).toBe('#cookies');
      await page.getByRole('heading', { name: 'Cookies' }).waitFor();
      await legal.getByRole('link', { name: 'Privacidad' }).click();
      await page.waitForURL((u) => u.pathname === '/privacy' && u.hash === '');

      // An unknown type falls back to usa; an unknown path shows the not-found screen.
      await page.goto(`${url()}/registro?type=marte`);
      await page.getByText('Estás creando tu Casillero USA en Miami, Florida').waitFor();
      await page.goto(`${url()}/no-existe`);
      await page.getByText('Página no encontrada').waitFor();
      // /admin-demo sends a visitor to sign in as an administrator.
      await page.goto(`${url()}/admin-demo`);
      await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/admin');
      await page.getByText('Inicia sesión con una cuenta de administrador').waitFor();
    });
  });

  it('en un teléfono, el menú lateral abre, cierra y se cierra al navegar', async () => {
    const page = await newPage({ phone: true });
    await withScreenshotOnFailure(page, 'publico-menu-movil', async () => {
      await page.goto(url());
      await heading(page, 'Compra en USA y China, recíbelo en Venezuela');
      expect(await page.getByRole('navigation', { name: 'Navegación principal' }).isVisible()).toBe(false);
      const burger = page.getByRole('button', { name: 'Abrir menú' });
      await burger.click();
      const drawer = page.getByRole('dialog', { name: 'Menú' });
      await drawer.waitFor();
      await drawer.getByRole('link', { name: 'Iniciar Sesión' }).waitFor();
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await drawer.waitFor();
      await drawer.getByRole('button', { name: 'Cerrar menú' }).click();
      await drawer.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await drawer.getByRole('link', { name: 'Calculadora China' }).click();
      await page.waitForURL((u) => u.pathname === '/cotizar-china');
      await drawer.waitFor({ state: 'hidden' });
      await heading(page, 'Calculadora de envío China → Venezuela');
    });
  });

  it('cotiza un envío desde USA, aéreo y marítimo lado a lado, con su enlace de WhatsApp', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'publico-cotizar-usa', async () => {
      await page.goto(`${url()}/cotizar`);
      await heading(page, 'Calculadora de envío USA → Venezuela');
      // No quote yet: the button explains what is missing.
      await page.getByRole('button', { name: 'Contactar por WhatsApp' }).click();
      await toast(page, 'Por favor completa peso y dimensiones para obtener la cotización.');

      // Kilograms first, as everything else weighs; pounds on demand.
      await page.getByLabel('Peso real (kg)').waitFor();
      await chooseWeightUnit(page, 'lb');
      await page.getByLabel('Peso real (lb)').fill('10');
      await page.getByLabel('Largo (cm)').fill('30');
      await page.getByLabel('Ancho (cm)').fill('20');
      await page.getByLabel('Alto (cm)').fill('15');
      await page.getByLabel('Descripción').fill('Zapatos deportivos');

      const air = page.getByRole('region', { name: 'Envío aéreo' });
      const sea = page.getByRole('region', { name: 'Envío marítimo' });
      // The price list in effect, with the IVA its invoice will carry when fiscal data are on (the demo's are).
      const now = await pricesNow(page, url);
      const form = {
        peso: 10,
        unidad: 'lb',
        largo: 30,
        ancho: 20,
        alto: 15,
        valor: '',
        descripcion: 'Zapatos deportivos',
      } as const;
      const quote = (tipo: 'aereo' | 'maritimo', seguro: boolean) => usaQuoteNow({ ...form, seguro, tipo }, now);
      const byAir = quote('aereo', true);
      await air
        .getByTestId('total')
        .filter({ hasText: formatUsdCents(byAir.totalUsdCents) })
        .waitFor();
      await sea
        .getByTestId('total')
        .filter({ hasText: formatUsdCents(quote('maritimo', true).totalUsdCents) })
        .waitFor();
      await sea.getByText('Más económico').waitFor();
      await air.getByText('Tiempo de entrega: 7 días hábiles').waitFor();
      await sea.getByText('Tiempo de entrega: 25 días hábiles').waitFor();

      let text = await whatsappText(page, 'Contactar por WhatsApp');
      expect(text.split('\n')).toEqual([
        '¡Hola! Quiero cotizar un envío desde Miami.',
        'Tipo de envío: Aéreo (Miami → Venezuela)',
        'Peso: 10,00 lb (facturable: 10,00 lb)',
        'Dimensiones: 30 × 20 × 15 cm',
        'Descripción: Zapatos deportivos',
        `Subtotal: ${formatUsdCents(byAir.subtotalUsdCents)}`,
        `Seguro: ${formatUsdCents(byAir.seguroUsdCents)}`,
        `Impuestos estimados de aduana: ${formatUsdCents(byAir.impuestosUsdCents)}`,
        ...ivaTextLines(byAir),
        'Reempaque: Por cotizar',
        `Total: ${formatUsdCents(byAir.totalUsdCents)}`,
        'Tiempo de entrega: 7 días hábiles',
      ]);

      // Live: the switch and the toggle change the quote and the message at once.
      await page.getByLabel(/Incluir seguro/).click({ force: true });
      await air
        .getByTestId('total')
        .filter({ hasText: formatUsdCents(quote('aereo', false).totalUsdCents) })
        .waitFor();
      await page.getByText('Marítimo', { exact: true }).click();
      text = await whatsappText(page, 'Contactar por WhatsApp');
      expect(text).toContain('Tipo de envío: Marítimo (Miami → Venezuela)');
      expect(text).toContain(`Total: ${formatUsdCents(quote('maritimo', false).totalUsdCents)}`);
      expect(text).toContain('Tiempo de entrega: 25 días hábiles');

      // Clicking it says we are connecting (the chat opens in a new tab).
      const [popup] = await Promise.all([
        page.waitForEvent('popup').catch(() => null),
        page.getByRole('link', { name: 'Contactar por WhatsApp' }).click({ modifiers: [] }),
      ]);
      await popup?.close();
      await toast(page, '¡Excelente!');
    });
  });

  it('cotiza un envío desde China por CBM, con su enlace de WhatsApp', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'publico-cotizar-china', async () => {
      // The app's own answer to a tap (one before it has the page is kept for it: early-taps.test.ts).
      await openPage(page, `${url()}/cotizar-china`);
      await page.getByRole('button', { name: 'Contactar por WhatsApp' }).click();
      await toast(page, 'Por favor completa las dimensiones para obtener la cotización.');

      await page.getByLabel('Largo (cm)').fill('50');
      await page.getByLabel('Ancho (cm)').fill('40');
      await page.getByLabel('Alto (cm)').fill('30');
      await page.getByLabel('Valor declarado (USD)').fill('200');
      const panel = page.getByRole('region', { name: 'Envío marítimo desde China' });
      // 0.06 CBM at the price list's rate, plus its insurance on $200, and the IVA when fiscal data are on.
      const quote = chinaQuoteNow(
        { largo: 50, ancho: 40, alto: 30, valor: 200, seguro: true },
        await pricesNow(page, url),
      );
      await panel
        .getByTestId('total')
        .filter({ hasText: formatUsdCents(quote.totalUsdCents) })
        .waitFor();
      await panel.getByText('Tiempo de entrega: 90 días + 15 días').waitFor();
      const text = await whatsappText(page, 'Contactar por WhatsApp');
      expect(text).toContain('Tipo de envío: Marítimo (China → Venezuela)');
      expect(text).toContain('Volumen: 0,0600 CBM (facturable: 0,0600 CBM)');
      expect(text).toContain('Dimensiones: 50 × 40 × 30 cm');
      expect(text).toContain(`Seguro: ${formatUsdCents(quote.seguroUsdCents)}`);
      for (const line of ivaTextLines(quote)) expect(text).toContain(line);
      expect(text).toContain('Reempaque: Por cotizar');
      expect(text).toContain(`Total: ${formatUsdCents(quote.totalUsdCents)}`);
    });
  });

  it('un visitante se registra, confirma su correo desde el enlace y entra a su panel', async () => {
    const page = await newPage();
    const nombre = `Prueba Registro ${Date.now().toString(36)}`;
    const email = `registro.${Date.now().toString(36)}@ejemplo.com`;
    const password = 'Registro#2026';
    await withScreenshotOnFailure(page, 'publico-registro', async () => {
      await page.goto(`${url()}/registro?type=china`);
      const form = page.locator('form').filter({ has: page.getByLabel(fieldLabel('Confirmar contraseña')) });
      const submit = form.getByRole('button', { name: 'Crear cuenta' });
      await form.getByLabel(fieldLabel('Nombre completo')).fill(nombre);
      await form.getByLabel(fieldLabel('Email')).fill(email);
      await form.getByLabel(fieldLabel('Contraseña')).fill('debil');
      await form.getByLabel(fieldLabel('Confirmar contraseña')).fill('debil');
      await form.getByLabel(fieldLabel('Nombre completo')).click();
      await page
        .getByText('La contraseña debe tener mínimo 8 caracteres e incluir mayúscula, minúscula, número y símbolo.')
        .waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await form.getByLabel(fieldLabel('Contraseña')).fill(password);
      await form.getByLabel(fieldLabel('Confirmar contraseña')).fill(`${password}x`);
      await form.getByLabel(fieldLabel('Nombre completo')).click();
      await page.getByText('Las contraseñas no coinciden.').waitFor();
      expect(await submit.isDisabled()).toBe(true);
      await form.getByLabel(fieldLabel('Confirmar contraseña')).fill(password);
      await submit.click();

      await page.waitForURL((u) => u.pathname === '/login');
      await page.getByText('Cuenta creada. Te enviamos un correo para confirmar tu email').waitFor();
      // Not confirmed yet: signing in says so.
      await signIn(page, url(), email, password);
      await page.getByText('Debes confirmar tu correo electrónico antes de iniciar sesión.').waitFor();

      const link = await waitForEmailLink(server!, { contains: nombre, path: '/verificar-email' });
      await page.goto(link);
      await page.getByText('Tu correo fue confirmado. Ya puedes iniciar sesión.').first().waitFor();
      await page.getByRole('link', { name: 'Iniciar Sesión', exact: true }).last().click();
      await page.waitForURL((u) => u.pathname === '/login');
      await signIn(page, url(), email, password);
      await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      // The same calculator inside the customer area.
      await page.getByRole('link', { name: 'Calculadora', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/dashboard/calculadora');
      await chooseWeightUnit(page, 'lb');
      await page.getByLabel('Peso real (lb)').fill('10');
      await page.getByLabel('Largo (cm)').fill('30');
      await page.getByLabel('Ancho (cm)').fill('20');
      await page.getByLabel('Alto (cm)').fill('15');
      const quote = usaQuoteNow(
        { peso: 10, unidad: 'lb', largo: 30, ancho: 20, alto: 15, valor: '', seguro: true, tipo: 'aereo' },
        await pricesNow(page, url),
      );
      await page
        .getByRole('region', { name: 'Envío aéreo' })
        .getByTestId('total')
        .filter({ hasText: formatUsdCents(quote.totalUsdCents) })
        .waitFor();
      // A signed-in user is sent from the sign-up page to the dashboard.
      await page.goto(`${url()}/registro`);
      await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    });
  });

  it('un inicio de sesión fallido muestra el mensaje del catálogo, también con un email desconocido', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'publico-login-fallido', async () => {
      for (const email of [DEMO.customer, 'nadie.registrado@ejemplo.com']) {
        await signIn(page, url(), email, 'Incorrecta#123');
        await page
          .getByRole('alert')
          .filter({ hasText: 'Credenciales incorrectas. Verifica tu email y contraseña.' })
          .waitFor();
        expect(new URL(page.url()).pathname).toBe('/login');
      }
      // Typing again clears the error.
      await page.getByLabel(fieldLabel('Contraseña')).fill('otra');
      await page.getByText('Credenciales incorrectas').waitFor({ state: 'hidden' });
    });
  });

  it('recupera la contraseña desde el enlace del correo e inicia sesión con la nueva', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'publico-recuperar', async () => {
      await page.goto(`${url()}/forgot-password`);
      await page.getByLabel(fieldLabel('Email')).fill('no-es-email');
      await page.getByRole('button', { name: 'Enviar enlace' }).click();
      await page.getByText('Por favor ingresa un email válido.').waitFor();

      const before = server!.output().length;
      await page.getByLabel(fieldLabel('Email')).fill(DEMO.otherCustomer);
      await page.getByRole('button', { name: 'Enviar enlace' }).click();
      await page.getByText(/recibirás un enlace para restablecer tu contraseña/).waitFor();
      await page.getByRole('button', { name: 'Cambiar email' }).waitFor();

      const link = await waitForEmailLink(server!, {
        contains: 'Restablece tu contrase',
        path: '/update-password',
        after: before,
      });
      await page.goto(link);
      const submit = page.getByRole('button', { name: 'Actualizar contraseña' });
      await page.getByLabel(fieldLabel('Nueva contraseña')).fill(NEW_PASSWORD);
      await page.getByLabel(fieldLabel('Confirmar contraseña')).fill('Otra#Clave2026');
      expect(await submit.isDisabled()).toBe(true);
      await page.getByLabel(fieldLabel('Confirmar contraseña')).fill(NEW_PASSWORD);
      await submit.click();
      await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));

      // A fresh browser: the old password no longer works, the new one does.
      await context!.close();
      const fresh = await newPage();
      await signIn(fresh, url(), DEMO.otherCustomer, DEMO.password);
      await fresh.getByText('Credenciales incorrectas. Verifica tu email y contraseña.').waitFor();
      await signIn(fresh, url(), DEMO.otherCustomer, NEW_PASSWORD);
      await fresh.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    });
  });

  it('con demasiados intentos fallidos, un enlace por correo deja entrar a la dueña y reconoce su navegador', async () => {
    const page = await newPage({ phone: true });
    await withScreenshotOnFailure(page, 'publico-enlace-para-entrar', async () => {
      // Wrong passwords from this address until the account refuses this new device.
      for (let i = 0; i < 8; i++) {
        await signIn(page, url(), DEMO.atencion, `Incorrecta#${i}`);
        const refused = page.getByRole('alert').filter({ hasText: 'Demasiados intentos' });
        const wrong = page.getByRole('alert').filter({ hasText: 'Credenciales incorrectas' });
        await refused.or(wrong).first().waitFor();
        if (await refused.isVisible()) break;
      }
      await signIn(page, url(), DEMO.atencion, DEMO.password);
      await page.getByRole('alert').filter({ hasText: 'Demasiados intentos' }).waitFor();

      const before = server!.output().length;
      await page.getByRole('button', { name: 'Enviarme un enlace para entrar' }).click();
      await page.getByText('Te enviamos un enlace para entrar.').waitFor();
      const link = await waitForEmailLink(server!, {
        contains: 'Entra con este enlace',
        path: '/entrar',
        after: before,
      });

      await page.goto(link);
      await page.getByRole('button', { name: 'Entrar a mi cuenta' }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));

      // The link works once.
      const other = await browser!.newContext({ locale: 'es-ES' });
      const stranger = await other.newPage();
      await stranger.goto(link);
      await stranger.getByRole('button', { name: 'Entrar a mi cuenta' }).click();
      await stranger.getByRole('alert').filter({ hasText: 'El enlace para entrar no es válido' }).waitFor();
      await other.close();

      // This browser is now known: after signing out, the password works here again.
      await page.context().clearCookies({ name: SESSION_COOKIE_NAME });
      await signIn(page, url(), DEMO.atencion, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));
    });
  });

  it('el formulario de contacto valida, guarda el mensaje y avisa al equipo', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'publico-contacto', async () => {
      await page.goto(`${url()}/contacto?tab=contacto`);
      const form = page.getByRole('form', { name: 'Formulario de contacto' });
      await form.getByRole('button', { name: 'Enviar mensaje' }).click();
      await toast(page, 'Por favor completa todos los campos requeridos.');

      const asunto = `Consulta ${Date.now().toString(36)}`;
      await form.getByLabel(fieldLabel('Nombre')).fill('Rosa Díaz');
      await form.getByLabel(fieldLabel('Email')).fill('rosa.contacto@ejemplo.com');
      await form.getByLabel(fieldLabel('Teléfono')).fill('+58 412 555 0101');
      await form.getByLabel(fieldLabel('Asunto')).fill(asunto);
      await form.getByLabel(fieldLabel('Mensaje')).fill('¿Cuánto cuesta traer dos cajas desde China?');
      await form.getByRole('button', { name: 'Enviar mensaje' }).click();
      await toast(page, '¡Mensaje enviado!');
      await page.getByText('Te contactaremos pronto. Tiempo de respuesta: 2-4 horas.').waitFor();
      expect(await form.getByLabel(fieldLabel('Nombre')).inputValue()).toBe('');

      // The team's e-mail went through the outbox (logged without RESEND_API_KEY).
      await expect
        .poll(() => server!.output().includes(`Nuevo mensaje de contacto: ${asunto}`), { timeout: 15_000 })
        .toBe(true);

      // The contact details come from the configuration, with the WhatsApp button.
      await page.getByRole('link', { name: 'contacto@casillero.test' }).waitFor();
      const text = await whatsappText(page, 'Escríbenos por WhatsApp');
      expect(text).toContain('¡Hola!');
    });
  });
});
