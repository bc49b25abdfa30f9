// The days a price seen in the ship request is honoured after a new version starts (docs/product/price-lists.md).
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PRICE_LIST_MESSAGES as M, priceHonourInput } from '@casillero/shared';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { notifyChange } from '../../../../lib/notify';
import { trpc } from '../../../../lib/trpc';

export function HonourDays({ days }: { days: number }) {
  const queryClient = useQueryClient();
  const save = useMutation(trpc.prices.updateSettings.mutationOptions());
  const [value, setValue] = useState<DecimalValue>(days);
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    const checked = priceHonourInput.safeParse({ honourDays: value });
    setError(checked.success ? undefined : checked.error.issues[0]?.message);
    if (!checked.success) return;
    const done = await notifyChange(
      () => save.mutateAsync(checked.data),
      (r) => ({ message: r.message }),
    );
    if (done) await queryClient.invalidateQueries({ queryKey: trpc.prices.versions.queryKey() });
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="precio-respetado">
      <Stack gap="sm">
        <Title order={2} size="h4" id="precio-respetado">
          {M.honourTitle}
        </Title>
        <Group align="flex-end">
          <DecimalInput
            kind="count"
            inputMode="numeric"
            label={M.honourDays}
            value={value}
            onChange={setValue}
            error={error}
          />
          <Button variant="light" onClick={() => void submit()} loading={save.isPending}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
