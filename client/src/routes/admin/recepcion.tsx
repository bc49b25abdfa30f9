// Recepción (docs/decisions/019-warehouse-intake.md): a USB scanner types the carrier's number and Enter into
// the big field (or the phone's camera reads it); the screen shows whose parcel it is, or that it
// is nobody's, or that it was already received; the operator types the weight (Enter saves),
// and the field is ready for the next scan. A scanned WR label opens that package.
import { useCallback, useRef, useState } from 'react';
import { Alert, Button, Card, Grid, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPrinter } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { RECEPTION_MESSAGES as M, WAREHOUSE_MESSAGES, formatDateTime } from '@casillero/shared';
import { AdminPage } from '../../components/data-table';
import { AnchorLink } from '../../components/links';
import {
  ReceptionForm,
  type ExpectedOrUnknown,
  type LookupResult,
  type ReceiveResult,
} from '../../components/reception/ReceptionForm';
import { ScanField } from '../../components/reception/ScanField';
import { ExpectedParcels } from '../../components/first-mile/ExpectedParcels';
import { SessionReceptions, labelHref, useSessionReceptions } from '../../components/reception/SessionReceptions';
import { getErrorMessage } from '../../lib/errors';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';

export const Route = createFileRoute('/admin/recepcion')({
  head: pageHead('Recepción'),
  component: ReceptionPage,
});

type AlreadyReceived = Extract<LookupResult, { kind: 'alreadyReceived' }>;

type Screen =
  | { step: 'scan' }
  | { step: 'measure'; found: ExpectedOrUnknown }
  | { step: 'already'; found: AlreadyReceived }
  | { step: 'refused'; message: string };

type Saved = { result: ReceiveResult; trackingNumber: string };

function AlreadyReceivedAlert({ found }: { found: AlreadyReceived }) {
  return (
    <Alert color="yellow" icon={<IconAlertTriangle />} title={M.alreadyTitle} role="alert">
      <Stack gap={4}>
        <Text size="sm">
          {M.alreadyReceived(found.warehouseReceipt, formatDateTime(found.receivedAt))}{' '}
          <Text span ff="monospace">
            {found.trackingNumber}
          </Text>
        </Text>
        {found.unclaimed && <Text size="sm">{M.alreadyUnclaimed}</Text>}
        <Group gap="md">
          {found.packageId && (
            <AnchorLink to="/admin/paquetes" search={{ ver: found.packageId }} size="sm">
              {M.openPackage}
            </AnchorLink>
          )}
          {found.unclaimed && (
            <AnchorLink to="/admin/sin-dueno" search={{ q: found.warehouseReceipt ?? undefined }} size="sm">
              {M.openUnclaimed}
            </AnchorLink>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

function SavedCard({ saved }: { saved: Saved }) {
  const { result } = saved;
  return (
    <Card withBorder padding="md" bg="var(--mantine-color-green-light)" role="status" data-testid="reception-saved">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck color="var(--mantine-color-green-filled)" />
          <div>
            <Text fw={700}>{M.savedTitle}</Text>
            <Text size="lg" fw={700} ff="monospace">
              {result.warehouseReceipt}
            </Text>
            <Text size="sm">
              {result.status === 'claimed' ? `${result.customerName} · ${result.mailboxCode}` : M.unknownTitle} ·{' '}
              <Text span ff="monospace" size="sm">
                {saved.trackingNumber}
              </Text>
            </Text>
            {result.customerNotified && (
              <Text size="xs" c="dimmed">
                {M.savedNotified}
              </Text>
            )}
          </div>
        </Group>
        <Button
          component="a"
          href={labelHref(result)}
          target="_blank"
          rel="noopener"
          variant="light"
          leftSection={<IconPrinter size={18} />}
        >
          {WAREHOUSE_MESSAGES.labelPrint}
        </Button>
      </Group>
    </Card>
  );
}

function ReceptionPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const scanInput = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [screen, setScreen] = useState<Screen>({ step: 'scan' });
  const [saved, setSaved] = useState<Saved | null>(null);
  const session = useSessionReceptions();

  /** Back to the scan field, emptied and focused, for the next parcel. */
  const readyForNext = useCallback(() => {
    setCode('');
    setBusy(false);
    // After the field is enabled again.
    requestAnimationFrame(() => scanInput.current?.focus());
  }, []);

  const scan = useCallback(
    async (scanned: string) => {
      setBusy(true);
      setSaved(null);
      try {
        const found = await queryClient.fetchQuery({
          ...trpc.reception.lookup.queryOptions({ code: scanned }),
          staleTime: 0,
          gcTime: 0,
        });
        if (found.kind === 'warehouseReceipt') {
          await navigate({ to: '/admin/paquetes', search: { ver: found.packageId } });
          return;
        }
        if (found.kind === 'alreadyReceived') {
          setScreen({ step: 'already', found });
          readyForNext();
          return;
        }
        setScreen({ step: 'measure', found });
        setBusy(false);
      } catch (error) {
        setScreen({ step: 'refused', message: getErrorMessage(error, M.lookupFailed) });
        readyForNext();
      }
    },
    [navigate, queryClient, readyForNext],
  );

  const onSaved = (result: ReceiveResult, found: ExpectedOrUnknown, weightKg: number) => {
    setSaved({ result, trackingNumber: found.trackingNumber });
    session.add({
      intakeId: result.intakeId,
      packageId: result.packageId,
      warehouseReceipt: result.warehouseReceipt,
      trackingNumber: found.trackingNumber,
      customerName: result.customerName,
      mailboxCode: result.mailboxCode,
      weightKg,
      at: new Date().toISOString(),
    });
    setScreen({ step: 'scan' });
    void queryClient.invalidateQueries({ queryKey: trpc.reception.unclaimed.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.packages.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.reception.expected.queryKey() });
    readyForNext();
  };

  return (
    <AdminPage title={M.pageTitle} subtitle={M.pageSubtitle}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Card withBorder padding="md">
              <ScanField ref={scanInput} value={code} onChange={setCode} onScan={(c) => void scan(c)} busy={busy} />
            </Card>
            {saved && screen.step === 'scan' && <SavedCard saved={saved} />}
            {screen.step === 'already' && <AlreadyReceivedAlert found={screen.found} />}
            {screen.step === 'refused' && (
              <Alert color="red" icon={<IconAlertTriangle />} role="alert">
                {screen.message}
              </Alert>
            )}
            {screen.step === 'measure' && (
              <Card withBorder padding="md">
                <ReceptionForm
                  key={screen.found.trackingNumber}
                  found={screen.found}
                  onSaved={onSaved}
                  onCancel={() => {
                    setScreen({ step: 'scan' });
                    readyForNext();
                  }}
                  onAlreadyReceived={(message) => {
                    setScreen({ step: 'refused', message });
                    readyForNext();
                  }}
                />
              </Card>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <SessionReceptions items={session.items} />
            <ExpectedParcels />
            <AnchorLink to="/admin/sin-dueno" size="sm">
              {M.unclaimedTitle}
            </AnchorLink>
          </Stack>
        </Grid.Col>
      </Grid>
    </AdminPage>
  );
}
