import { createFileRoute } from '@tanstack/react-router';
import { TERMS_UPDATED_AT } from '@casillero/shared';
import { AnchorLink } from '../components/links';
import { BRAND_NAME, publicPageHead } from '../lib/site';
import { LegalPage, LegalSection } from './-components/LegalPage';

export const Route = createFileRoute('/terms')({
  head: publicPageHead('/terms'),
  component: () => (
    <LegalPage
      updatedAt={TERMS_UPDATED_AT}
      title="Términos de servicio"
      intro={`Estos términos regulan el uso de ${BRAND_NAME} y de los servicios que ofrecemos a través de este sitio.`}
    >
      <LegalSection title="1. Aceptación de los términos">
        <p>
          Al crear una cuenta o utilizar nuestros servicios aceptas estos términos. Si no estás de acuerdo con ellos, no
          utilices el sitio ni los servicios.
        </p>
      </LegalSection>

      <LegalSection title="2. Servicios ofrecidos">
        <ul>
          <li>Envíos internacionales y logística hacia Venezuela, por vía aérea y marítima.</li>
          <li>Casilleros virtuales en Miami (USA) y Beijing (China) para recibir y consolidar tus compras.</li>
          <li>Cursos y talleres de comercio e importación digital.</li>
          <li>Asesoría en importación y exportación.</li>
        </ul>
      </LegalSection>

      <LegalSection title="3. Responsabilidades del usuario">
        <ul>
          <li>
            Proporcionar información veraz y mantenerla actualizada, incluido el contenido y valor de cada paquete.
          </li>
          <li>Cumplir las normas aduaneras de los países de origen y de destino.</li>
          <li>Pagar a tiempo los servicios contratados.</li>
          <li>No usar los servicios para enviar mercancía ilegal o prohibida, ni para fines ilícitos.</li>
        </ul>
      </LegalSection>

      <LegalSection title="4. Limitación de responsabilidad">
        <p>
          Nuestra responsabilidad por pérdida o daño de un envío se limita al valor declarado del paquete. No
          respondemos por daños indirectos, lucro cesante ni demoras causadas por aduanas, transportistas o causas de
          fuerza mayor.
        </p>
      </LegalSection>

      <LegalSection title="5. Modificaciones">
        <p>
          Podemos modificar estos términos. Los cambios entran en vigor desde su publicación en esta página, con la
          fecha de actualización indicada arriba.
        </p>
      </LegalSection>

      <LegalSection title="6. Contacto">
        <p>
          Si tienes preguntas sobre estos términos, escríbenos desde la página de{' '}
          <AnchorLink to="/contacto" search={{ tab: 'contacto' }}>
            Contacto
          </AnchorLink>
          .
        </p>
      </LegalSection>
    </LegalPage>
  ),
});
