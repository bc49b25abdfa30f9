// The pickup setting beside the delivery fees (docs/product/last-mile.md#agency-counters-and-proof-of-delivery):
// after how many days an uncollected shipment's customer gets a reminder. The lock after five
// wrong codes is lifted per shipment ("Desbloquear retiro", in Envíos and the Mostrador).
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Group, Stack } from '@mantine/core';
import { PICKUP_STAFF_LABELS as L } from '@casillero/shared';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { failureMessage } from '../packages/feedback';
import { HeadingWithHint } from '../../../../components/layout/HeadingWithHint';

export function PickupSettingsCard() {
  const canManage = useCan('pickups.manage');
  const queryClient = useQueryClient();
  const settings = useQuery({ ...trpc.pickups.settings.queryOptions(), enabled: canManage });
  const save = useMutation(trpc.pickups.updateSettings.mutationOptions());
  const [days, setDays] = useState<DecimalValue | null>(null);
  useEffect(() => {
    if (settings.data && days === null) setDays(settings.data.reminderDays);
  }, [settings.data, days]);
  if (!canManage) return null;

  const submit = async () => {
    try {
      const r = await save.mutateAsync({ reminderDays: typeof days === 'number' ? days : Number.NaN });
      notifySuccess(L.settingsTitle, r.message);
      await queryClient.invalidateQueries({ queryKey: trpc.pickups.settings.queryKey() });
    } catch (e) {
      notifyError(failureMessage(e, L.settingsFailed));
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="pickup-settings">
      <Stack gap="sm">
        <div>
          <HeadingWithHint order={3} title={L.settingsTitle} hint={L.settingsHint} />
        </div>
        <Group align="flex-end">
          <DecimalInput
            kind="count"
            label={L.reminderDays}
            w={220}
            value={days ?? ''}
            disabled={days === null}
            onChange={setDays}
          />
          <Button onClick={submit} loading={save.isPending} disabled={days === null}>
            {L.saveSettings}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
