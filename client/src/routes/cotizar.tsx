import { createFileRoute } from '@tanstack/react-router';
import { QuotePage } from '../components/quote/QuotePage';
import { BRAND_NAME } from '../lib/site';

export const Route = createFileRoute('/cotizar')({
  head: () => ({ meta: [{ title: `Calculadora USA · ${BRAND_NAME}` }] }),
  component: () => <QuotePage origin="usa" />,
});
