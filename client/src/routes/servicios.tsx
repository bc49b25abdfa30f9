import { Badge, Card, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalculator, IconCheck, IconHeadset, IconMapPin, IconReceipt2, IconRoute } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { COMPRA_PAGE, formatUsdFromCents, SERVICE_LOCKERS, SERVICE_REASONS } from '@casillero/shared';
import { ButtonLink } from '../components/links';
import { FeatureIcon } from '../components/public/FeatureIcon';
import { PageHero } from '../components/public/PageHero';
import { PageSection } from '../components/public/PageSection';
import { publicPageHead } from '../lib/site';
import { usePriceList } from '../lib/prices';

export const Route = createFileRoute('/servicios')({
  head: publicPageHead('/servicios'),
  component: ServicesPage,
});

const REASON_ICONS = [IconReceipt2, IconRoute, IconHeadset];

function LockerCard({
  locker,
  to,
  type,
}: {
  locker: (typeof SERVICE_LOCKERS)['usa' | 'china'];
  to: '/cotizar' | '/cotizar-china';
  type: 'usa' | 'china';
}) {
  const priceList = usePriceList();
  return (
    <Card withBorder radius="lg" padding="xl" component="article">
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <FeatureIcon icon={IconMapPin} size={44} />
            <Title order={2} size="h3">
              {locker.title}
            </Title>
          </Group>
          <Badge variant="light" size="lg">
            Activación {formatUsdFromCents(locker.activationUsdCents)}
          </Badge>
        </Group>
        <Text c="dimmed">{locker.summary}</Text>
        <List spacing="xs" icon={<IconCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />} center>
          {locker.benefits.map((b) => (
            <List.Item key={b}>{b}</List.Item>
          ))}
          <List.Item>{priceList ? locker.rate(priceList.prices) : locker.rateLoading}</List.Item>
        </List>
        <Group mt="auto" gap="sm">
          <ButtonLink to={to} leftSection={<IconCalculator size={18} />}>
            Calcular envío
          </ButtonLink>
          <ButtonLink to="/registro" search={{ type }} variant="light">
            Crear casillero
          </ButtonLink>
        </Group>
      </Stack>
    </Card>
  );
}

function ServicesPage() {
  return (
    <>
      <PageHero
        title="Nuestros servicios"
        subtitle="Casilleros virtuales en Miami y Beijing, consolidación de paquetes y envíos aéreos y marítimos hasta Venezuela."
      />
      <Container size="lg" py={48}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <LockerCard locker={SERVICE_LOCKERS.usa} to="/cotizar" type="usa" />
          <LockerCard locker={SERVICE_LOCKERS.china} to="/cotizar-china" type="china" />
        </SimpleGrid>
      </Container>

      <Container size="lg" pb={48}>
        <Card withBorder radius="lg" padding="xl" component="article">
          <Group justify="space-between" align="center" gap="md">
            <Stack gap={4} maw={640}>
              <Title order={2} size="h3">
                {COMPRA_PAGE.title}
              </Title>
              <Text c="dimmed">{COMPRA_PAGE.subtitle}</Text>
            </Stack>
            <ButtonLink to="/compra-asistida" variant="light">
              Cómo funciona la compra asistida
            </ButtonLink>
          </Group>
        </Card>
      </Container>

      <PageSection title="¿Por qué elegirnos?" band>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
          {SERVICE_REASONS.map((reason, i) => (
            <Stack key={reason.title} gap="xs" align="center" ta="center">
              <FeatureIcon icon={REASON_ICONS[i]} size={48} radius="xl" />
              <Title order={3} size="h4">
                {reason.title}
              </Title>
              <Text c="dimmed">{reason.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </PageSection>

      <Container size="lg" py={48}>
        <Stack align="center" gap="md" ta="center">
          <Title order={2}>¿Listo para tu primera compra?</Title>
          <Group justify="center">
            <ButtonLink to="/registro" search={{ type: 'usa' }} size="md">
              Crear mi casillero
            </ButtonLink>
            <ButtonLink to="/contacto" search={{ tab: 'contacto' }} size="md" variant="default">
              Hablar con un asesor
            </ButtonLink>
          </Group>
        </Stack>
      </Container>
    </>
  );
}
