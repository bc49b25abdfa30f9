import { createFileRoute } from '@tanstack/react-router';
import { QuotePage } from '../components/quote/QuotePage';
import { pageHead } from '../lib/site';

export const Route = createFileRoute('/cotizar')({
  head: pageHead('Calculadora USA'),
  component: () => <QuotePage origin="usa" />,
});
