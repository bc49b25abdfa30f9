// The days a price seen in the ship request is honoured after a new version starts (docs/product/price-lists.md).
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { PRICE_LIST_MESSAGES as M, priceHonourInput } from '@casillero/shared';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { VersionSection } from '../versions/VersionSection';
import { useVersionsChange } from '../versions/VersionsScreen';
import { trpc } from '../../../../lib/trpc';

export function HonourDays({ days }: { days: number }) {
  const save = useVersionsChange(trpc.prices.updateSettings.mutationOptions(), trpc.prices.versions.queryKey());
  const [value, setValue] = useState<DecimalValue>(days);
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    const checked = priceHonourInput.safeParse({ honourDays: value });
    setError(checked.success ? undefined : checked.error.issues[0]?.message);
    if (!checked.success) return;
    await save.save(checked.data);
  };
  return (
    <VersionSection headingId="precio-respetado" title={M.honourTitle}>
      <Group align="flex-end">
        <DecimalInput
          kind="count"
          inputMode="numeric"
          label={M.honourDays}
          value={value}
          onChange={setValue}
          error={error}
        />
        <Button variant="light" onClick={() => void submit()} loading={save.saving}>
          Guardar
        </Button>
      </Group>
    </VersionSection>
  );
}
