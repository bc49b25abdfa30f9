// 'Asegurar envío' in staff's Crear Envío (docs/product/insurance.md#insuring-a-shipment): the same
// switch and rule as the customer's ship request. The premium shown is the shared rule applied to
// the chosen parcels' declared values; the server computes what is recorded and invoiced.
import { Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { INSURANCE_LABELS, formatUsdCents, insurancePremiumCents, insuranceRuleSummary } from '@casillero/shared';
import { trpc } from '../../../../lib/trpc';
import type { ShippablePackage } from './types';

export function ShipmentInsuranceSwitch({
  chosen,
  checked,
  onChange,
}: {
  chosen: ShippablePackage[];
  checked: boolean;
  onChange: (insured: boolean) => void;
}) {
  const rule = useQuery(trpc.site.insuranceRule.queryOptions());
  const missing = chosen.filter((p) => p.estimatedValueUsdCents === null).length;
  const declaredUsdCents = chosen.reduce((sum, p) => sum + (p.estimatedValueUsdCents ?? 0), 0);
  return (
    <div>
      <Switch
        label={INSURANCE_LABELS.switch}
        description={rule.data ? INSURANCE_LABELS.switchDescription(insuranceRuleSummary(rule.data)) : undefined}
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      {checked && chosen.length > 0 && (
        <Text size="sm" mt={4} c={missing ? 'red' : undefined} data-testid="shipment-insurance">
          {missing
            ? INSURANCE_LABELS.staffMissingValues(missing)
            : rule.data
              ? INSURANCE_LABELS.staffPremium(
                  formatUsdCents(insurancePremiumCents(declaredUsdCents, rule.data)),
                  formatUsdCents(declaredUsdCents),
                )
              : null}
        </Text>
      )}
    </div>
  );
}
