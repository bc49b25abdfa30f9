import { Divider, Stack } from '@mantine/core';
import {
  IconBarcode,
  IconBell,
  IconBuildingBank,
  IconBoxMultiple,
  IconChartBar,
  IconHistory,
  IconCreditCard,
  IconCurrencyDollar,
  IconFileImport,
  IconInbox,
  IconLayoutDashboard,
  IconPackage,
  IconPackageOff,
  IconRadar,
  IconPlane,
  IconTruck,
  IconUser,
  IconUserShield,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { LinkProps } from '@tanstack/react-router';
import { can, type Permission } from '@casillero/shared';
import { NavLinkLink } from '../../../components/links';

type AdminNavItem = {
  label: string;
  icon: Icon;
  /** The item's address (docs/product/admin-area.md#navigation). */
  path: string;
  description?: string;
  /** Set once the page exists; items without a route are not shown yet. */
  to?: LinkProps['to'];
  /** Dashboard is active only on an exact match; the others on a prefix. */
  exact?: boolean;
  /** What the role must hold to use the screen (shared/src/permissions.ts); none: every staff role. */
  permission?: Permission;
};

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { label: 'Dashboard', icon: IconLayoutDashboard, path: '/admin', to: '/admin', exact: true },
  {
    label: 'Trackings',
    icon: IconRadar,
    path: '/admin/trackings',
    to: '/admin/trackings',
    description: 'God Mode Panel',
    permission: 'trackings.read',
  },
  {
    label: 'Prealartas',
    icon: IconInbox,
    path: '/admin/prealartas',
    to: '/admin/prealartas',
    permission: 'prealerts.read',
  },
  { label: 'Clientes', icon: IconUsers, path: '/admin/clientes', to: '/admin/clientes', permission: 'clients.read' },
  { label: 'Paquetes', icon: IconPackage, path: '/admin/paquetes', to: '/admin/paquetes', permission: 'packages.read' },
  {
    label: 'Recepción',
    icon: IconBarcode,
    path: '/admin/recepcion',
    to: '/admin/recepcion',
    permission: 'packages.write',
  },
  {
    label: 'Sin dueño',
    icon: IconPackageOff,
    path: '/admin/sin-dueno',
    to: '/admin/sin-dueno',
    permission: 'packages.write',
  },
  {
    label: 'Importar',
    icon: IconFileImport,
    path: '/admin/importar',
    to: '/admin/importar',
    permission: 'packages.write',
  },
  {
    label: 'Reempaques',
    icon: IconBoxMultiple,
    path: '/admin/reempaques',
    to: '/admin/reempaques',
    permission: 'repacks.read',
  },
  { label: 'Envios', icon: IconTruck, path: '/admin/envios', to: '/admin/envios', permission: 'shipments.read' },
  {
    label: 'Despachos',
    icon: IconPlane,
    path: '/admin/despachos',
    to: '/admin/despachos',
    permission: 'departures.read',
  },
  {
    label: 'Notificaciones',
    icon: IconBell,
    path: '/admin/notificaciones',
    to: '/admin/notificaciones',
    permission: 'notifications.read',
  },
  { label: 'Pagos', icon: IconCreditCard, path: '/admin/pagos', to: '/admin/pagos', permission: 'payments.read' },
  {
    label: 'Conciliación',
    icon: IconBuildingBank,
    path: '/admin/conciliacion',
    to: '/admin/conciliacion',
    permission: 'payments.write',
  },
  { label: 'Tasas', icon: IconCurrencyDollar, path: '/admin/tasas', to: '/admin/tasas', permission: 'payments.read' },
  { label: 'Reportes', icon: IconChartBar, path: '/admin/reportes', to: '/admin/reportes', permission: 'reports.read' },
  {
    label: 'Personal',
    icon: IconUserShield,
    path: '/admin/personal',
    to: '/admin/personal',
    permission: 'staff.manage',
  },
  { label: 'Auditoría', icon: IconHistory, path: '/admin/auditoria', to: '/admin/auditoria', permission: 'audit.read' },
];

/** The permission a screen of the admin area needs, by its path (the longest matching item). */
export function permissionForPath(pathname: string): Permission | undefined {
  const item = ADMIN_NAV.filter((i) => !i.exact && (pathname === i.path || pathname.startsWith(`${i.path}/`))).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
  return item?.permission;
}

/** The screens the signed-in role may use. */
export function AdminNav({ role }: { role: string }) {
  return (
    <Stack gap={2}>
      {ADMIN_NAV.map(
        (item) =>
          item.to &&
          (!item.permission || can(role, item.permission)) && (
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
