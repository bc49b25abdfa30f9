// /admin/aliados (docs/product/allies.md): the allies; the administrator's.
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../lib/site';
import { AlliesScreen } from './-components/allies/AlliesScreen';

export const Route = createFileRoute('/admin/aliados')({
  head: pageHead('Aliados'),
  component: AlliesScreen,
});
