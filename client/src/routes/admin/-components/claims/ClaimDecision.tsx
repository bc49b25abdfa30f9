// The desk's decision on a claim (docs/product/claims.md#decisions-and-payouts): approve (what is
// left of the cap, or a weight dispute's corrected measures), approve in part (the amount typed)
// or reject with a reason. Before deciding, the drawer shows the limit, what the parcel (or the
// shipment) was already paid by other claims and what is left (docs/product/claims.md#the-cap-across-claims).
// Amounts and weights are typed in the shared decimal field, so "2,5" is $2,50 however it arrives,
// and a value far from the usual is asked about before it is sent.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { CLAIM_MESSAGES as M, formatUsdCents, type ClaimDecision as Decision } from '@casillero/shared';
import type { ClaimDetail } from '../../../../components/claims/ClaimView';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { getErrorMessage } from '../../../../lib/errors';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { trpc } from '../../../../lib/trpc';
import { GrowingTextarea } from '../../../../components/forms/fields';

const DECISION_LABELS: Record<Decision, string> = {
  approve: 'Aprobar',
  partial: 'Aprobar en parte',
  reject: 'Rechazar',
};

type Payout = ClaimDetail['payout'];

/** The limit and where it comes from, what was paid and what is left. */
function PayoutRoom({ payout, onPackage }: { payout: Payout; onPackage: boolean }) {
  const { limitUsdCents, insuredUsdCents, declaredUsdCents, shipmentDeclaredUsdCents, shipment } = payout;
  // The shipment's own limit leaves less than the parcel's: say so, or "Disponible" reads wrong.
  const shipmentBinds =
    shipment != null && shipment.limitUsdCents - shipment.paidUsdCents < limitUsdCents - payout.paidUsdCents;
  return (
    <Stack gap={2} aria-label={M.payoutLimit} data-testid="claim-payout-room">
      <Text size="sm">
        {M.payoutLimit}: <b>{formatUsdCents(limitUsdCents)}</b> ·{' '}
        {insuredUsdCents != null && shipmentDeclaredUsdCents != null
          ? M.insuredShare(
              formatUsdCents(insuredUsdCents),
              formatUsdCents(declaredUsdCents ?? 0),
              formatUsdCents(shipmentDeclaredUsdCents),
            )
          : insuredUsdCents != null
            ? `${M.insured} (${formatUsdCents(insuredUsdCents)})`
            : `${M.uninsured}, valor declarado ${declaredUsdCents != null ? formatUsdCents(declaredUsdCents) : '—'}`}
      </Text>
      <Text size="sm">
        {onPackage ? M.paidOnPackage : M.paidOnShipment}: <b>{formatUsdCents(payout.paidUsdCents)}</b> · {M.payoutLeft}:{' '}
        <b>{formatUsdCents(payout.leftUsdCents)}</b>
      </Text>
      {shipmentBinds && (
        <Text size="sm" c="dimmed">
          {M.shipmentCapBinds(
            shipment.code,
            formatUsdCents(shipment.limitUsdCents),
            formatUsdCents(shipment.paidUsdCents),
          )}
        </Text>
      )}
    </Stack>
  );
}

export function ClaimDecision({ claim }: { claim: ClaimDetail }) {
  const [decision, setDecision] = useState<Decision>('approve');
  const [amount, setAmount] = useState<DecimalValue>('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [weightKg, setWeightKg] = useState<DecimalValue>('');
  const [weightError, setWeightError] = useState<string | null>(null);
  const [dimensionsCm, setDimensionsCm] = useState('');
  const decide = useMutation(trpc.claims.decide.mutationOptions());
  const plausible = usePlausibleConfirm();
  const queryClient = useQueryClient();
  const weight = claim.kind === 'weight_dispute';
  const left = claim.payout.leftUsdCents;
  const isPartial = decision === 'partial';
  const correctsWeight = weight && decision === 'approve';

  const submit = async () => {
    // A field left empty or unreadable sends nothing; the field says why.
    if (isPartial && typeof amount !== 'number') return setAmountError(M.amountRequired);
    if (correctsWeight && typeof weightKg !== 'number') return setWeightError(M.weightRequired);
    const checks = [
      ...(isPartial ? [{ kind: 'amountUsd' as const, value: amount }] : []),
      ...(correctsWeight ? [{ kind: 'weightKg' as const, value: weightKg }] : []),
    ];
    if (!(await plausible.confirm(checks))) return;
    decide.mutate(
      {
        id: claim.id,
        decision,
        amountUsd: isPartial && typeof amount === 'number' ? amount : undefined,
        reason: reason.trim() || undefined,
        weightKg: correctsWeight && typeof weightKg === 'number' ? weightKg : undefined,
        dimensionsCm: correctsWeight && dimensionsCm ? dimensionsCm : undefined,
      },
      {
        onSuccess: (r) => {
          notifySuccess(undefined, r.message);
          void queryClient.invalidateQueries({ queryKey: trpc.claims.pathKey() });
        },
        onError: (e) => notifyError(getErrorMessage(e)),
      },
    );
  };

  return (
    <Card withBorder padding="sm" component="section" aria-label="Decisión">
      {plausible.dialog}
      <Stack gap="xs">
        {!weight && <PayoutRoom payout={claim.payout} onPackage={claim.packageId != null} />}
        <SegmentedControl
          value={decision}
          onChange={(v) => setDecision(v as Decision)}
          data={(weight ? (['approve', 'reject'] as const) : (['approve', 'partial', 'reject'] as const)).map((d) => ({
            value: d,
            label: DECISION_LABELS[d],
          }))}
        />
        {!weight && decision === 'approve' && (
          <Text size="sm" c="dimmed">
            {M.approvePaysLeft(formatUsdCents(left))}
          </Text>
        )}
        {isPartial && (
          <DecimalInput
            kind="amountUsd"
            label="Monto a acreditar (USD)"
            description={`${M.payoutLeft}: ${formatUsdCents(left)}`}
            value={amount}
            error={amountError}
            onChange={(v) => {
              setAmount(v);
              setAmountError(null);
            }}
          />
        )}
        {correctsWeight && (
          <Group grow align="flex-start">
            <DecimalInput
              kind="weightKg"
              label="Peso corregido (kg)"
              value={weightKg}
              error={weightError}
              onChange={(v) => {
                setWeightKg(v);
                setWeightError(null);
              }}
            />
            <TextInput
              label="Medidas corregidas (cm)"
              placeholder="30x20x15"
              value={dimensionsCm}
              onChange={(e) => setDimensionsCm(e.currentTarget.value)}
            />
          </Group>
        )}
        <GrowingTextarea
          label={decision === 'reject' ? 'Motivo (lo leerá el cliente)' : 'Nota para el cliente (opcional)'}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Button
          color={decision === 'reject' ? 'red' : 'green'}
          w="fit-content"
          loading={decide.isPending}
          onClick={() => void submit()}
        >
          Confirmar decisión
        </Button>
      </Stack>
    </Card>
  );
}
