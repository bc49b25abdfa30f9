import { Divider, Stack } from '@mantine/core';
import {
  IconBell,
  IconBuildingWarehouse,
  IconCalculator,
  IconFileInvoice,
  IconHome,
  IconInbox,
  IconMailbox,
  IconMessageReport,
  IconPackages,
  IconSettings,
  IconShoppingCart,
  IconTruck,
  IconTruckDelivery,
  IconUser,
  type Icon,
} from '@tabler/icons-react';
import type { LinkProps } from '@tanstack/react-router';
import { NavLinkLink } from '../../../components/links';

type DashboardNavItem = {
  label: string;
  icon: Icon;
  to: LinkProps['to'];
};

/** The client area's pages, in the order of the navigation (docs/product/customer-area.md#navigation). */
export const DASHBOARD_NAV: readonly DashboardNavItem[] = [
  { label: 'Mi Perfil', icon: IconUser, to: '/dashboard/mi-perfil' },
  { label: 'Mis Casilleros', icon: IconMailbox, to: '/dashboard/mis-casilleros' },
  { label: 'Prealertas', icon: IconInbox, to: '/dashboard/prealertas' },
  { label: 'Mis Trackings', icon: IconTruckDelivery, to: '/dashboard/mis-trackings' },
  { label: 'Almacén', icon: IconBuildingWarehouse, to: '/dashboard/almacen' },
  { label: 'Envíos', icon: IconTruck, to: '/dashboard/envios' },
  { label: 'Facturas', icon: IconFileInvoice, to: '/dashboard/facturas' },
  { label: 'Reempaques', icon: IconPackages, to: '/dashboard/reempaques' },
  { label: 'Compras', icon: IconShoppingCart, to: '/dashboard/compras' },
  { label: 'Reclamos', icon: IconMessageReport, to: '/dashboard/reclamos' },
  { label: 'Notificaciones', icon: IconBell, to: '/dashboard/notificaciones' },
  { label: 'Calculadora', icon: IconCalculator, to: '/dashboard/calculadora' },
  { label: 'Configuración', icon: IconSettings, to: '/dashboard/configuracion' },
];

export function DashboardNav() {
  return (
    <Stack gap={2}>
      {DASHBOARD_NAV.map((item) => (
        <NavLinkLink key={item.to} to={item.to} label={item.label} leftSection={<item.icon size={18} />} />
      ))}
    </Stack>
  );
}

export function DashboardNavFooter() {
  return (
    <>
      <Divider mb="sm" />
      <NavLinkLink to="/" label="Ir al inicio" leftSection={<IconHome size={18} />} activeOptions={{ exact: true }} />
    </>
  );
}
