import { Box, Button, Container, Group, Menu, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingStore,
  IconCalculator,
  IconChevronDown,
  IconPlane,
  IconSchool,
  IconShip,
} from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { ACTIVATION_COST_USD, DELIVERY_TIME, formatUsd } from '@casillero/shared';
import { MenuItemLink } from '../components/links';
import { BRAND_NAME, PLANNED_PAGES } from '../lib/site';
import classes from './-components/home.module.css';

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: `${BRAND_NAME} · Casilleros en Miami y China con envío a Venezuela` }] }),
  component: HomePage,
});

const HIGHLIGHTS = [
  {
    icon: IconPlane,
    title: 'Miami a Venezuela',
    text: `Casillero en Miami con envío aéreo en ${DELIVERY_TIME.usaAereo} o marítimo en ${DELIVERY_TIME.usaMaritimo}.`,
  },
  {
    icon: IconShip,
    title: 'China a Venezuela',
    text: `Casillero en Beijing para importar directo de fábrica, marítimo en ${DELIVERY_TIME.chinaMaritimo}.`,
  },
  {
    icon: IconSchool,
    title: 'Importador digital',
    text: 'Cursos y talleres para aprender a comprar, pagar y enviar desde USA y China.',
  },
] as const;

function HomePage() {
  return (
    <>
      <Box component="section" className={classes.hero}>
        <Container size="lg" py={{ base: 64, md: 96 }}>
          <Stack align="center" gap="lg" ta="center">
            <Title order={1} className={classes.title}>
              Compra en USA y China, recíbelo en Venezuela
            </Title>
            <Text size="xl" maw={720} className={classes.tagline}>
              Tu casillero virtual en Miami y Beijing: recibimos, consolidamos y enviamos tus compras por
              vía aérea o marítima, con seguimiento en cada paso.
            </Text>

            <Group justify="center" gap="md" mt="md">
              <Button component="a" href={PLANNED_PAGES.cotizar} size="md" variant="white" leftSection={<IconCalculator size={18} />}>
                Calcular Envío USA
              </Button>
              <Button component="a" href={PLANNED_PAGES.cotizarChina} size="md" variant="white" leftSection={<IconCalculator size={18} />}>
                Calcular Envío China
              </Button>
            </Group>

            <Group justify="center" gap="md">
              <Button component="a" href={PLANNED_PAGES.cursos} size="md" color="yellow" c="dark" leftSection={<IconSchool size={18} />}>
                Convertirme en Importador Digital
              </Button>
              <Menu position="bottom" withinPortal>
                <Menu.Target>
                  <Button
                    size="md"
                    variant="outline"
                    color="white"
                    leftSection={<IconBuildingStore size={18} />}
                    rightSection={<IconChevronDown size={16} />}
                  >
                    Crear Casillero
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <MenuItemLink to="/registro" search={{ type: 'usa' }}>
                    Casillero USA · {formatUsd(ACTIVATION_COST_USD.usa)}
                  </MenuItemLink>
                  <MenuItemLink to="/registro" search={{ type: 'china' }}>
                    Casillero China · {formatUsd(ACTIVATION_COST_USD.china)}
                  </MenuItemLink>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py={64}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
          {HIGHLIGHTS.map((item) => (
            <Stack key={item.title} gap="xs">
              <ThemeIcon size={44} radius="md" variant="light">
                <item.icon size={24} />
              </ThemeIcon>
              <Title order={3} size="h4">
                {item.title}
              </Title>
              <Text c="dimmed">{item.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
