import { createFileRoute } from '@tanstack/react-router';
import { QuotePage } from '../components/quote/QuotePage';
import { BRAND_NAME } from '../lib/site';

export const Route = createFileRoute('/cotizar-china')({
  head: () => ({ meta: [{ title: `Calculadora China · ${BRAND_NAME}` }] }),
  component: () => <QuotePage origin="china" />,
});
