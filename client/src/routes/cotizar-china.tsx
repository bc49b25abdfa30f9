import { createFileRoute } from '@tanstack/react-router';
import { QuotePage } from '../components/quote/QuotePage';
import { pageHead } from '../lib/site';

export const Route = createFileRoute('/cotizar-china')({
  head: pageHead(
    'Calculadora China',
    'Calcula cuánto cuesta traer tu compra desde China a Venezuela, según su peso y medidas.',
  ),
  component: () => <QuotePage origin="china" />,
});
