// The searches' settings (docs/product/first-mile.md#delivered-but-not-received), the
// administrator's: business hours after "delivered" with no WR before a search opens, and the
// days it stays open before the customer is offered the claim. Saved and audited on the server.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Group, Stack } from '@mantine/core';
import { PARCEL_SEARCH_LABELS as L, PARCEL_SEARCH_MESSAGES as M } from '@casillero/shared';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { failureMessage } from '../packages/feedback';
import { HeadingWithHint } from '../../../../components/layout/HeadingWithHint';

const asNumber = (v: DecimalValue | null) => (typeof v === 'number' ? v : Number.NaN);

export function SearchSettingsCard() {
  const canManage = useCan('searches.settings');
  const queryClient = useQueryClient();
  const settings = useQuery({ ...trpc.parcelSearches.settings.queryOptions(), enabled: canManage });
  const save = useMutation(trpc.parcelSearches.updateSettings.mutationOptions());
  const [hours, setHours] = useState<DecimalValue | null>(null);
  const [days, setDays] = useState<DecimalValue | null>(null);
  useEffect(() => {
    if (settings.data && hours === null) setHours(settings.data.openAfterBusinessHours);
    if (settings.data && days === null) setDays(settings.data.notFoundAfterDays);
  }, [settings.data, hours, days]);
  if (!canManage) return null;

  const submit = async () => {
    try {
      const r = await save.mutateAsync({ openAfterBusinessHours: asNumber(hours), notFoundAfterDays: asNumber(days) });
      notifySuccess(L.settingsTitle, r.message);
      await queryClient.invalidateQueries({ queryKey: trpc.parcelSearches.settings.queryKey() });
    } catch (e) {
      notifyError(failureMessage(e, M.settingsFailed));
    }
  };

  const loading = hours === null || days === null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="parcel-search-settings">
      <Stack gap="sm">
        <div>
          <HeadingWithHint order={3} title={L.settingsTitle} hint={L.settingsHint} />
        </div>
        <Group align="flex-end">
          <DecimalInput
            kind="count"
            label={L.openAfterHours}
            w={220}
            value={hours ?? ''}
            disabled={loading}
            onChange={setHours}
          />
          <DecimalInput
            kind="count"
            label={L.notFoundAfterDays}
            w={180}
            value={days ?? ''}
            disabled={loading}
            onChange={setDays}
          />
          <Button onClick={submit} loading={save.isPending} disabled={loading}>
            {L.save}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
