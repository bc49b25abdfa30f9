// /aliado/paquetes (docs/product/allies.md): Paquetes, the ally's own customers' only.
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/site';
import { ParcelsScreen } from './-components/ActivityScreens';

export const Route = createFileRoute('/aliado/paquetes')({
  head: pageHead('Paquetes'),
  component: ParcelsScreen,
});
