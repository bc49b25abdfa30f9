// /aliado/envios (docs/product/allies.md): Envíos, the ally's own customers' only.
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/site';
import { ShipmentsScreen } from './-components/ActivityScreens';

export const Route = createFileRoute('/aliado/envios')({
  head: pageHead('Envíos'),
  component: ShipmentsScreen,
});
