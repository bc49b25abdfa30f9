import { Container } from '@mantine/core';
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
        <Calculator />
      </Container>
    </>
  );
}
