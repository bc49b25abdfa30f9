import { createFileRoute } from '@tanstack/react-router';
import { QuotePage } from '../components/quote/QuotePage';
import { pageHead } from '../lib/site';

export const Route = createFileRoute('/cotizar')({
  head: pageHead(
    'Calculadora USA',
    'Calcula cuánto cuesta traer tu paquete desde Miami a Venezuela por vía aérea o marítima, según su peso y medidas.',
  ),
  component: () => <QuotePage origin="usa" />,
});
