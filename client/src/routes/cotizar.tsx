import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageHero } from '../components/public/PageHero';
import { UsaQuoteCalculator } from '../components/quote/UsaQuoteCalculator';
import { BRAND_NAME } from '../lib/site';

export const Route = createFileRoute('/cotizar')({
  head: () => ({ meta: [{ title: `Calculadora USA · ${BRAND_NAME}` }] }),
  component: QuoteUsaPage,
});

function QuoteUsaPage() {
  return (
    <>
      <PageHero
        title="Calculadora de envío USA → Venezuela"
        subtitle="Escribe el peso y las medidas de tu paquete: compara al instante el envío aéreo y el marítimo desde Miami."
      />
      <Container size="lg" py={48}>
        <UsaQuoteCalculator />
      </Container>
    </>
  );
}
