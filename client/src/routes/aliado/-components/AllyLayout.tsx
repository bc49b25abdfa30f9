// The ally's portal layout (docs/product/allies.md): its menu and the signed-in area's shell.
// Every procedure checks the ally on the server; this only guides the person.
import { Alert, Center, Divider, Stack } from '@mantine/core';
import {
  IconFileInvoice,
  IconHome,
  IconPackage,
  IconReportMoney,
  IconTruck,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { Outlet, type LinkProps } from '@tanstack/react-router';
import { ALLY_MESSAGES as M } from '@casillero/shared';
import { AreaShell } from '../../../components/layout/AreaShell';
import { PageLoader } from '../../../components/layout/PageLoader';
import { InvalidSession } from '../../../components/layout/InvalidSession';
import { ButtonLink, NavLinkLink } from '../../../components/links';
import { isSigningOutHere, useMe } from '../../../lib/auth';

const ALLY_NAV: readonly { label: string; icon: Icon; to: LinkProps['to']; exact?: boolean }[] = [
  { label: M.myCustomers, icon: IconUsers, to: '/aliado', exact: true },
  { label: M.parcels, icon: IconPackage, to: '/aliado/paquetes' },
  { label: M.shipments, icon: IconTruck, to: '/aliado/envios' },
  { label: 'Facturas', icon: IconFileInvoice, to: '/aliado/facturas' },
  { label: M.statement, icon: IconReportMoney, to: '/aliado/estado-de-cuenta' },
];

function AllyNav() {
  return (
    <Stack gap={2}>
      {ALLY_NAV.map((item) => (
        <NavLinkLink
          key={String(item.to)}
          to={item.to}
          label={item.label}
          leftSection={<item.icon size={18} />}
          activeOptions={{ exact: !!item.exact }}
        />
      ))}
    </Stack>
  );
}

function AllyNavFooter() {
  return (
    <>
      <Divider mb="sm" />
      <NavLinkLink to="/" label="Ir al inicio" leftSection={<IconHome size={18} />} activeOptions={{ exact: true }} />
    </>
  );
}

export function AllyLayout() {
  const me = useMe();
  const user = me.data?.user;
  if (!user) {
    if (me.isPending || isSigningOutHere(me)) return <PageLoader message="Verificando autenticación..." />;
    return <InvalidSession error={me.error} />;
  }
  if (user.role !== 'aliado') {
    return (
      <Center mih="100vh" p="md">
        <Alert color="orange" title={M.portalTitle} maw={520}>
          <Stack>
            {M.notAnAlly}
            <ButtonLink to="/dashboard" variant="light">
              Ir a mi cuenta
            </ButtonLink>
          </Stack>
        </Alert>
      </Center>
    );
  }
  return (
    <AreaShell navTitle={M.portalTitle} nav={<AllyNav />} navFooter={<AllyNavFooter />} userName={user.fullName}>
      <Outlet />
    </AreaShell>
  );
}
