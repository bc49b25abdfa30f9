// The storage settings (docs/product/storage.md#settings): how many days a parcel stores free. The fee per day after
// them is the price list's (docs/product/price-lists.md), shown here and changed in Tarifas. Admin only.
import { Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSettings } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  PROBLEM_MESSAGES,
  PROBLEM_NOTICE_DAYS_BEFORE,
  STORAGE_MESSAGES,
  STORAGE_REMINDER_DAYS_BEFORE,
  problemSettingsInput,
  storageSettingsInput,
  formatUsdCents,
  fromCents,
} from '@casillero/shared';
import { HeaderButton } from '../../../../components/data-table';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { notifyChange } from '../../../../lib/notify';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';

export function StorageSettingsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const settings = useQuery({ ...trpc.storage.settings.queryOptions(), enabled: opened });
  const mutation = useMutation(trpc.storage.updateSettings.mutationOptions());
  const [freeDays, setFreeDays] = useState<DecimalValue>('');
  // The schema's complaints, per field, from the last attempt.
  const [errors, setErrors] = useState<Partial<Record<'freeDays', string>>>({});
  // The saved value fills the field once it arrives, never over what was typed meanwhile.
  useEffect(() => {
    if (settings.data) {
      const { freeDays: days } = settings.data;
      setFreeDays((typed) => (typed === '' ? days : typed));
    }
  }, [settings.data]);

  const save = async () => {
    const checked = storageSettingsInput.safeParse({ freeDays });
    setErrors(
      checked.success ? {} : Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])),
    );
    if (!checked.success) return;
    const saved = await notifyChange(() => mutation.mutateAsync(checked.data), {
      message: STORAGE_MESSAGES.settingsSaved,
    });
    if (saved) {
      await queryClient.invalidateQueries({ queryKey: trpc.storage.settings.queryKey() });
      onClose();
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Almacenaje">
      <Stack>
        <Text size="sm" c="dimmed">
          Cada paquete en el almacén tiene estos días de almacenaje gratis. El cliente recibe un recordatorio{' '}
          {STORAGE_REMINDER_DAYS_BEFORE} días antes y el último día; después se cobra la tarifa diaria al crear su
          envío.
        </Text>
        <DecimalInput
          kind="count"
          inputMode="numeric"
          label="Días de almacenaje gratis"
          value={freeDays}
          onChange={setFreeDays}
          error={errors.freeDays}
        />
        {settings.data && (
          <Text size="sm">
            Tarifa por día después: {formatUsdCents(settings.data.feePerDayUsdCents)}. Se cambia en Tarifas, con fecha
            de vigencia.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={() => void save()} loading={mutation.isPending} disabled={!settings.data}>
            Guardar
          </Button>
        </Group>
        <ProblemSettingsForm opened={opened} />
      </Stack>
    </Modal>
  );
}

/**
 * Paquetes con problemas (docs/product/problem-parcels.md#settings): the days a held parcel waits for
 * the customer's decision before it is abandoned, and the fee of a return to the seller.
 */
function ProblemSettingsForm({ opened }: { opened: boolean }) {
  const queryClient = useQueryClient();
  const settings = useQuery({ ...trpc.problemParcels.settings.queryOptions(), enabled: opened });
  const mutation = useMutation(trpc.problemParcels.updateSettings.mutationOptions());
  const [abandonDays, setAbandonDays] = useState<DecimalValue>('');
  const [returnFee, setReturnFee] = useState<DecimalValue>('');
  const [errors, setErrors] = useState<Partial<Record<'abandonDays' | 'returnFeeUsd', string>>>({});
  const plausible = usePlausibleConfirm();
  useEffect(() => {
    if (settings.data) {
      const { abandonDays: days, returnFeeUsdCents } = settings.data;
      setAbandonDays((typed) => (typed === '' ? days : typed));
      setReturnFee((typed) => (typed === '' ? fromCents(returnFeeUsdCents) : typed));
    }
  }, [settings.data]);

  const save = async () => {
    const checked = problemSettingsInput.safeParse({ abandonDays, returnFeeUsd: returnFee });
    setErrors(
      checked.success ? {} : Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])),
    );
    if (!checked.success) return;
    if (!(await plausible.confirm([{ kind: 'amountUsd', value: checked.data.returnFeeUsd }]))) return;
    const saved = await notifyChange(() => mutation.mutateAsync(checked.data), {
      message: PROBLEM_MESSAGES.settingsSaved,
    });
    if (saved) await queryClient.invalidateQueries({ queryKey: trpc.problemParcels.settings.queryKey() });
  };

  return (
    <Stack component="section" aria-label="Paquetes con problemas" gap="sm">
      {plausible.dialog}
      <Divider label="Paquetes con problemas" labelPosition="left" />
      <Text size="sm" c="dimmed">
        Un paquete retenido sin decisión del cliente se considera abandonado tras estos días; se avisa{' '}
        {PROBLEM_NOTICE_DAYS_BEFORE} días antes y el mismo día.
      </Text>
      <DecimalInput
        kind="count"
        inputMode="numeric"
        label="Días para abandono"
        value={abandonDays}
        onChange={setAbandonDays}
        error={errors.abandonDays}
      />
      <DecimalInput
        kind="amountUsd"
        label="Cargo por devolver al vendedor (USD)"
        value={returnFee}
        onChange={setReturnFee}
        error={errors.returnFeeUsd}
      />
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={mutation.isPending} disabled={!settings.data}>
          Guardar paquetes con problemas
        </Button>
      </Group>
    </Stack>
  );
}

/** The header button of Gestión de Paquetes that opens the settings, for the administrator only. */
export function StorageSettingsAction() {
  const [opened, { open, close }] = useDisclosure(false);
  if (!useCan('staff.manage')) return null;
  return (
    <>
      <HeaderButton label="Almacenaje" icon={IconSettings} onClick={open} />
      <StorageSettingsDialog opened={opened} onClose={close} />
    </>
  );
}
