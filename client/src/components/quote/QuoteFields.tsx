import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import { QUOTE_RATES, insuranceRuleSummary, type InsuranceRule, formatUsdCents, fromCents } from '@casillero/shared';
import { DecimalInput } from '../forms/DecimalInput';

export type DimensionsValue = { largo: number | string; ancho: number | string; alto: number | string };
export type ExtrasValue = { valor: number | string; descripcion: string; seguro: boolean };

const DIMENSIONS: readonly { key: keyof DimensionsValue; label: string }[] = [
  { key: 'largo', label: 'Largo (cm)' },
  { key: 'ancho', label: 'Ancho (cm)' },
  { key: 'alto', label: 'Alto (cm)' },
];

/** Largo, ancho and alto in centimetres. */
export function DimensionFields({
  value,
  onChange,
}: {
  value: DimensionsValue;
  onChange: (patch: Partial<DimensionsValue>) => void;
}) {
  return (
    <SimpleGrid cols={3} spacing="sm">
      {DIMENSIONS.map(({ key, label }) => (
        <DecimalInput
          key={key}
          kind="dimensionCm"
          label={label}
          placeholder="0"
          value={value[key]}
          onChange={(v) => onChange({ [key]: v })}
        />
      ))}
    </SimpleGrid>
  );
}

/** Declared value, description and the insurance switch. */
export function ExtraFields({
  value,
  onChange,
  rule,
}: {
  value: ExtrasValue;
  onChange: (patch: Partial<ExtrasValue>) => void;
  /** The price list's insurance rule (docs/product/insurance.md); null while it loads. */
  rule: InsuranceRule | null;
}) {
  return (
    <>
      <DecimalInput
        kind="amountUsd"
        withSign
        label="Valor declarado (USD)"
        description={`Si lo dejas vacío, se toman ${formatUsdCents(QUOTE_RATES.defaultDeclaredValueUsdCents)} para el seguro.`}
        placeholder={String(fromCents(QUOTE_RATES.defaultDeclaredValueUsdCents))}
        value={value.valor}
        onChange={(valor) => onChange({ valor })}
      />
      <TextInput
        label="Descripción"
        placeholder="Ej.: ropa, repuestos, electrónicos"
        maxLength={200}
        value={value.descripcion}
        onChange={(e) => onChange({ descripcion: e.currentTarget.value })}
      />
      <Switch
        label={rule ? `Incluir seguro (${insuranceRuleSummary(rule)})` : 'Incluir seguro'}
        checked={value.seguro}
        onChange={(e) => onChange({ seguro: e.currentTarget.checked })}
      />
    </>
  );
}
