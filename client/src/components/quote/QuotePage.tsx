import { Box, Container } from '@mantine/core';
import { DeparturePromise } from '../departures/DeparturePromise';
import { PageHero } from '../public/PageHero';
import { ChinaQuoteCalculator } from './ChinaQuoteCalculator';
import { UsaQuoteCalculator } from './UsaQuoteCalculator';

const QUOTE_PAGES = {
  usa: {
    title: 'Calculadora de envío USA → Venezuela',
    subtitle:
      'Escribe el peso y las medidas de tu paquete: compara al instante el envío aéreo y el marítimo desde Miami.',
    Calculator: UsaQuoteCalculator,
  },
  china: {
    title: 'Calculadora de envío China → Venezuela',
    subtitle: 'Envío marítimo por volumen (CBM): escribe las medidas de tu carga y obtén el costo al instante.',
    Calculator: ChinaQuoteCalculator,
  },
};

/** A public calculator page (/cotizar, /cotizar-china): the hero band and the calculator. */
export function QuotePage({ origin }: { origin: keyof typeof QUOTE_PAGES }) {
  const { title, subtitle, Calculator } = QUOTE_PAGES[origin];
  return (
    <>
      <PageHero title={title} subtitle={subtitle} />
      <Container size="lg" py={48}>
        {/* The promise before it ships: the next departure from this warehouse (docs/product/departures.md). */}
        <Box mb="lg">
          <DeparturePromise origin={origin === 'usa' ? 'miami' : 'china'} />
        </Box>
        <Calculator />
      </Container>
    </>
  );
}
