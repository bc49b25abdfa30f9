import { Box, Container, Divider, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { CONTACT_INFO } from '@casillero/shared';
import { BRAND_NAME } from '../../lib/site';
import { AnchorLink, ButtonLink } from '../links';
import { laterSectionClass } from '../public/PageSection';
import classes from './PublicFooter.module.css';

function FooterList({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h5" c="white">
        {title}
      </Title>
      <List listStyleType="none" spacing={6} size="sm" c="gray.4">
        {children}
      </List>
    </Stack>
  );
}

export function PublicFooter() {
  const year = new Date().getFullYear();
  return (
    // Below the first screen on most pages: laid out as it comes near.
    <Box component="footer" className={`${classes.footer} ${laterSectionClass}`}>
      <Container size="xl" py={48}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Text fw={800} size="lg" c="white">
              {BRAND_NAME}
            </Text>
            <Text size="sm" c="gray.4">
              Casilleros en Miami y Beijing, envíos aéreos y marítimos a Venezuela, y formación para convertirte en
              importador digital.
            </Text>
          </Stack>

          <FooterList title="Servicios">
            <List.Item>
              <AnchorLink to="/servicios" c="gray.4">
                Casillero en Miami (USA)
              </AnchorLink>
            </List.Item>
            <List.Item>
              <AnchorLink to="/servicios" c="gray.4">
                Casillero en Beijing (China)
              </AnchorLink>
            </List.Item>
            <List.Item>
              <AnchorLink to="/compra-asistida" c="gray.4">
                Compra asistida
              </AnchorLink>
            </List.Item>
            <List.Item>
              <AnchorLink to="/cotizar" c="gray.4">
                Calculadora USA
              </AnchorLink>
            </List.Item>
            <List.Item>
              <AnchorLink to="/cotizar-china" c="gray.4">
                Calculadora China
              </AnchorLink>
            </List.Item>
          </FooterList>

          <FooterList title="Educación">
            <List.Item>
              <AnchorLink to="/cursos" hash="cursos" c="gray.4">
                Cursos de importación digital
              </AnchorLink>
            </List.Item>
            <List.Item>
              <AnchorLink to="/cursos" hash="cursos" c="gray.4">
                Talleres presenciales
              </AnchorLink>
            </List.Item>
            <List.Item>
              <AnchorLink to="/contacto" c="gray.4">
                Asesoría personalizada 1 a 1
              </AnchorLink>
            </List.Item>
          </FooterList>

          <FooterList title="Contacto">
            <List.Item>Oficinas en Caracas, Miami y Shanghai</List.Item>
            {CONTACT_INFO.hours.map((h) => (
              <List.Item key={h}>{h}</List.Item>
            ))}
            <List.Item>{CONTACT_INFO.timezone}</List.Item>
            <List.Item mt="xs">
              <ButtonLink
                to="/contacto"
                search={{ tab: 'contacto' }}
                size="xs"
                variant="white"
                leftSection={<IconMessageCircle size={14} />}
              >
                Contáctanos
              </ButtonLink>
            </List.Item>
          </FooterList>
        </SimpleGrid>

        <Divider my="xl" color="dark.4" />

        <Group justify="space-between" gap="sm">
          <Text size="sm" c="gray.5">
            © {year} {BRAND_NAME}. Todos los derechos reservados.
          </Text>
          <Group gap="lg" component="nav" aria-label="Información legal">
            <AnchorLink to="/privacy" size="sm" c="gray.4">
              Privacidad
            </AnchorLink>
            <AnchorLink to="/terms" size="sm" c="gray.4">
              Términos
            </AnchorLink>
            <AnchorLink to="/privacy" hash="cookies" size="sm" c="gray.4">
              Cookies
            </AnchorLink>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
