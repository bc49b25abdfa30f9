import { Divider, Stack } from '@mantine/core';
import {
  IconBell,
  IconBoxMultiple,
  IconChartBar,
  IconCreditCard,
  IconInbox,
  IconLayoutDashboard,
  IconPackage,
  IconRadar,
  IconTruck,
  IconUser,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { LinkProps } from '@tanstack/react-router';
import { NavLinkLink } from '../../../components/links';

type AdminNavItem = {
  label: string;
  icon: Icon;
  /** The item's address (admin spec §2). */
  path: string;
  description?: string;
  /** Set once the page exists; items without a route are not shown yet. */
  to?: LinkProps['to'];
  /** Dashboard is active only on an exact match; the others on a prefix. */
  exact?: boolean;
};

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { label: 'Dashboard', icon: IconLayoutDashboard, path: '/admin', to: '/admin', exact: true },
  { label: 'Trackings', icon: IconRadar, path: '/admin/trackings', to: '/admin/trackings', description: 'God Mode Panel' },
  { label: 'Prealartas', icon: IconInbox, path: '/admin/prealartas', to: '/admin/prealartas' },
  { label: 'Clientes', icon: IconUsers, path: '/admin/clientes', to: '/admin/clientes' },
  { label: 'Paquetes', icon: IconPackage, path: '/admin/paquetes', to: '/admin/paquetes' },
  { label: 'Reempaques', icon: IconBoxMultiple, path: '/admin/reempaques', to: '/admin/reempaques' },
  { label: 'Envios', icon: IconTruck, path: '/admin/envios', to: '/admin/envios' },
  { label: 'Notificaciones', icon: IconBell, path: '/admin/notificaciones', to: '/admin/notificaciones' },
  { label: 'Pagos', icon: IconCreditCard, path: '/admin/pagos', to: '/admin/pagos' },
  { label: 'Reportes', icon: IconChartBar, path: '/admin/reportes', to: '/admin/reportes' },
];

export function AdminNav() {
  return (
    <Stack gap={2}>
      {ADMIN_NAV.map(
        (item) =>
          item.to && (
            <NavLinkLink
              key={item.path}
              to={item.to}
              label={item.label}
              description={item.description}
              leftSection={<item.icon size={18} />}
              activeOptions={{ exact: item.exact ?? false }}
            />
          ),
      )}
    </Stack>
  );
}

export function AdminNavFooter() {
  return (
    <>
      <Divider mb="sm" />
      <NavLinkLink to="/dashboard/mi-perfil" label="Panel Cliente" leftSection={<IconUser size={18} />} />
    </>
  );
}
