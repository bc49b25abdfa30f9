// The first mile's settings (docs/product/first-mile.md#polling-and-the-days-budget): how many
// requests a day the tracking provider may be asked, with today's count beside it. The
// administrator's (carriers.settings); every change is audited.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Accordion, Button, Group, Stack, Text } from '@mantine/core';
import { FIRST_MILE_MESSAGES as M, firstMileSettingsInput } from '@casillero/shared';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { getErrorMessage } from '../../../../lib/errors';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';

export function FirstMileSettingsCard() {
  const canEdit = useCan('carriers.settings');
  const current = useQuery({ ...trpc.firstMile.settings.queryOptions(), enabled: canEdit });
  const [budget, setBudget] = useState<DecimalValue | null>(null);
  useEffect(() => {
    if (current.data) setBudget(current.data.dailyRequestBudget);
  }, [current.data]);
  const save = useMutation(trpc.firstMile.updateSettings.mutationOptions());
  const queryClient = useQueryClient();
  if (!canEdit || !current.data || budget === null) return null;
  const submit = () => {
    const checked = firstMileSettingsInput.safeParse({ dailyRequestBudget: budget });
    if (!checked.success) return notifyError(checked.error.issues[0]?.message ?? getErrorMessage(checked.error));
    save.mutate(checked.data, {
      onSuccess: (r) => {
        notifySuccess(undefined, r.message);
        void queryClient.invalidateQueries({ queryKey: trpc.firstMile.settings.queryKey() });
      },
      onError: (e) => notifyError(getErrorMessage(e)),
    });
  };
  return (
    <Accordion variant="contained">
      <Accordion.Item value="first-mile">
        <Accordion.Control>{M.settingsTitle}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {M.budgetHelp}
            </Text>
            <Group align="end">
              <DecimalInput kind="count" label={M.budgetLabel} value={budget} onChange={setBudget} />
              <Button loading={save.isPending} onClick={submit}>
                Guardar
              </Button>
            </Group>
            <Text size="sm">{M.usageToday(current.data.usedToday, current.data.dailyRequestBudget)}</Text>
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
