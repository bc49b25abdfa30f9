// /aliado/ (docs/product/allies.md): Mis clientes, the ally's own customers' only.
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/site';
import { CustomersScreen } from './-components/CustomersScreen';

export const Route = createFileRoute('/aliado/')({
  head: pageHead('Mis clientes'),
  component: CustomersScreen,
});
