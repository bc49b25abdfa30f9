// /compra-asistida (docs/product/public-site.md#compra-asistida): the public page explaining the
// assisted purchase, prerendered. The route file stays light (the home's first JavaScript holds the
// route tree): the component, its texts and icons are split into the page's own chunk.
import { Card, Container, Group, List, SimpleGrid, Stack, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { COMPRA_PAGE } from '@casillero/shared';
import { ButtonLink } from '../components/links';
import { PageHero } from '../components/public/PageHero';
import { PageSection } from '../components/public/PageSection';
import { publicPageHead } from '../lib/site';
import { HeadingWithHint } from '../components/layout/HeadingWithHint';

export const Route = createFileRoute('/compra-asistida')({
  head: publicPageHead('/compra-asistida'),
  component: CompraAsistidaPage,
});

function Checks({ items }: { items: readonly string[] }) {
  return (
    <List spacing="xs" icon={<IconCheck size={16} color="var(--mantine-color-green-7)" aria-hidden />}>
      {items.map((t) => (
        <List.Item key={t}>{t}</List.Item>
      ))}
    </List>
  );
}

function CompraAsistidaPage() {
  return (
    <>
      <PageHero title={COMPRA_PAGE.title} subtitle={COMPRA_PAGE.subtitle}>
        <Group justify="center">
          <ButtonLink to="/dashboard/compras" search={{ nueva: true }} size="md">
            {COMPRA_PAGE.cta}
          </ButtonLink>
          <ButtonLink to="/registro" search={{ type: 'usa' }} size="md" variant="default">
            {COMPRA_PAGE.ctaNoAccount}
          </ButtonLink>
        </Group>
      </PageHero>
      <PageSection title={COMPRA_PAGE.stepsTitle} titleId="compra-pasos">
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 4 }}
          spacing="lg"
          component="ol"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {COMPRA_PAGE.steps.map((step, n) => (
            <Card key={step.title} withBorder radius="lg" padding="lg" component="li">
              <Stack gap="xs">
                <ThemeIcon radius="xl" size={36} aria-hidden>
                  {n + 1}
                </ThemeIcon>
                <HeadingWithHint order={3} title={step.title} hint={step.text} />
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </PageSection>
      <PageSection title={COMPRA_PAGE.feeTitle} titleId="compra-costos" band>
        <Container size="sm">
          <Checks items={COMPRA_PAGE.fee} />
        </Container>
      </PageSection>
      <PageSection title={COMPRA_PAGE.failTitle} titleId="compra-falla">
        <Container size="sm">
          <Checks items={COMPRA_PAGE.fail} />
        </Container>
      </PageSection>
    </>
  );
}
