import { Collapse, Divider, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  IconReceipt2,
  IconShieldCheck,
  IconCertificate,
  IconBarcode,
  IconBell,
  IconMessageReport,
  IconShoppingCart,
  IconBuildingBank,
  IconBuildingStore,
  IconBoxMultiple,
  IconBrandWhatsapp,
  IconBook2,
  IconChartBar,
  IconChevronDown,
  IconHistory,
  IconCreditCard,
  IconCurrencyDollar,
  IconFileImport,
  IconInbox,
  IconLayoutDashboard,
  IconPackage,
  IconPackageOff,
  IconSearch,
  IconRadar,
  IconPlane,
  IconTruck,
  IconUser,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { type LinkProps, useLocation } from '@tanstack/react-router';
import { can, type Permission } from '@casillero/shared';
import { NavLinkLink } from '../../../components/links';

/**
 * The menu's groups, in order: at 1366×768 every screen must be in sight without scrolling, so
 * the entries are compact and grouped under a heading instead of each carrying a description.
 */
const ADMIN_NAV_GROUPS = ['Clientes', 'Almacén', 'Dinero', 'Administración'] as const;
type AdminNavGroup = (typeof ADMIN_NAV_GROUPS)[number];

type AdminNavItem = {
  label: string;
  /** The heading it sits under; none: above the groups (Panel). */
  group?: AdminNavGroup;
  /** In the menu of these roles only (others with the permission still open its address). */
  menuFor?: readonly string[];
  icon: Icon;
  /** The item's address (docs/product/admin-area.md#navigation). */
  path: string;
  description?: string;
  /** Set once the page exists; items without a route are not shown yet. */
  to?: LinkProps['to'];
  /** Panel is active only on an exact match; the others on a prefix. */
  exact?: boolean;
  /** What the role must hold to use the screen (shared/src/permissions.ts); none: every staff role. */
  permission?: Permission;
};

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { label: 'Panel', icon: IconLayoutDashboard, path: '/admin', to: '/admin', exact: true },
  {
    label: 'Trackings',
    group: 'Clientes',
    icon: IconRadar,
    path: '/admin/trackings',
    to: '/admin/trackings',
    permission: 'trackings.read',
  },
  {
    label: 'Prealertas',
    group: 'Clientes',
    icon: IconInbox,
    path: '/admin/prealertas',
    to: '/admin/prealertas',
    permission: 'prealerts.read',
  },
  {
    label: 'Clientes',
    group: 'Clientes',
    icon: IconUsers,
    path: '/admin/clientes',
    to: '/admin/clientes',
    permission: 'clients.read',
  },
  {
    label: 'Paquetes',
    group: 'Almacén',
    icon: IconPackage,
    path: '/admin/paquetes',
    to: '/admin/paquetes',
    permission: 'packages.read',
  },
  {
    label: 'Recepción',
    group: 'Almacén',
    icon: IconBarcode,
    path: '/admin/recepcion',
    to: '/admin/recepcion',
    permission: 'packages.write',
  },
  {
    label: 'Sin dueño',
    group: 'Almacén',
    icon: IconPackageOff,
    path: '/admin/sin-dueno',
    to: '/admin/sin-dueno',
    permission: 'packages.write',
  },
  {
    label: 'Búsquedas',
    group: 'Almacén',
    icon: IconSearch,
    path: '/admin/busquedas',
    to: '/admin/busquedas',
    permission: 'searches.manage',
  },
  {
    label: 'Importar',
    group: 'Almacén',
    icon: IconFileImport,
    path: '/admin/importar',
    to: '/admin/importar',
    permission: 'packages.write',
  },
  {
    label: 'Mostrador',
    group: 'Almacén',
    icon: IconBuildingStore,
    path: '/admin/mostrador',
    to: '/admin/mostrador',
    permission: 'pickups.counter',
    // The counter is the agency's whole menu; the administrator opens it from its address.
    menuFor: ['agencia'],
  },
  {
    label: 'Reempaques',
    group: 'Almacén',
    icon: IconBoxMultiple,
    path: '/admin/reempaques',
    to: '/admin/reempaques',
    permission: 'repacks.read',
  },
  {
    label: 'Envíos',
    group: 'Almacén',
    icon: IconTruck,
    path: '/admin/envios',
    to: '/admin/envios',
    permission: 'shipments.read',
  },
  {
    label: 'Despachos',
    group: 'Almacén',
    icon: IconPlane,
    path: '/admin/despachos',
    to: '/admin/despachos',
    permission: 'departures.read',
  },
  {
    label: 'Agencias',
    group: 'Administración',
    icon: IconBuildingStore,
    path: '/admin/agencias',
    to: '/admin/agencias',
    permission: 'agencies.manage',
  },
  {
    label: 'Aliados',
    group: 'Administración',
    icon: IconUsersGroup,
    path: '/admin/aliados',
    to: '/admin/aliados',
    permission: 'allies.manage',
  },
  {
    label: 'Reglas',
    group: 'Administración',
    icon: IconShieldCheck,
    path: '/admin/reglas',
    to: '/admin/reglas',
    permission: 'rules.manage',
  },
  {
    label: 'Aduanas',
    group: 'Administración',
    icon: IconCertificate,
    path: '/admin/aduanas',
    to: '/admin/aduanas',
    // The warehouse settles its departures there too (docs/product/customs.md).
    permission: 'customs.settle',
  },
  {
    label: 'Reclamos',
    group: 'Clientes',
    icon: IconMessageReport,
    path: '/admin/reclamos',
    to: '/admin/reclamos',
    permission: 'claims.manage',
  },
  {
    label: 'Conversaciones',
    group: 'Clientes',
    icon: IconBrandWhatsapp,
    path: '/admin/conversaciones',
    to: '/admin/conversaciones',
    permission: 'conversations.manage',
  },
  {
    label: 'Compras',
    group: 'Clientes',
    icon: IconShoppingCart,
    path: '/admin/compras',
    to: '/admin/compras',
    permission: 'compras',
  },
  {
    label: 'Notificaciones',
    group: 'Clientes',
    icon: IconBell,
    path: '/admin/notificaciones',
    to: '/admin/notificaciones',
    permission: 'notifications.read',
  },
  {
    label: 'Pagos',
    group: 'Dinero',
    icon: IconCreditCard,
    path: '/admin/pagos',
    to: '/admin/pagos',
    permission: 'payments.read',
  },
  {
    label: 'Conciliación',
    group: 'Dinero',
    icon: IconBuildingBank,
    path: '/admin/conciliacion',
    to: '/admin/conciliacion',
    permission: 'payments.write',
  },
  {
    label: 'Tasas',
    group: 'Dinero',
    icon: IconCurrencyDollar,
    path: '/admin/tasas',
    to: '/admin/tasas',
    permission: 'payments.read',
  },
  {
    label: 'Tarifas',
    group: 'Dinero',
    icon: IconReceipt2,
    path: '/admin/tarifas',
    to: '/admin/tarifas',
    permission: 'prices.manage',
  },
  {
    label: 'Libro de ventas',
    group: 'Dinero',
    icon: IconBook2,
    path: '/admin/libro-de-ventas',
    to: '/admin/libro-de-ventas',
    permission: 'reports.read',
  },
  {
    label: 'Reportes',
    group: 'Dinero',
    icon: IconChartBar,
    path: '/admin/reportes',
    to: '/admin/reportes',
    permission: 'reports.read',
  },
  {
    label: 'Personal',
    group: 'Administración',
    icon: IconUserShield,
    path: '/admin/personal',
    to: '/admin/personal',
    permission: 'staff.manage',
  },
  {
    label: 'Auditoría',
    group: 'Administración',
    icon: IconHistory,
    path: '/admin/auditoria',
    to: '/admin/auditoria',
    permission: 'audit.read',
  },
];

/** The permission a screen of the admin area needs, by its path (the longest matching item). */
/** The menu entry whose screen holds this address (the longest matching path), if any. */
export function navItemForPath(pathname: string): AdminNavItem | undefined {
  return ADMIN_NAV.filter((i) => !i.exact && (pathname === i.path || pathname.startsWith(`${i.path}/`))).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];
}

/**
 * Up to this many entries the menu shows every group open: at 1366×768 they fit under the header
 * with the footer in sight (tests/e2e/screens.test.ts). A role with more (the administrator)
 * gets groups that open and close, the current screen's group open.
 */
const ENTRIES_SHOWN_OPEN = 16;

/** The screens the signed-in role may use, under their group's heading. */
export function AdminNav({ role }: { role: string }) {
  const pathname = useLocation({ select: (l) => l.pathname });
  // An agency counter sees its screen only (docs/product/last-mile.md), not even the dashboard.
  const allowed = ADMIN_NAV.filter(
    (item) =>
      item.to &&
      (item.permission ? can(role, item.permission) : role !== 'agencia') &&
      (!item.menuFor || item.menuFor.includes(role)),
  );
  const collapsible = allowed.length > ENTRIES_SHOWN_OPEN;
  const currentGroup = navItemForPath(pathname)?.group;
  const [openGroups, setOpenGroups] = useState<ReadonlySet<AdminNavGroup>>(
    () => new Set(currentGroup ? [currentGroup] : []),
  );
  // Arriving at a screen of a closed group (a link in a page, the browser's back) opens it.
  useEffect(() => {
    if (currentGroup) setOpenGroups((open) => (open.has(currentGroup) ? open : new Set([...open, currentGroup])));
  }, [currentGroup]);
  const toggle = (group: AdminNavGroup) =>
    setOpenGroups((open) => {
      const next = new Set(open);
      if (!next.delete(group)) next.add(group);
      return next;
    });

  const entry = (item: AdminNavItem) => (
    <NavLinkLink
      key={item.path}
      to={item.to}
      label={item.label}
      leftSection={<item.icon size={18} />}
      activeOptions={{ exact: item.exact ?? false }}
      py={1}
      styles={{ label: { lineHeight: 1.25 } }}
    />
  );
  return (
    <Stack gap={0}>
      {allowed.filter((item) => !item.group).map(entry)}
      {ADMIN_NAV_GROUPS.map((group) => {
        const items = allowed.filter((item) => item.group === group);
        if (items.length === 0) return null;
        const headingId = `admin-nav-${group}`;
        const listId = `${headingId}-pantallas`;
        const opened = !collapsible || openGroups.has(group);
        return (
          // biome-ignore lint/a11y/useSemanticElements: a group of links, not of form fields (no fieldset)
          <div key={group} role="group" aria-labelledby={headingId}>
            {collapsible ? (
              <UnstyledButton
                id={headingId}
                onClick={() => toggle(group)}
                aria-expanded={opened}
                aria-controls={listId}
                px="sm"
                py={2}
                // WCAG 2.2's smallest target: 24 px high.
                mih={24}
                w="100%"
              >
                <Group gap={4} justify="space-between" wrap="nowrap">
                  <Text span size="xs" fw={700} c="dimmed" tt="uppercase">
                    {group}
                  </Text>
                  <IconChevronDown
                    size={14}
                    aria-hidden
                    style={{ transform: opened ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
                  />
                </Group>
              </UnstyledButton>
            ) : (
              <Text id={headingId} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt={4} pb={0}>
                {group}
              </Text>
            )}
            <Collapse id={listId} expanded={opened} keepMountedMode="display-none" transitionDuration={150}>
              {items.map(entry)}
            </Collapse>
          </div>
        );
      })}
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
