import { Box, Card, Container, Grid, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBuildingStore,
  IconCalculator,
  IconCertificate,
  IconCircleCheck,
  IconSchool,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import {
  ACTIVATION_COST_USD_CENTS,
  CREDENTIALS,
  formatUsdFromCents,
  HOME_STATS,
  HOME_TESTIMONIALS,
  INSTRUCTOR,
  PUBLIC_TRACKING_MESSAGES,
} from '@casillero/shared';
import { ButtonLink } from '../components/links';
import { DropdownLink } from '../components/public/DropdownLink';
import { FeatureIcon } from '../components/public/FeatureIcon';
import { NavDropdown } from '../components/public/NavDropdown';
import { PageHero } from '../components/public/PageHero';
import { PageSection, laterSectionClass } from '../components/public/PageSection';
import { StatGrid } from '../components/public/StatGrid';
import { TestimonialGrid } from '../components/public/TestimonialCard';
import { BRAND_NAME, SITE_DESCRIPTION, pageHead } from '../lib/site';
import { TrackingSearchForm } from './-components/tracking/TrackingSearchForm';

export const Route = createFileRoute('/')({
  head: pageHead(`${BRAND_NAME} · Casilleros en Miami y China con envío a Venezuela`, SITE_DESCRIPTION, {
    fullTitle: true,
  }),
  component: HomePage,
});

const QUICK_CARDS = [
  {
    icon: IconCalculator,
    title: 'Cotizar Envío',
    text: 'Calcula al instante tu envío aéreo o marítimo desde Miami o China.',
    to: '/cotizar',
  },
  {
    icon: IconTruckDelivery,
    title: 'Servicios',
    text: 'Casilleros en Miami y Beijing, consolidación y envío a toda Venezuela.',
    to: '/servicios',
  },
  {
    icon: IconSchool,
    title: 'Cursos IA',
    text: 'Aprende a importar con inteligencia artificial: proveedores, pagos y envíos.',
    to: '/cursos',
  },
] as const;

function Hero() {
  return (
    <PageHero
      large
      title="Compra en USA y China, recíbelo en Venezuela"
      subtitle="Tu casillero virtual en Miami y Beijing: recibimos, consolidamos y enviamos tus compras por vía aérea o marítima, con seguimiento en cada paso."
    >
      <Group justify="center" gap="md" mt="md">
        <ButtonLink to="/cotizar" size="md" variant="white" leftSection={<IconCalculator size={18} />}>
          Calcular Envío USA
        </ButtonLink>
        <ButtonLink to="/cotizar-china" size="md" variant="white" leftSection={<IconCalculator size={18} />}>
          Calcular Envío China
        </ButtonLink>
      </Group>

      <Group justify="center" gap="md">
        <ButtonLink to="/cursos" size="md" color="yellow" c="dark" leftSection={<IconSchool size={18} />}>
          Convertirme en Importador Digital
        </ButtonLink>
        <NavDropdown
          label="Crear Casillero"
          align="center"
          buttonProps={{ size: 'md', variant: 'outline', color: 'white', leftSection: <IconBuildingStore size={18} /> }}
        >
          <DropdownLink to="/registro" search={{ type: 'usa' }}>
            Casillero USA · {formatUsdFromCents(ACTIVATION_COST_USD_CENTS.usa)}
          </DropdownLink>
          <DropdownLink to="/registro" search={{ type: 'china' }}>
            Casillero China · {formatUsdFromCents(ACTIVATION_COST_USD_CENTS.china)}
          </DropdownLink>
        </NavDropdown>
      </Group>

      {/* Anyone with a tracking or WR number follows the parcel at /rastreo/<número>, signed in or not. */}
      <Stack component="section" aria-labelledby="rastreo-inicio" gap={4} align="center" w="100%" mt="lg">
        <Title order={2} size="h3" id="rastreo-inicio" c="white">
          {PUBLIC_TRACKING_MESSAGES.homeTitle}
        </Title>
        <Text c="white" size="sm">
          {PUBLIC_TRACKING_MESSAGES.homeText}
        </Text>
        <TrackingSearchForm id="numero-rastreo-inicio" inverted />
      </Stack>

      {/* Below a phone's first screen: laid out as they come near it. */}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mt="xl" w="100%" className={laterSectionClass}>
        {QUICK_CARDS.map((card) => (
          <Card key={card.title} radius="lg" padding="lg" ta="left" component="article">
            <Stack gap="xs">
              <FeatureIcon icon={card.icon} size={40} />
              <Title order={2} size="h4">
                {card.title}
              </Title>
              <Text size="sm" c="dimmed">
                {card.text}
              </Text>
              <ButtonLink
                to={card.to}
                variant="light"
                size="xs"
                w="fit-content"
                aria-label={`Ver más sobre ${card.title}`}
              >
                Ver más
              </ButtonLink>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>

      <Box mt="xl" w="100%" aria-label="Nuestros números" component="section" className={laterSectionClass}>
        <StatGrid stats={HOME_STATS} inverted />
      </Box>
    </PageHero>
  );
}

function AboutInstructor() {
  return (
    <Container size="lg" py={64} component="section" aria-labelledby="sobre-instructor" className={laterSectionClass}>
      <Grid gap="xl" align="center">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Box ta="center">
            <img
              src="/illustrations/instructor.svg"
              width={320}
              height={320}
              loading="lazy"
              decoding="async"
              alt=""
              style={{ maxWidth: '100%', height: 'auto' }}
            />
          </Box>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Text tt="uppercase" fw={700} size="sm" c="indigo.7">
              Conoce a tu instructor
            </Text>
            <Title order={2} id="sobre-instructor">
              {INSTRUCTOR.name}
            </Title>
            <Text fw={600}>{INSTRUCTOR.role}</Text>
            {INSTRUCTOR.bio.map((p) => (
              <Text key={p} c="dimmed">
                {p}
              </Text>
            ))}
            <StatGrid stats={INSTRUCTOR.highlights} />
            <Group>
              <ButtonLink to="/cursos" leftSection={<IconSchool size={18} />}>
                Ver cursos
              </ButtonLink>
              <ButtonLink to="/contacto" variant="default">
                Agendar asesoría
              </ButtonLink>
            </Group>
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

function Credentials() {
  return (
    <Container size="md" py={64} component="section" aria-labelledby="credenciales" className={laterSectionClass}>
      <Stack gap="lg" align="center">
        <FeatureIcon icon={IconCertificate} size={48} radius="xl" />
        <Title order={2} ta="center" id="credenciales">
          Experiencia que respalda tus envíos
        </Title>
        <List spacing="sm" icon={<IconCircleCheck size={20} color="var(--mantine-color-green-7)" aria-hidden />} center>
          {CREDENTIALS.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
        <ButtonLink to="/registro" search={{ type: 'usa' }} size="md" mt="md">
          Crear mi casillero
        </ButtonLink>
      </Stack>
    </Container>
  );
}

function HomePage() {
  return (
    <>
      <Hero />
      <AboutInstructor />
      <PageSection title="Lo que dicen nuestros clientes" titleId="testimonios" band py={64}>
        <TestimonialGrid testimonials={HOME_TESTIMONIALS} columns={3} />
      </PageSection>
      <Credentials />
    </>
  );
}
