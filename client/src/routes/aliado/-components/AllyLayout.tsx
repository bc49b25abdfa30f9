// The ally's portal layout (docs/product/allies.md): its menu and the signed-in area's shell.
// Every procedure checks the ally on the server; this only guides the person.
import { Alert, Center, Divider, Stack } from '@mantine/core';
import {
  IconInbox,
  IconFileInvoice,
  IconHome,
  IconKey,
  IconPackage,
  IconReportMoney,
  IconTruck,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useSearch } from '@tanstack/react-router';
import { ALLY_MESSAGES as M } from '@casillero/shared';
import { AreaShell } from '../../../components/layout/AreaShell';
import { PageLoader } from '../../../components/layout/PageLoader';
import { InvalidSession } from '../../../components/layout/InvalidSession';
import { ButtonLink, NavLinkLink } from '../../../components/links';
import { isSigningOutHere, useMe } from '../../../lib/auth';
import { CustomersScreen } from './CustomersScreen';
import { InvoicesScreen, ParcelsScreen, PrealertsScreen, ShipmentsScreen } from './ActivityScreens';
import { StatementScreen } from './StatementScreen';

// Its own chunk: the keys' card loads when the section opens, not with the portal.
const ApiKeys = lazy(() => import('./ApiKeysScreen'));
function ApiKeysScreen() {
  return (
    <Suspense fallback={<PageLoader message="Cargando..." />}>
      <ApiKeys />
    </Suspense>
  );
}

/** The portal's sections, by ?vista= (none: Mis clientes). */
const SECTIONS = {
  clientes: { label: M.myCustomers, icon: IconUsers, Screen: CustomersScreen },
  prealertas: { label: M.prealerts, icon: IconInbox, Screen: PrealertsScreen },
  paquetes: { label: M.parcels, icon: IconPackage, Screen: ParcelsScreen },
  envios: { label: M.shipments, icon: IconTruck, Screen: ShipmentsScreen },
  facturas: { label: 'Facturas', icon: IconFileInvoice, Screen: InvoicesScreen },
  'estado-de-cuenta': { label: M.statement, icon: IconReportMoney, Screen: StatementScreen },
  api: { label: M.apiKeys, icon: IconKey, Screen: ApiKeysScreen },
} satisfies Record<string, { label: string; icon: Icon; Screen: () => ReactNode }>;
type Section = keyof typeof SECTIONS;
const sectionOf = (vista: string | undefined): Section =>
  vista && vista in SECTIONS ? (vista as Section) : 'clientes';

function AllyNav({ current }: { current: Section }) {
  return (
    <Stack gap={2}>
      {(Object.keys(SECTIONS) as Section[]).map((key) => {
        const item = SECTIONS[key];
        return (
          <NavLinkLink
            key={key}
            to="/aliado"
            search={key === 'clientes' ? {} : { vista: key }}
            label={item.label}
            leftSection={<item.icon size={18} />}
            active={key === current}
          />
        );
      })}
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
  const section = sectionOf(useSearch({ from: '/aliado' }).vista);
  const { Screen } = SECTIONS[section];
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
    <AreaShell
      navTitle={M.portalTitle}
      nav={<AllyNav current={section} />}
      navFooter={<AllyNavFooter />}
      userName={user.fullName}
    >
      <Screen />
    </AreaShell>
  );
}
