import { createFileRoute } from '@tanstack/react-router';
import { SESSION_COOKIE_NAME, SESSION_DURATION_DAYS } from '@casillero/shared';
import { AnchorLink } from '../components/links';
import { BRAND_NAME, publicPageHead } from '../lib/site';
import { LegalPage, LegalSection } from './-components/LegalPage';

export const Route = createFileRoute('/privacy')({
  head: publicPageHead('/privacy'),
  component: () => (
    <LegalPage
      title="Política de privacidad"
      intro={`Esta política explica qué datos personales trata ${BRAND_NAME}, para qué y qué derechos tienes sobre ellos.`}
    >
      <LegalSection title="1. Información que recopilamos">
        <ul>
          <li>Datos de tu cuenta: nombre completo, email y contraseña (guardada solo como un hash).</li>
          <li>Datos de perfil y entrega: teléfono, cédula, ciudad, estado y dirección en Venezuela.</li>
          <li>Datos de tus envíos: prealertas, trackings, paquetes, reempaques y pagos, con sus comprobantes.</li>
          <li>Mensajes que nos envías desde el formulario de contacto.</li>
        </ul>
      </LegalSection>

      <LegalSection title="2. Uso de la información">
        <p>
          Usamos tus datos para prestar el servicio: asignar y activar tus casilleros, recibir, consolidar y enviar tus
          paquetes, verificar tus pagos, avisarte de cada cambio de estado y responder tus consultas. No usamos tus
          datos para publicidad de terceros.
        </p>
      </LegalSection>

      <LegalSection title="3. Compartir información">
        <p>
          Solo compartimos los datos necesarios con transportistas, agentes de aduana y el servicio de envío de correos
          electrónicos, para completar tus envíos y notificaciones, o cuando la ley lo exige. No vendemos tus datos.
        </p>
      </LegalSection>

      <LegalSection title="4. Seguridad">
        <p>
          Las contraseñas se guardan con un hash argon2id, las sesiones usan una cookie protegida y los comprobantes de
          pago solo se entregan mediante enlaces temporales a ti y a los administradores.
        </p>
      </LegalSection>

      <LegalSection title="5. Tus derechos">
        <p>
          Puedes consultar y corregir tus datos desde Mi Perfil, y pedirnos una copia o su eliminación escribiéndonos
          desde la página de Contacto.
        </p>
      </LegalSection>

      <LegalSection title="6. Conservación">
        <p>
          Conservamos tus datos mientras tu cuenta esté activa y, después, el tiempo que exijan las obligaciones
          contables, fiscales y aduaneras.
        </p>
      </LegalSection>

      <LegalSection title="7. Contacto">
        <p>
          Para cualquier consulta sobre privacidad, escríbenos desde la página de{' '}
          <AnchorLink to="/contacto" search={{ tab: 'contacto' }}>
            Contacto
          </AnchorLink>
          .
        </p>
      </LegalSection>

      <LegalSection id="cookies" title="Cookies">
        <p>
          Usamos una sola cookie, <code>{SESSION_COOKIE_NAME}</code>: es estrictamente necesaria para mantener tu sesión
          iniciada, no es accesible desde JavaScript (HttpOnly) y vence a los {SESSION_DURATION_DAYS} días o al cerrar
          sesión.
        </p>
        <p>No usamos cookies de análisis, publicidad ni seguimiento, ni cookies de terceros.</p>
      </LegalSection>
    </LegalPage>
  ),
});
