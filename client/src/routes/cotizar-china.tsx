import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageHero } from '../components/public/PageHero';
import { ChinaQuoteCalculator } from '../components/quote/ChinaQuoteCalculator';
import { BRAND_NAME } from '../lib/site';

export const Route = createFileRoute('/cotizar-china')({
  head: () => ({ meta: [{ title: `Calculadora China · ${BRAND_NAME}` }] }),
  component: QuoteChinaPage,
});

function QuoteChinaPage() {
  return (
    <>
      <PageHero
        title="Calculadora de envío China → Venezuela"
        subtitle="Envío marítimo por volumen (CBM): escribe las medidas de tu carga y obtén el costo al instante."
      />
      <Container size="lg" py={48}>
        <ChinaQuoteCalculator />
      </Container>
    </>
  );
}
