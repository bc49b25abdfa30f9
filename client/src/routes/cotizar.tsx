import { createFileRoute } from '@tanstack/react-router';
import { QuotePage } from '../components/quote/QuotePage';
import { publicPageHead } from '../lib/site';

export const Route = createFileRoute('/cotizar')({
  head: publicPageHead('/cotizar'),
  component: () => <QuotePage origin="usa" />,
});
