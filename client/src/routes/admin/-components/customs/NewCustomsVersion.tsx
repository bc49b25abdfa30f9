// The form of a new version of the customs rules (docs/product/customs.md#the-rules-as-versions):
// prefilled from the version in effect, checked with the shared schema the server applies
// (@mantine/form), from now on or from a coming day, with the source of its figures. Rates are typed
// as percentages and kept as basis points; money typed in dollars and kept in cents.
import type { ReactNode } from 'react';
import { Alert, Checkbox, Group, SegmentedControl, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import {
  CUSTOMS_CATEGORY_LABELS,
  CUSTOMS_MESSAGES as M,
  CUSTOMS_MODE_LABELS,
  customsVersionInput,
  type CustomsRules,
  type TravelMode,
} from '@casillero/shared';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { UsdCentsInput } from '../../../../components/forms/UsdCentsInput';
import { GrowingTextarea } from '../../../../components/forms/fields';
import { useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { trpc } from '../../../../lib/trpc';
import { NewVersionCard, StartDayInput, firstStartDay, useVersionsChange } from '../versions/VersionsScreen';
import { CUSTOMS_VERSIONS, type CustomsVersion } from './CustomsVersions';

type Values = { startDay: string | null; note: string; rules: CustomsRules };

/** A rate kept in basis points, typed as a percentage with two decimals ('16' is 1600). */
function BasisPointsInput({
  value,
  onChange,
  ...props
}: {
  value?: unknown;
  onChange: (v: DecimalValue) => void;
  label: string;
  error?: ReactNode;
}) {
  const percent = typeof value === 'number' ? value / 100 : (value as string);
  return (
    <DecimalInput
      kind="percent"
      value={percent}
      onChange={(v) => onChange(typeof v === 'number' ? Math.round(v * 100) : v)}
      {...props}
    />
  );
}

const MODE_MONEY = [
  ['fixedPerGuiaUsdCents', M.fixedPerGuia],
  ['fixedPerBoxUsdCents', M.fixedPerBox],
  ['exemptUpToUsdCents', M.exemptUpTo],
  ['courierUpToUsdCents', M.courierUpTo],
] as const;

export function NewCustomsVersion({ from }: { from: CustomsVersion }) {
  const create = useVersionsChange(trpc.customs.create.mutationOptions(), trpc.customs.versions.queryKey());
  const form = useSchemaForm<Values>(customsVersionInput, { startDay: null, note: '', rules: from.rules });
  const { values } = form;
  const errors = [...new Set(Object.values(form.errors).map(String))];
  const submit = form.onSubmit(async (v) => {
    if (await create.save(v)) form.setFieldValue('note', '');
  });

  const modeFields = (mode: TravelMode) => {
    const path = `rules.modes.${mode}` as const;
    return (
      <fieldset key={mode} style={{ border: 0, padding: 0, margin: 0 }} aria-label={CUSTOMS_MODE_LABELS[mode]}>
        <Title order={4} size="h6" mb="xs">
          {CUSTOMS_MODE_LABELS[mode]}
        </Title>
        <Group gap="md" mb="xs">
          <Checkbox
            label={M.valueIncludesFreight}
            {...form.getInputProps(`${path}.valueIncludesFreight`, { type: 'checkbox' })}
          />
          <Checkbox
            label={M.valueIncludesInsurance}
            {...form.getInputProps(`${path}.valueIncludesInsurance`, { type: 'checkbox' })}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {MODE_MONEY.map(([key, label]) => (
            <UsdCentsInput
              key={key}
              withSign
              emptyValue={0}
              label={`${CUSTOMS_MODE_LABELS[mode]}: ${label.toLowerCase()}`}
              {...form.getInputProps(`${path}.${key}`)}
            />
          ))}
        </SimpleGrid>
      </fieldset>
    );
  };

  return (
    <NewVersionCard kind={CUSTOMS_VERSIONS} saving={create.saving} onSubmit={() => submit()}>
      <Group align="flex-end">
        <SegmentedControl
          aria-label={M.effectiveAt}
          value={values.startDay === null ? 'now' : 'day'}
          onChange={(v) => form.setFieldValue('startDay', v === 'now' ? null : firstStartDay())}
          data={[
            { value: 'now', label: M.startNow },
            { value: 'day', label: M.startOn },
          ]}
        />
        {values.startDay !== null && (
          <StartDayInput
            label={M.startDay}
            value={values.startDay}
            onChange={(d) => form.setFieldValue('startDay', d)}
            maw={220}
          />
        )}
      </Group>
      <GrowingTextarea
        label={M.note}
        description={M.noteHint}
        minRows={2}
        withAsterisk
        {...form.getInputProps('note')}
      />
      <Title order={3} size="h5">
        {M.categories}
      </Title>
      <Table withTableBorder layout="fixed" aria-label={M.categories}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{M.category}</Table.Th>
            <Table.Th>{M.duty}</Table.Th>
            <Table.Th>{M.chapter}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {values.rules.categories.map((c, i) => {
            const label = CUSTOMS_CATEGORY_LABELS[c.category];
            return (
              <Table.Tr key={c.category}>
                <Table.Td fw={500}>{label}</Table.Td>
                <Table.Td>
                  <BasisPointsInput
                    label={`${M.duty}: ${label}`}
                    {...form.getInputProps(`rules.categories.${i}.dutyBasisPoints`)}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    label={`${M.chapter}: ${label}`}
                    value={c.tariffChapter ?? ''}
                    onChange={(e) =>
                      form.setFieldValue(`rules.categories.${i}.tariffChapter`, e.currentTarget.value || null)
                    }
                    error={form.errors[`rules.categories.${i}.tariffChapter`]}
                    maxLength={2}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h5">
        {M.charges}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <BasisPointsInput label={M.iva} {...form.getInputProps('rules.ivaBasisPoints')} />
        <BasisPointsInput label={M.serviceFee} {...form.getInputProps('rules.serviceFeeBasisPoints')} />
      </SimpleGrid>
      {modeFields('air')}
      {modeFields('sea')}
      {errors.length > 0 && (
        <Alert color="red" role="alert">
          {errors.map((e) => (
            <Text key={e} size="sm">
              {e}
            </Text>
          ))}
        </Alert>
      )}
    </NewVersionCard>
  );
}
