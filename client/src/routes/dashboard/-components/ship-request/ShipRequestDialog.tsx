// 'Enviar a Venezuela' from Almacén (docs/product/last-mile.md#the-ship-request): the customer ticks
// parcels in the warehouse or finished repacks (one box each, its parcels not offered alone), chooses the mode where the origin offers two, the recipient and the
// delivery (home or an agency), sees the price (the public calculator's, storage and delivery, and
// the taxes its invoice will carry: docs/product/fiscal-invoices.md#taxes) and the next departure,
// may insure it ('Asegurar envío': docs/product/insurance.md), and confirms the total shown: the
// shipment is prepared and the invoice, of exactly that total, is in Facturas.
import { AfterFirstPaint } from '../../../../components/layout/AfterFirstPaint';
import { TravelFlags } from '../../../../components/travel-rules/TravelFlags';
import { Suspense, useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Divider, Group, Modal, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import {
  PRICE_LIST_MESSAGES,
  DELIVERY_METHOD_LABELS,
  INSURANCE_LABELS,
  QUOTE_TAX_LABELS,
  SHIP_REQUEST_LABELS as L,
  SHIP_REQUEST_MESSAGES as M,
  SHIPPING_METHOD_LABELS,
  formatUsdCents,
  insuranceRuleSummary,
  ivaLineLabel,
  type ShippingMethod,
  formatKg,
  formatMeasures,
} from '@casillero/shared';
import { DeparturePromise } from '../../../../components/departures/DeparturePromise';
import { DeliveryChoice, useMyRecipients, type DeliveryValue } from '../../../../components/delivery/DeliveryChoice';
import { getErrorMessage } from '../../../../lib/errors';
import { notifySuccess } from '../../../../lib/notify';
import { trpc } from '../../../../lib/trpc';
import { ConsolidationEstimate } from '../../../../components/customs/lazy';

export type ShippableParcel = {
  id: string;
  trackingNumber: string | null;
  description: string;
  weightKg: number | null;
  dimensionsCm: string | null;
  /** In a repack the warehouse has not done yet: shown, not offered (the server refuses it too). */
  waitingRepack: boolean;
};

/** A finished repack: one box (its WR, weight and measures) holding several parcels. */
export type ShippableRepack = {
  id: string;
  warehouseReceipt: string | null;
  weightKg: number | null;
  dimensionsCm: string | null;
  packageIds: string[];
};

const measuresOf = (b: { weightKg: number | null; dimensionsCm: string | null }) =>
  [b.weightKg != null ? formatKg(b.weightKg) : null, b.dimensionsCm ? formatMeasures(b.dimensionsCm) : null]
    .filter(Boolean)
    .join(' · ');

function Line({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} data-testid={strong ? 'ship-request-total' : undefined}>
        {formatUsdCents(cents)}
      </Text>
    </Group>
  );
}

function ShipRequestForm({
  parcels,
  repacks,
  onClose,
}: {
  parcels: ShippableParcel[];
  repacks: ShippableRepack[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [packageIds, setPackageIds] = useState<string[]>([]);
  const [repackIds, setRepackIds] = useState<string[]>([]);
  const ticked = packageIds.length + repackIds.length;
  const [shippingMethod, setShippingMethod] = useState<ShippingMethod>('aereo');
  const [choice, setChoice] = useState<DeliveryValue>({ recipientId: '', deliveryMethod: 'home', agencyId: null });
  const { recipientId, deliveryMethod, agencyId } = choice;
  const [insured, setInsured] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The first quote's signed price list (docs/product/price-lists.md): kept while the dialog is
  // open, so the price seen is the one charged even if a new version starts meanwhile.
  const [quoteToken, setQuoteToken] = useState<string | null>(null);

  const recipients = useMyRecipients();
  const delivery =
    recipientId && (deliveryMethod === 'home' || agencyId)
      ? { recipientId, deliveryMethod, agencyId: deliveryMethod === 'agency' ? agencyId : null }
      : {};
  const quote = useQuery({
    ...trpc.shipRequests.quote.queryOptions({
      packageIds,
      repackIds,
      shippingMethod,
      insured,
      quoteToken,
      ...delivery,
    }),
    enabled: ticked > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const create = useMutation(trpc.shipRequests.create.mutationOptions());
  const seenToken = quote.data?.quoteToken ?? null;
  useEffect(() => {
    if (seenToken) setQuoteToken((kept) => kept ?? seenToken);
  }, [seenToken]);
  // Each quote shown is one the customer has seen: its prices are honoured for the set days even
  // after the dialog closes (docs/product/price-lists.md). The quote itself writes nothing.
  const { mutate: markQuoteSeen } = useMutation(trpc.shipRequests.quoteSeen.mutationOptions());
  useEffect(() => {
    if (seenToken) markQuoteSeen({ quoteToken: seenToken });
  }, [seenToken, markQuoteSeen]);
  const methods = quote.data?.methods ?? ['aereo', 'maritimo'];

  const confirm = async () => {
    setError(null);
    if (!recipientId) return setError(L.recipientRequired);
    try {
      const r = await create.mutateAsync({
        packageIds,
        repackIds,
        shippingMethod,
        recipientId,
        deliveryMethod,
        agencyId: deliveryMethod === 'agency' ? agencyId : null,
        insured,
        quoteToken: quoteToken ?? seenToken,
        // The total shown, taxes included: the invoice charges exactly it, or nothing is issued.
        confirmedTotalUsdCents: quote.data?.totalUsdCents ?? null,
      });
      notifySuccess(L.successTitle, r.message);
      await queryClient.invalidateQueries();
      onClose();
    } catch (e) {
      const message = getErrorMessage(e);
      // The price seen is no longer honoured: quote again with the prices in effect.
      if (message === PRICE_LIST_MESSAGES.quoteExpired) setQuoteToken(null);
      // The price may have changed since it was shown: show the new one to review.
      void quote.refetch();
      setError(message);
    }
  };

  const toggle = (id: string, on: boolean) => setPackageIds((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  const toggleRepack = (id: string, on: boolean) =>
    setRepackIds((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {L.parcels}
        </Text>
        {repacks.map((r) => (
          <Checkbox
            key={r.id}
            checked={repackIds.includes(r.id)}
            onChange={(e) => toggleRepack(r.id, e.currentTarget.checked)}
            label={L.repack(r.warehouseReceipt ?? L.noTracking)}
            description={[measuresOf(r), L.repackContents(r.packageIds.length)].filter(Boolean).join(' · ')}
          />
        ))}
        {parcels.map((p) => (
          <Checkbox
            key={p.id}
            checked={packageIds.includes(p.id)}
            disabled={p.waitingRepack}
            onChange={(e) => toggle(p.id, e.currentTarget.checked)}
            label={`${p.trackingNumber ?? L.noTracking} · ${p.description}`}
            description={p.waitingRepack ? L.waitingRepack : measuresOf(p)}
          />
        ))}
      </Stack>

      {methods.length > 1 ? (
        <SegmentedControl
          aria-label={L.mode}
          value={shippingMethod}
          onChange={(v) => setShippingMethod(v as ShippingMethod)}
          data={methods.map((m) => ({ value: m, label: SHIPPING_METHOD_LABELS[m] }))}
        />
      ) : (
        <Text size="sm">{L.onlyMode(SHIPPING_METHOD_LABELS[methods[0] ?? 'maritimo'])}</Text>
      )}

      <DeliveryChoice
        recipients={recipients.data ?? []}
        loading={recipients.isPending}
        value={choice}
        onChange={setChoice}
        labels={{
          recipientPlaceholder: L.recipientPlaceholder,
          noRecipients: L.noRecipients,
          agencyCity: L.city,
          noAgencies: L.noAgencies,
        }}
      />

      <Switch
        label={INSURANCE_LABELS.switch}
        description={
          quote.data ? INSURANCE_LABELS.switchDescription(insuranceRuleSummary(quote.data.insuranceRule)) : undefined
        }
        checked={insured}
        onChange={(e) => setInsured(e.currentTarget.checked)}
      />

      {ticked > 0 && (
        <Stack gap={4} data-testid="ship-request-price">
          <Divider label={L.price} labelPosition="left" />
          {quote.isError && (
            <Alert color="red" variant="light">
              {getErrorMessage(quote.error)}
            </Alert>
          )}
          {quote.data && (
            <>
              <Line label={L.freight(SHIPPING_METHOD_LABELS[shippingMethod])} cents={quote.data.freightUsdCents} />
              {quote.data.importTaxesUsdCents > 0 && (
                <Line label={QUOTE_TAX_LABELS.importTaxes} cents={quote.data.importTaxesUsdCents} />
              )}
              {quote.data.storageUsdCents > 0 && <Line label={M.lineStorage} cents={quote.data.storageUsdCents} />}
              {quote.data.deliveryUsdCents !== null && (
                <Line label={DELIVERY_METHOD_LABELS[deliveryMethod]} cents={quote.data.deliveryUsdCents} />
              )}
              {quote.data.insured && (
                <>
                  <Line label={INSURANCE_LABELS.line} cents={quote.data.insuranceUsdCents} />
                  <Text size="xs" c="dimmed">
                    {INSURANCE_LABELS.insuredValue}: {formatUsdCents(quote.data.declaredUsdCents)}
                  </Text>
                </>
              )}
              {quote.data.taxes.ivaBuckets.map((b) => (
                <Line key={b.rateBasisPoints} label={ivaLineLabel(b)} cents={b.ivaUsdCents} />
              ))}
              <Line label={L.total} cents={quote.data.totalUsdCents} strong />
              <Suspense fallback={null}>
                <ConsolidationEstimate {...quote.data.customs} />
              </Suspense>
              {quote.data.travelWarnings.map((w) => (
                <TravelFlags key={`${w.label}-${w.flag.code}`} flags={[w.flag]} label={w.label} />
              ))}
              <Text size="xs" c="dimmed">
                {PRICE_LIST_MESSAGES.inEffectSince(quote.data.priceList.effectiveFrom)}
              </Text>
              <DeparturePromise mode={shippingMethod} origin={quote.data.origin} />
            </>
          )}
        </Stack>
      )}

      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}

      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {L.cancel}
        </Button>
        <Button
          onClick={confirm}
          loading={create.isPending}
          disabled={
            ticked === 0 ||
            !recipientId ||
            (deliveryMethod === 'agency' && !agencyId) ||
            // What is confirmed is the total shown: not one still being recomputed.
            !quote.data ||
            quote.isPlaceholderData
          }
        >
          {L.confirm}
        </Button>
      </Group>
    </Stack>
  );
}

/** The button on Almacén and its dialog; shown when some parcel or finished repack can travel. */
export function ShipRequestAction({
  parcels,
  repacks,
}: {
  parcels: ShippableParcel[];
  /** Undefined while loading: until then nobody can tell which parcels are inside a box. */
  repacks: ShippableRepack[] | undefined;
}) {
  const [opened, setOpened] = useState(false);
  if (!repacks) return null;
  // A finished repack's parcels travel in its box: they are offered only as the box.
  const inBoxes = new Set(repacks.flatMap((r) => r.packageIds));
  const loose = parcels.filter((p) => !inBoxes.has(p.id));
  if (loose.every((p) => p.waitingRepack) && repacks.length === 0) return null;
  return (
    <>
      <Button onClick={() => setOpened(true)}>{L.action}</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={L.action} size="lg" fullScreen={false}>
        {opened && (
          <AfterFirstPaint>
            <ShipRequestForm parcels={loose} repacks={repacks} onClose={() => setOpened(false)} />
          </AfterFirstPaint>
        )}
      </Modal>
    </>
  );
}
