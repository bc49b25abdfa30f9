// The delivery choice (docs/product/last-mile.md#delivery): the recipient, home delivery or
// pickup at an agency (chosen by state and city), and what the delivery costs. Staff's 'Crear
// Envío' and 'Editar envío' and the customer's ship request use it; the server decides again
// (resolveDelivery) when the choice is saved.
import { useEffect, useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { inferOutput } from '@trpc/tanstack-react-query';
import {
  DELIVERY_CHOICE_LABELS as DELIVERY_LABELS,
  DELIVERY_METHODS,
  DELIVERY_METHOD_LABELS,
  VENEZUELAN_STATES,
  deliveryZoneOf,
  formatUsdCents,
  type DeliveryMethod,
  type VenezuelanState,
} from '@casillero/shared';
import { trpc } from '../../lib/trpc';
import { useInvalidate } from '../forms/useInvalidate';
import { RecipientForm } from '../recipients/RecipientsCard';

export type DeliveryRecipient = inferOutput<typeof trpc.recipients.mine>[number];
export type DeliveryValue = { recipientId: string; deliveryMethod: DeliveryMethod; agencyId: string | null };

const isState = (s: string | null | undefined): s is VenezuelanState =>
  Boolean(s) && (VENEZUELAN_STATES as readonly string[]).includes(s as string);

/** A staff member's view of the chosen customer's recipients ('Crear Envío', 'Editar envío'). */
export function useCustomerRecipients(userId: string) {
  return useQuery({ ...trpc.recipients.ofCustomer.queryOptions({ userId }), enabled: Boolean(userId) });
}

/** The signed-in customer's own recipients (the ship request). */
export function useMyRecipients() {
  return useQuery(trpc.recipients.mine.queryOptions());
}

/** What the choice costs: the zone fee of the recipient's state for home delivery, nothing at an agency. */
export function deliveryFeeOf(
  fees: Record<'caracas' | 'central' | 'interior', number> | undefined,
  recipient: DeliveryRecipient | undefined,
  method: DeliveryMethod,
): number | null {
  if (method === 'agency') return 0;
  if (!fees || !recipient) return null;
  return fees[isState(recipient.state) ? deliveryZoneOf(recipient.state) : 'interior'];
}

type Props = {
  recipients: DeliveryRecipient[];
  loading?: boolean;
  value: DeliveryValue;
  onChange: (value: DeliveryValue) => void;
  errors?: Partial<Record<keyof DeliveryValue, React.ReactNode>>;
  /** The agency's state to start from (an edited shipment's); else the recipient's. */
  initialAgencyState?: string | null;
  /** Staff only: the customer whose book 'Nuevo destinatario' adds to. */
  customerId?: string;
  /** Words of the customer's own (the ship request's), instead of the staff's. */
  labels?: Partial<Record<'recipientPlaceholder' | 'noRecipients' | 'agencyCity' | 'noAgencies', string>>;
};

export function DeliveryChoice({
  recipients,
  loading,
  value,
  onChange,
  errors,
  initialAgencyState,
  customerId,
  labels,
}: Props) {
  const L = { ...DELIVERY_LABELS, ...labels };
  const [adding, setAdding] = useState(false);
  const invalidateRecipients = useInvalidate(trpc.recipients);
  const recipient = recipients.find((r) => r.id === value.recipientId);
  const fees = useQuery(trpc.delivery.fees.queryOptions());
  const [agencyState, setAgencyState] = useState<string | null>(
    isState(initialAgencyState) ? initialAgencyState : isState(recipient?.state) ? recipient.state : null,
  );
  const [cityText, setCityText] = useState('');
  const [city] = useDebouncedValue(cityText.trim(), 300);
  const agencies = useQuery({
    ...trpc.agencies.search.queryOptions({ state: (agencyState ?? 'Distrito Capital') as VenezuelanState, city }),
    enabled: value.deliveryMethod === 'agency' && isState(agencyState),
  });
  const fee = deliveryFeeOf(fees.data, recipient, value.deliveryMethod);

  // The account holder is the default recipient (docs/product/last-mile.md#recipients).
  const holder = recipients.find((r) => r.isAccountHolder);
  useEffect(() => {
    if (!value.recipientId && holder) onChange({ ...value, recipientId: holder.id });
  }, [holder, value, onChange]);
  // The agency search starts in the recipient's state once the recipients have loaded.
  const recipientState = recipient?.state;
  useEffect(() => {
    if (agencyState === null && isState(recipientState)) setAgencyState(recipientState);
  }, [agencyState, recipientState]);

  const chooseRecipient = (id: string | null, added?: DeliveryRecipient) => {
    const chosen = added ?? recipients.find((r) => r.id === id);
    // The agency search starts in the recipient's state until someone picks another.
    if (chosen && isState(chosen.state) && !value.agencyId) setAgencyState(chosen.state);
    onChange({ ...value, recipientId: id ?? '' });
  };

  const recipientSelect = (
    <Select
      label={L.recipient}
      placeholder={L.recipientPlaceholder}
      required
      searchable
      nothingFoundMessage={L.noRecipients}
      disabled={loading}
      data={recipients.map((r) => ({
        value: r.id,
        label: [
          r.fullName,
          r.isAccountHolder ? `(${L.accountHolder})` : null,
          r.isAuthorized ? `(${L.authorized})` : null,
          r.complete ? null : `(${L.incomplete})`,
          r.city ? `· ${r.city}, ${r.state}` : null,
        ]
          .filter(Boolean)
          .join(' '),
        // The server refuses them too (resolveDelivery): a shipment needs the whole destination.
        disabled: !r.complete,
      }))}
      value={value.recipientId || null}
      onChange={(id) => chooseRecipient(id)}
      error={errors?.recipientId}
    />
  );

  return (
    <Stack gap="sm">
      {customerId ? (
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ flex: 1 }}>{recipientSelect}</div>
          <Button
            variant="light"
            mt={25}
            leftSection={<IconPlus size={16} />}
            disabled={loading}
            onClick={() => setAdding(true)}
          >
            {L.newRecipient}
          </Button>
        </Group>
      ) : (
        recipientSelect
      )}
      {customerId && (
        <Modal opened={adding} onClose={() => setAdding(false)} title={L.newRecipient} size="lg">
          {/* The form sits in a portal inside the shipment's form: its submit must not reach that form. */}
          <div onSubmit={(e) => e.stopPropagation()}>
            {adding && (
              <RecipientForm
                recipient={null}
                customerId={customerId}
                onClose={() => setAdding(false)}
                invalidate={invalidateRecipients}
                onCreated={(created) => chooseRecipient(created.id, created)}
              />
            )}
          </div>
        </Modal>
      )}
      <div>
        <Text size="sm" fw={500} mb={4}>
          {L.method}
        </Text>
        <SegmentedControl
          fullWidth
          aria-label={L.method}
          data={DELIVERY_METHODS.map((m) => ({ value: m, label: DELIVERY_METHOD_LABELS[m] }))}
          value={value.deliveryMethod}
          onChange={(m) => onChange({ ...value, deliveryMethod: m as DeliveryMethod })}
        />
        {errors?.deliveryMethod && (
          <Text size="xs" c="red" mt={4}>
            {errors.deliveryMethod}
          </Text>
        )}
      </div>
      {value.deliveryMethod === 'agency' && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={L.agencyState}
              searchable
              data={[...VENEZUELAN_STATES]}
              value={agencyState}
              onChange={(s) => {
                setAgencyState(s);
                onChange({ ...value, agencyId: null });
              }}
            />
            <TextInput
              label={L.agencyCity}
              placeholder={L.agencyCityPlaceholder}
              value={cityText}
              onChange={(e) => setCityText(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Select
            label={L.agency}
            placeholder={L.agencyPlaceholder}
            required
            searchable
            nothingFoundMessage={L.noAgencies}
            data={(agencies.data ?? []).map((a) => ({
              value: a.id,
              label: `${a.carrier} ${a.name} · ${a.city}`,
            }))}
            value={value.agencyId}
            onChange={(id) => onChange({ ...value, agencyId: id })}
            error={errors?.agencyId}
          />
          {agencies.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              {L.noAgencies}
            </Text>
          )}
          {(() => {
            const chosen = agencies.data?.find((a) => a.id === value.agencyId);
            return chosen ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {chosen.address}
                {chosen.hours ? ` · ${chosen.hours}` : ''}
              </Text>
            ) : null;
          })()}
        </>
      )}
      {value.deliveryMethod === 'home' && recipient && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {[recipient.address, recipient.municipality, recipient.city, recipient.state].filter(Boolean).join(', ')}
        </Text>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="sm">{L.fee}</Text>
        <Text size="sm" fw={700} data-testid="delivery-fee">
          {fee === null ? '—' : fee === 0 ? L.feeFree : formatUsdCents(fee)}
        </Text>
      </Group>
    </Stack>
  );
}
