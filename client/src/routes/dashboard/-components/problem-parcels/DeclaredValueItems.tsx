// Acción requerida (docs/product/insurance.md): the customer's parcels in the warehouse without a
// declared value, each with a field in USD; confirming writes it once (staff correct it afterwards).
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DECLARED_VALUE_LABELS as L } from '@casillero/shared';
import type { inferOutput } from '@trpc/tanstack-react-query';
import type { DecimalValue } from '../../../../components/forms/DecimalInput';
import { UsdCentsInput } from '../../../../components/forms/UsdCentsInput';
import { notifyChange } from '../../../../lib/notify';
import { trpc } from '../../../../lib/trpc';

type Missing = inferOutput<typeof trpc.packages.missingDeclaredValue>[number];

function DeclaredValueCard({ item }: { item: Missing }) {
  const queryClient = useQueryClient();
  const confirm = useMutation(trpc.packages.confirmDeclaredValue.mutationOptions());
  const [value, setValue] = useState<DecimalValue>('');
  const submit = async () => {
    const done = await notifyChange(
      // Text that cannot be read goes as it is: the schema answers in Spanish.
      () => confirm.mutateAsync({ packageId: item.packageId, declaredValueUsdCents: value as number }),
      (r) => ({ message: r.message }),
    );
    if (done) {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.packages.missingDeclaredValue.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.packages.mine.queryKey() }),
      ]);
    }
  };
  return (
    <Card withBorder radius="md" padding="md" aria-label={L.sectionItem(item.label)}>
      <Stack gap="xs">
        <Text fw={700}>{L.sectionItem(item.label)}</Text>
        <Text size="sm">{item.packageDescription}</Text>
        <Text size="sm" c="dimmed">
          {L.intro}
        </Text>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <UsdCentsInput label={L.fieldUsd} value={value} onChange={setValue} style={{ flex: 1, minWidth: 160 }} />
          <Button onClick={() => void submit()} loading={confirm.isPending} disabled={value === ''}>
            {L.confirm}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function DeclaredValueItems({ items }: { items: Missing[] }) {
  return (
    <>
      {items.map((item) => (
        <DeclaredValueCard key={item.packageId} item={item} />
      ))}
    </>
  );
}
