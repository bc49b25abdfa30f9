// /aliado/facturas (docs/product/allies.md): Facturas, the ally's own customers' only.
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/site';
import { InvoicesScreen } from './-components/ActivityScreens';

export const Route = createFileRoute('/aliado/facturas')({
  head: pageHead('Facturas'),
  component: InvoicesScreen,
});
