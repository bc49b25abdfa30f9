// The carrier of a pre-alert as detected (by the tracking provider, or by the number's shape),
// which the customer confirms or corrects (docs/product/first-mile.md); it saves through the
// pre-alert's own update, with every other field as it is.
import { Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CARRIER_LEG_MESSAGES as M,
  PREALERT_CARRIER_OPTIONS,
  carrierName,
  detectCarrier,
  type PrealertCarrier as Carrier,
} from '@casillero/shared';
import { getErrorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import type { Prealert } from './PrealertCard';

/** The carrier she named, else the one the provider or the number points to. */
export const carrierOfPrealert = (p: Prealert): string | null =>
  p.carrier ?? p.carrierLeg?.carrier ?? (p.trackingNumber ? detectCarrier(p.trackingNumber) : null);

export function PrealertCarrier({ prealert: p }: { prealert: Prealert }) {
  const queryClient = useQueryClient();
  const update = useMutation(trpc.prealerts.update.mutationOptions());
  const current = carrierOfPrealert(p);
  const save = async (carrier: string | null) => {
    if (!carrier || carrier === p.carrier) return;
    try {
      await update.mutateAsync({
        id: p.id,
        trackingNumber: p.trackingNumber,
        carrier: carrier as Carrier,
        senderName: p.senderName,
        description: p.description,
        quantityItems: p.quantityItems,
        amountSpentUsdCents: p.amountSpentUsdCents,
        estimatedWeight: p.estimatedWeight,
        estimatedValueUsdCents: p.estimatedValueUsdCents,
        estadoTracking: p.estadoTracking,
        notes: p.notes,
        mailboxId: p.mailboxId,
        invoiceFileId: p.invoiceFileId,
      });
      notifications.show({
        color: 'green',
        title: M.carrierSaved,
        message: M.detectedCarrier(carrierName(carrier) ?? carrier),
      });
    } catch (error) {
      notifications.show({ color: 'red', title: M.correctCarrier, message: getErrorMessage(error) });
    } finally {
      await queryClient.invalidateQueries({ queryKey: trpc.prealerts.mine.queryKey() });
    }
  };
  return (
    <Select
      label={M.carrierLabel}
      description={p.carrier ? undefined : M.correctCarrier}
      aria-label={M.correctCarrier}
      data={PREALERT_CARRIER_OPTIONS}
      value={current}
      onChange={(v) => void save(v)}
      allowDeselect={false}
      disabled={update.isPending || !p.isEditable}
      size="sm"
      maw={260}
      data-testid="prealert-carrier"
    />
  );
}
