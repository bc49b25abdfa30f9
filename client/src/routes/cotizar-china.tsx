import { createFileRoute } from '@tanstack/react-router';
import { QuotePage } from '../components/quote/QuotePage';
import { pageHead } from '../lib/site';

export const Route = createFileRoute('/cotizar-china')({
  head: pageHead('Calculadora China'),
  component: () => <QuotePage origin="china" />,
});
