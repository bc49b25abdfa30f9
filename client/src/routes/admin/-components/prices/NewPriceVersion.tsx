// The form of a new version (docs/product/price-lists.md): prefilled from the version in effect,
// starting tomorrow or later (00:00 in Caracas). The server checks it again and refuses in Spanish.
import { SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import {
  DELIVERY_ZONE_LABELS,
  PRICE_LIST_FIELDS,
  PRICE_LIST_MESSAGES as M,
  priceListVersionInput,
  type PriceList,
} from '@casillero/shared';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { UsdCentsInput } from '../../../../components/forms/UsdCentsInput';
import { NewVersionCard, StartDayInput, firstStartDay, useVersionsChange } from '../versions/VersionsScreen';
import { trpc } from '../../../../lib/trpc';
import { DELIVERY_ZONES_SHOWN } from './price-values';
import { PRICE_VERSIONS } from './PriceVersions';

type Values = Record<string, DecimalValue>;

const valuesOf = (prices: PriceList): Values => ({
  ...Object.fromEntries(PRICE_LIST_FIELDS.map((f) => [f.key, prices[f.key]])),
  ...Object.fromEntries(DELIVERY_ZONES_SHOWN.map((z) => [`delivery.${z}`, prices.deliveryFeesUsdCents[z]])),
});

export function NewPriceVersion({ from }: { from: PriceList }) {
  const create = useVersionsChange(trpc.prices.create.mutationOptions(), trpc.prices.versions.queryKey());
  const [effectiveFrom, setEffectiveFrom] = useState(firstStartDay);
  const [values, setValues] = useState<Values>(() => valuesOf(from));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: string) => (v: DecimalValue) => setValues((old) => ({ ...old, [key]: v }));

  const submit = async () => {
    const input = {
      effectiveFrom,
      prices: {
        ...Object.fromEntries(PRICE_LIST_FIELDS.map((f) => [f.key, values[f.key]])),
        deliveryFeesUsdCents: Object.fromEntries(DELIVERY_ZONES_SHOWN.map((z) => [z, values[`delivery.${z}`]])),
      },
    };
    const checked = priceListVersionInput.safeParse(input);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(
          checked.error.issues.map((i) => [
            i.path[0] === 'effectiveFrom'
              ? 'effectiveFrom'
              : i.path[1] === 'deliveryFeesUsdCents'
                ? `delivery.${String(i.path[2])}`
                : String(i.path[1]),
            i.message,
          ]),
        ),
      );
      return;
    }
    setErrors({});
    await create.save(checked.data);
  };

  return (
    <NewVersionCard kind={PRICE_VERSIONS} saving={create.saving} onSubmit={() => void submit()}>
      <StartDayInput
        label={M.effectiveFrom}
        value={effectiveFrom}
        onChange={setEffectiveFrom}
        error={errors.effectiveFrom}
        withAsterisk
        maw={240}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {PRICE_LIST_FIELDS.map((f) =>
          f.unit === 'usd' ? (
            <UsdCentsInput
              key={f.key}
              withSign
              label={f.label}
              value={values[f.key]}
              onChange={set(f.key)}
              error={errors[f.key]}
            />
          ) : (
            <DecimalInput
              key={f.key}
              kind={f.unit === 'percent' ? 'percent' : 'priceMeasure'}
              label={f.label}
              value={values[f.key]}
              onChange={set(f.key)}
              error={errors[f.key]}
            />
          ),
        )}
        {DELIVERY_ZONES_SHOWN.map((z) => (
          <UsdCentsInput
            key={z}
            withSign
            label={`${M.deliveryFees}: ${DELIVERY_ZONE_LABELS[z]}`}
            value={values[`delivery.${z}`]}
            onChange={set(`delivery.${z}`)}
            error={errors[`delivery.${z}`]}
          />
        ))}
      </SimpleGrid>
    </NewVersionCard>
  );
}
