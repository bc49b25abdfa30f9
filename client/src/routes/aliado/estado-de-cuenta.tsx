// /aliado/estado-de-cuenta (docs/product/allies.md): Estado de cuenta, the ally's own customers' only.
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/site';
import { StatementScreen } from './-components/StatementScreen';

export const Route = createFileRoute('/aliado/estado-de-cuenta')({
  head: pageHead('Estado de cuenta'),
  component: StatementScreen,
});
