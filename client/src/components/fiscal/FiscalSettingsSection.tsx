// Datos fiscales (docs/product/fiscal-invoices.md#settings): the administrator turns fiscal invoicing
// on, writes the business's legal name, RIF and address, the tax treatment of each kind of
// charge, IGTF and the control-number provider. The server checks everything again (the RIF's
// digit, rates within 0–100 %) and answers in Spanish.
import { Group, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  CHARGE_KINDS,
  CHARGE_KIND_LABELS,
  ON_BEHALF_KINDS,
  ON_BEHALF_KIND_LABELS,
  ON_BEHALF_TREATMENTS,
  CONTROL_NUMBER_PROVIDERS,
  CONTROL_NUMBER_PROVIDER_LABELS,
  TAX_TREATMENTS,
  TAX_TREATMENT_LABELS,
  type ChargeKind,
  type ControlNumberProviderName,
  type FiscalSettings,
  type TaxTreatmentKind,
} from '@casillero/shared';
import { DecimalInput, type DecimalValue } from '../forms/DecimalInput';
import { notifyChange } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { SubmitRow } from '../forms/FormParts';
import { textBinding } from '../forms/fields';

type TaxRow = { treatment: TaxTreatmentKind; ratePercent: DecimalValue; legalGround: string };
type Draft = Omit<FiscalSettings, 'taxes' | 'igtfBasisPoints'> & {
  igtfRatePercent: DecimalValue;
  taxes: Record<ChargeKind, TaxRow>;
};

function toDraft(s: FiscalSettings): Draft {
  const { taxes, igtfBasisPoints, ...rest } = s;
  return {
    ...rest,
    igtfRatePercent: igtfBasisPoints / 100,
    taxes: Object.fromEntries(
      CHARGE_KINDS.map((k) => {
        const t = taxes[k];
        return [
          k,
          t.treatment === 'iva'
            ? { treatment: 'iva', ratePercent: t.rateBasisPoints / 100, legalGround: '' }
            : { treatment: t.treatment, ratePercent: 16, legalGround: t.legalGround },
        ];
      }),
    ) as Record<ChargeKind, TaxRow>,
  };
}

function toInput(d: Draft) {
  return {
    ...d,
    igtfRatePercent: d.igtfRatePercent as number,
    taxes: Object.fromEntries(
      CHARGE_KINDS.map((k) => {
        const t = d.taxes[k];
        return [
          k,
          t.treatment === 'iva'
            ? { treatment: 'iva' as const, ratePercent: t.ratePercent as number }
            : { treatment: t.treatment, legalGround: t.legalGround },
        ];
      }),
    ) as never,
  };
}

export function FiscalSettingsSection() {
  const queryClient = useQueryClient();
  const query = useQuery(trpc.fiscal.settings.queryOptions());
  const save = useMutation(trpc.fiscal.updateSettings.mutationOptions());
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (query.data) setDraft(toDraft(query.data));
  }, [query.data]);
  if (!draft) return null;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const setTax = (kind: ChargeKind, patch: Partial<TaxRow>) =>
    set({ taxes: { ...draft.taxes, [kind]: { ...draft.taxes[kind], ...patch } } });
  const submit = async () => {
    const done = await notifyChange(
      () => save.mutateAsync(toInput(draft)),
      (r) => ({ message: r.message }),
    );
    if (done) await queryClient.invalidateQueries({ queryKey: trpc.fiscal.settings.queryKey() });
  };

  return (
    <section aria-labelledby="datos-fiscales">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h3" id="datos-fiscales">
            Datos fiscales
          </Title>
          <Switch
            label="Facturación fiscal (facturas con número de control, IVA e IGTF)"
            checked={draft.enabled}
            onChange={(e) => set({ enabled: e.currentTarget.checked })}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Razón social" {...textBinding(draft.legalName, (legalName) => set({ legalName }))} />
            <TextInput
              label="RIF"
              description="Con su dígito verificador, p. ej. J-00002961-0"
              {...textBinding(draft.rif, (rif) => set({ rif }))}
            />
            <TextInput label="Domicilio fiscal" {...textBinding(draft.address, (address) => set({ address }))} />
          </SimpleGrid>
          <Select
            label="Números de control"
            data={CONTROL_NUMBER_PROVIDERS.map((p) => ({ value: p, label: CONTROL_NUMBER_PROVIDER_LABELS[p] }))}
            value={draft.controlProvider}
            onChange={(v) => v && set({ controlProvider: v as ControlNumberProviderName })}
            allowDeselect={false}
          />
          <Group align="flex-end">
            <Switch
              label="Cobrar IGTF en pagos en divisas (dólares, Zelle, Binance)"
              checked={draft.igtfApplies}
              onChange={(e) => set({ igtfApplies: e.currentTarget.checked })}
            />
            <DecimalInput
              kind="percent"
              label="IGTF (%)"
              value={draft.igtfRatePercent}
              onChange={(v) => set({ igtfRatePercent: v })}
              w={120}
            />
          </Group>
          <Text fw={600} size="sm">
            Impuesto por tipo de cargo
          </Text>
          {CHARGE_KINDS.map((kind) => {
            const t = draft.taxes[kind];
            return (
              <Group key={kind} align="flex-end" wrap="wrap" gap="xs">
                <Text size="sm" w={180}>
                  {CHARGE_KIND_LABELS[kind]}
                </Text>
                <Select
                  aria-label={`Tratamiento de ${CHARGE_KIND_LABELS[kind]}`}
                  data={TAX_TREATMENTS.map((x) => ({ value: x, label: TAX_TREATMENT_LABELS[x] }))}
                  value={t.treatment}
                  onChange={(v) => v && setTax(kind, { treatment: v as TaxTreatmentKind })}
                  allowDeselect={false}
                  w={140}
                />
                {t.treatment === 'iva' ? (
                  <DecimalInput
                    kind="percent"
                    aria-label={`Alícuota de IVA de ${CHARGE_KIND_LABELS[kind]} (%)`}
                    value={t.ratePercent}
                    onChange={(v) => setTax(kind, { ratePercent: v })}
                    w={120}
                  />
                ) : (
                  <TextInput
                    aria-label={`Base legal de ${CHARGE_KIND_LABELS[kind]}`}
                    placeholder="Base legal (p. ej. Art. 16, Ley de IVA)"
                    value={t.legalGround}
                    onChange={(e) => setTax(kind, { legalGround: e.currentTarget.value })}
                    style={{ flex: 1, minWidth: 220 }}
                  />
                )}
              </Group>
            );
          })}
          {/* Fixed, not the administrator's (docs/product/fiscal-invoices.md#taxes): paid on the customer's behalf. */}
          {ON_BEHALF_KINDS.map((kind) => (
            <Group key={kind} wrap="wrap" gap="xs">
              <Text size="sm" w={180}>
                {ON_BEHALF_KIND_LABELS[kind]}
              </Text>
              <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 220 }}>
                {ON_BEHALF_TREATMENTS[kind].legalGround}
              </Text>
            </Group>
          ))}
          <SubmitRow label="Guardar datos fiscales" busy={save.isPending} />
        </Stack>
      </form>
    </section>
  );
}
