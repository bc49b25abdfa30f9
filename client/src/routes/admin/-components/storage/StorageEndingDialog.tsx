// "Almacenaje por vencer" (docs/product/storage.md#reminders): the parcels whose free storage
// ends within the week, nearest first, with when the customer was last reminded, and a button
// that reminds the customer now (once a day per parcel).
import { Badge, Button, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHourglass } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { STORAGE_MESSAGES as M, formatDate, formatDateTime } from '@casillero/shared';
import { HeaderButton, ResponsiveTable, StackedCell, type ResponsiveColumn } from '../../../../components/data-table';
import { notifyChange } from '../../../../lib/notify';
import { useCan } from '../../../../lib/permissions';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { trpc } from '../../../../lib/trpc';

type EndingRow = inferOutput<typeof trpc.storage.endingSoon>[number];

function StorageEndingDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const list = useQuery({ ...trpc.storage.endingSoon.queryOptions(), enabled: opened });
  const remind = useMutation(trpc.storage.remindNow.mutationOptions());
  const canWrite = useCan('packages.write');
  const [sendingId, setSendingId] = useState<string | null>(null);

  const send = async (row: EndingRow) => {
    setSendingId(row.packageId);
    await notifyChange(
      () => remind.mutateAsync({ packageId: row.packageId }),
      (r) => ({ message: r.message }),
    );
    setSendingId(null);
    await queryClient.invalidateQueries({ queryKey: trpc.storage.endingSoon.queryKey() });
  };

  const columns: ResponsiveColumn<EndingRow>[] = [
    { header: 'Paquete', cell: (r) => r.label, card: 'title', mono: true },
    { header: 'Cliente', cell: (r) => <StackedCell main={r.customerName} sub={r.customerEmail} /> },
    {
      header: 'Almacenaje gratis',
      card: 'status',
      cell: (r) => (
        <Badge color={r.daysLeft <= 1 ? 'red' : 'yellow'} variant="light">
          {M.endingSoonDaysLeft(r.daysLeft)} · hasta el {formatDate(r.freeUntil)}
        </Badge>
      ),
    },
    {
      header: 'Último recordatorio',
      cell: (r) => (r.lastRemindedAt ? formatDateTime(r.lastRemindedAt) : M.neverReminded),
    },
    ...(canWrite
      ? [
          {
            header: '',
            card: 'actions' as const,
            cell: (r: EndingRow) => (
              <Button
                size="xs"
                variant="light"
                loading={sendingId === r.packageId}
                onClick={() => void send(r)}
                aria-label={`${M.remindNow}: ${r.label}`}
              >
                {M.remindNow}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Modal opened={opened} onClose={onClose} title={M.endingSoonTitle} size="xl">
      <Stack>
        {list.isLoading && <Text c="dimmed">Cargando…</Text>}
        {list.data && list.data.length === 0 && <Text>{M.endingSoonEmpty}</Text>}
        {list.data && list.data.length > 0 && (
          <ResponsiveTable
            caption={M.endingSoonAction}
            rows={list.data}
            columns={columns}
            getRowId={(r) => r.packageId}
            cardLabel={(r) => `Paquete ${r.label}`}
            minWidth={760}
          />
        )}
      </Stack>
    </Modal>
  );
}

/** The header button of Gestión de Paquetes that opens the list, for staff who see parcels. */
export function StorageEndingAction() {
  const [opened, { open, close }] = useDisclosure(false);
  if (!useCan('packages.read')) return null;
  return (
    <>
      <HeaderButton label={M.endingSoonAction} icon={IconHourglass} onClick={open} />
      <StorageEndingDialog opened={opened} onClose={close} />
    </>
  );
}
