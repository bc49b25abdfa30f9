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
  /** Sub-path under /dashboard. */
  path: string;
  /** Set once the page exists; items without a route are not shown yet. */
  to?: LinkProps['to'];
};

/** The client area's pages, in the order of the navigation (docs/product/customer-area.md#navigation). */
export const DASHBOARD_NAV: readonly DashboardNavItem[] = [
  { label: 'Mi Perfil', icon: IconUser, path: 'mi-perfil', to: '/dashboard/mi-perfil' },
  { label: 'Mis Casilleros', icon: IconMailbox, path: 'mis-casilleros', to: '/dashboard/mis-casilleros' },
  { label: 'Prealertas', icon: IconInbox, path: 'prealertas', to: '/dashboard/prealertas' },
  { label: 'Mis Trackings', icon: IconTruckDelivery, path: 'mis-trackings', to: '/dashboard/mis-trackings' },
  { label: 'Almacén', icon: IconBuildingWarehouse, path: 'almacen', to: '/dashboard/almacen' },
  { label: 'Envíos', icon: IconTruck, path: 'envios', to: '/dashboard/envios' },
  { label: 'Facturas', icon: IconFileInvoice, path: 'facturas', to: '/dashboard/facturas' },
  { label: 'Reempaques', icon: IconPackages, path: 'reempaques', to: '/dashboard/reempaques' },
  { label: 'Compras', icon: IconShoppingCart, path: 'compras', to: '/dashboard/compras' },
  { label: 'Reclamos', icon: IconMessageReport, path: 'reclamos', to: '/dashboard/reclamos' },
  { label: 'Notificaciones', icon: IconBell, path: 'notificaciones', to: '/dashboard/notificaciones' },
  { label: 'Calculadora', icon: IconCalculator, path: 'calculadora', to: '/dashboard/calculadora' },
  { label: 'Configuración', icon: IconSettings, path: 'configuracion', to: '/dashboard/configuracion' },
];

export function DashboardNav() {
  return (
    <Stack gap={2}>
      {DASHBOARD_NAV.map(
        (item) =>
          item.to && (
            <NavLinkLink key={item.path} to={item.to} label={item.label} leftSection={<item.icon size={18} />} />
          ),
      )}
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
