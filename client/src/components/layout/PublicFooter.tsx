import { Anchor, Box, Button, Container, Divider, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { BRAND_NAME, PLANNED_PAGES } from '../../lib/site';
import { AnchorLink } from '../links';
import classes from './PublicFooter.module.css';

function FooterList({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={4} size="h5" c="white">
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
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py={48}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Text fw={800} size="lg" c="white">
              {BRAND_NAME}
            </Text>
            <Text size="sm" c="gray.4">
              Casilleros en Miami y Beijing, envíos aéreos y marítimos a Venezuela, y formación para
              convertirte en importador digital.
            </Text>
          </Stack>

          <FooterList title="Servicios">
            <List.Item>
              <Anchor href={PLANNED_PAGES.servicios} c="gray.4">
                Casillero en Miami (USA)
              </Anchor>
            </List.Item>
            <List.Item>
              <Anchor href={PLANNED_PAGES.servicios} c="gray.4">
                Casillero en Beijing (China)
              </Anchor>
            </List.Item>
            <List.Item>
              <Anchor href={PLANNED_PAGES.cotizar} c="gray.4">
                Calculadora USA
              </Anchor>
            </List.Item>
            <List.Item>
              <Anchor href={PLANNED_PAGES.cotizarChina} c="gray.4">
                Calculadora China
              </Anchor>
            </List.Item>
          </FooterList>

          <FooterList title="Educación">
            <List.Item>
              <Anchor href={PLANNED_PAGES.cursos} c="gray.4">
                Cursos de importación digital
              </Anchor>
            </List.Item>
            <List.Item>
              <Anchor href={PLANNED_PAGES.cursos} c="gray.4">
                Talleres presenciales
              </Anchor>
            </List.Item>
            <List.Item>
              <Anchor href={PLANNED_PAGES.contacto} c="gray.4">
                Asesoría personalizada 1 a 1
              </Anchor>
            </List.Item>
          </FooterList>

          <FooterList title="Contacto">
            <List.Item>Oficinas en Caracas, Miami y Shanghai</List.Item>
            <List.Item>Lunes a viernes, 8:00 a 18:00 (GMT-4)</List.Item>
            <List.Item>Sábados, 9:00 a 14:00 (GMT-4)</List.Item>
            <List.Item mt="xs">
              <Button
                component="a"
                href={PLANNED_PAGES.contacto}
                size="xs"
                variant="white"
                leftSection={<IconMessageCircle size={14} />}
              >
                Contáctanos
              </Button>
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
