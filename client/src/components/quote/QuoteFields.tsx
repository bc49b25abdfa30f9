import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import { QUOTE_RATES, insuranceRuleSummary, type InsuranceRule, formatUsdCents, fromCents } from '@casillero/shared';
import { DecimalInput } from '../forms/DecimalInput';

export type DimensionsValue = { largo: number | string; ancho: number | string; alto: number | string };
export type ExtrasValue = { valor: number | string; descripcion: string; seguro: boolean };

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
      <DecimalInput
        kind="dimensionCm"
        label="Largo (cm)"
        placeholder="0"
        value={value.largo}
        onChange={(largo) => onChange({ largo })}
      />
      <DecimalInput
        kind="dimensionCm"
        label="Ancho (cm)"
        placeholder="0"
        value={value.ancho}
        onChange={(ancho) => onChange({ ancho })}
      />
      <DecimalInput
        kind="dimensionCm"
        label="Alto (cm)"
        placeholder="0"
        value={value.alto}
        onChange={(alto) => onChange({ alto })}
      />
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
