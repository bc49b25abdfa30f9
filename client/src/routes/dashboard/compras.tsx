// Compras (docs/product/compra-asistida.md): the customer asks us to buy in a store abroad (the
// product links, options, quantities, prices seen, the casillero), follows each request, accepts
// the quote (its invoice is paid in Facturas), accepts a difference and chooses on an item the store
// failed on (cancel it, or accept its new price). A 390 px phone first.
import { ActionIcon, Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  COMPRA_MAX_ITEMS,
  COMPRA_MESSAGES as M,
  COMPRA_QUANTITY_MAX,
  COMPRAS_TITLE,
  formatDate,
  formatUsdFromCents,
  COMPRA_LOCATION_LABELS,
} from '@casillero/shared';
import { CompraStatusBadge, CompraView } from '../../components/compras/CompraView';
import { UsdCentsInput } from '../../components/forms/UsdCentsInput';
import { useChangeToasts, useInvalidate } from '../../components/forms/useInvalidate';
import { DecimalInput, type DecimalValue } from '../../components/forms/DecimalInput';
import { searchUuid } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { RequestCard, RequestForm, RequestPage, useRequestSend } from './-components/RequestPage';
import { GrowingTextarea } from '../../components/forms/fields';

type Search = { id?: string; nueva?: boolean };

export const Route = createFileRoute('/dashboard/compras')({
  validateSearch: (search: Record<string, unknown>): Search => ({
    id: searchUuid(search.id),
    nueva: search.nueva === true || search.nueva === 'true' ? true : undefined,
  }),
  head: pageHead(COMPRAS_TITLE),
  component: ComprasPage,
});

function ComprasPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const list = useQuery(trpc.compras.mine.queryOptions());
  return (
    <RequestPage
      title={M.title}
      description="Compramos por ti en tiendas de Estados Unidos y China y tú pagas en bolívares."
      list={list}
      listLabel="Mis compras"
      empty={{ title: M.empty, text: 'Pega el enlace de lo que quieres y te enviamos el total a pagar.' }}
      item={(r) => ({
        lines: (
          <>
            <Text size="sm">
              {r.firstItem}
              {r.itemCount > 1 ? ` y ${r.itemCount - 1} más` : ''}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDate(r.createdAt)}
              {r.totalUsdCents != null ? ` · ${formatUsdFromCents(r.totalUsdCents)}` : ''}
            </Text>
          </>
        ),
        badge: <CompraStatusBadge status={r.status} expired={r.expired} />,
      })}
      onOpen={(id) => void navigate({ search: { id } })}
    >
      {search.nueva ? (
        <NewRequestForm
          onCreated={(id) => void navigate({ search: { id } })}
          onCancel={() => void navigate({ search: {} })}
        />
      ) : (
        <Button w="fit-content" onClick={() => void navigate({ search: { nueva: true } })}>
          {M.newRequest}
        </Button>
      )}
      {search.id && <CompraCard id={search.id} />}
    </RequestPage>
  );
}

/** A request's change: its toasts, then the requests and the invoices (a quote accepted is one) reloaded. */
const useHandlers = () => useChangeToasts(trpc.compras, trpc.billing);

function CompraCard({ id }: { id: string }) {
  const detail = useQuery(trpc.compras.detail.queryOptions({ id }));
  const accept = useMutation(trpc.compras.accept.mutationOptions());
  const cancel = useMutation(trpc.compras.cancel.mutationOptions());
  const acceptDifference = useMutation(trpc.compras.acceptDifference.mutationOptions());
  const choose = useMutation(trpc.compras.chooseItem.mutationOptions());
  const handlers = useHandlers();
  const refresh = useInvalidate(trpc.compras, trpc.billing);
  return (
    <RequestCard testId="compra-detail" query={detail}>
      {(compra) => (
        <Stack gap="md">
          <CompraView
            compra={compra}
            itemActions={(item) =>
              compra.status === 'paid' &&
              item.issue &&
              !item.issueResolution && (
                <Group gap="xs" mt={4}>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    loading={
                      choose.isPending && choose.variables?.itemId === item.id && choose.variables.choice === 'cancel'
                    }
                    onClick={() => choose.mutate({ id, itemId: item.id, choice: 'cancel' }, handlers)}
                  >
                    Cancelar este artículo
                  </Button>
                  {item.issue === 'price_changed' && (
                    <Button
                      size="xs"
                      loading={
                        choose.isPending && choose.variables?.itemId === item.id && choose.variables.choice === 'accept'
                      }
                      onClick={() => choose.mutate({ id, itemId: item.id, choice: 'accept' }, handlers)}
                    >
                      Aceptar el nuevo precio
                    </Button>
                  )}
                </Group>
              )
            }
          />
          <Group gap="sm">
            {compra.status === 'quoted' && !compra.expired && (
              <Button
                loading={accept.isPending}
                onClick={() =>
                  // The total shown, taxes included: its invoice charges exactly it, or nothing is issued.
                  accept.mutate(
                    { id, confirmedTotalUsdCents: compra.taxes?.totalUsdCents ?? compra.totalUsdCents },
                    {
                      ...handlers,
                      onError: (e) => {
                        handlers.onError(e);
                        refresh();
                      },
                    },
                  )
                }
              >
                Aceptar y pagar
              </Button>
            )}
            {(compra.status === 'requested' || compra.status === 'quoted') && (
              <Button
                variant="subtle"
                color="red"
                loading={cancel.isPending}
                onClick={() => cancel.mutate({ id }, handlers)}
              >
                Cancelar solicitud
              </Button>
            )}
            {compra.extraUsdCents != null && compra.extraUsdCents > 0 && !compra.extraInvoice && (
              <Button loading={acceptDifference.isPending} onClick={() => acceptDifference.mutate({ id }, handlers)}>
                Aceptar la diferencia
              </Button>
            )}
            {((compra.invoice && compra.invoice.remainingUsdCents > 0) ||
              (compra.extraInvoice && compra.extraInvoice.remainingUsdCents > 0) ||
              compra.items.some((i) => i.issueInvoiceRemainingUsdCents > 0)) && (
              <Button component={Link} to="/dashboard/facturas" variant="light">
                Pagar en Facturas
              </Button>
            )}
            {compra.trackings.length > 0 && (
              <Button component={Link} to="/dashboard/prealertas" variant="light">
                Ver mis prealertas
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </RequestCard>
  );
}

type ItemDraft = {
  /** The form's own key of the row (rows can be removed from the middle). */
  key: number;
  url: string;
  name: string;
  options: string;
  quantity: DecimalValue;
  priceUsdCents: DecimalValue | null;
  notes: string;
};
let nextKey = 0;
const emptyItem = (): ItemDraft => ({
  key: ++nextKey,
  url: '',
  name: '',
  options: '',
  quantity: 1,
  priceUsdCents: null,
  notes: '',
});

function NewRequestForm({ onCreated, onCancel }: { onCreated: (id: string) => void; onCancel: () => void }) {
  const options = useQuery(trpc.compras.options.queryOptions());
  const create = useMutation(trpc.compras.create.mutationOptions());
  const { error, handlers } = useRequestSend(useHandlers());
  const [items, setItems] = useState<ItemDraft[]>([emptyItem()]);
  const [mailboxId, setMailboxId] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const boxes = options.data?.mailboxes ?? [];
  const chosen = mailboxId ?? (boxes.length === 1 ? boxes[0]!.id : null);
  const set = (n: number, patch: Partial<ItemDraft>) =>
    setItems((all) => all.map((item, i) => (i === n ? { ...item, ...patch } : item)));

  return (
    <RequestForm
      title={M.newRequest}
      error={error}
      submitLabel="Enviar solicitud"
      sending={create.isPending}
      onCancel={onCancel}
      onSubmit={() =>
        create.mutate(
          {
            mailboxId: chosen ?? '',
            notes: notes || undefined,
            items: items.map((i) => ({
              url: i.url,
              name: i.name,
              options: i.options || undefined,
              quantity: typeof i.quantity === 'number' ? i.quantity : Number.NaN,
              priceUsdCents: typeof i.priceUsdCents === 'number' ? i.priceUsdCents : Number.NaN,
              notes: i.notes || undefined,
            })),
          },
          handlers((r) => onCreated(r.id)),
        )
      }
    >
      <Select
        label="Casillero de destino"
        placeholder="Elige el casillero"
        data={boxes.map((b) => ({
          value: b.id,
          label: `${b.code} (${COMPRA_LOCATION_LABELS[b.location] ?? b.location})`,
        }))}
        value={chosen}
        onChange={setMailboxId}
        allowDeselect={false}
      />
      {items.map((item, n) => (
        <Card key={item.key} withBorder padding="sm" aria-label={`Producto ${n + 1}`} component="fieldset">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600} size="sm">
                Producto {n + 1}
              </Text>
              {items.length > 1 && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Quitar el producto ${n + 1}`}
                  onClick={() => setItems((all) => all.filter((_, i) => i !== n))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
            <TextInput
              label="Enlace del producto"
              placeholder="https://…"
              type="url"
              value={item.url}
              onChange={(e) => set(n, { url: e.currentTarget.value })}
            />
            <TextInput label="Nombre" value={item.name} onChange={(e) => set(n, { name: e.currentTarget.value })} />
            <TextInput
              label="Opciones (talla, color)"
              value={item.options}
              onChange={(e) => set(n, { options: e.currentTarget.value })}
            />
            <Group grow>
              <DecimalInput
                kind="count"
                inputMode="numeric"
                label="Cantidad"
                description={`Hasta ${COMPRA_QUANTITY_MAX}`}
                value={item.quantity}
                onChange={(v) => set(n, { quantity: v })}
              />
              <UsdCentsInput
                label="Precio que ves (USD)"
                value={item.priceUsdCents}
                onChange={(v) => set(n, { priceUsdCents: v })}
              />
            </Group>
            <TextInput label="Notas" value={item.notes} onChange={(e) => set(n, { notes: e.currentTarget.value })} />
          </Stack>
        </Card>
      ))}
      {items.length < COMPRA_MAX_ITEMS && (
        <Button variant="light" w="fit-content" onClick={() => setItems((all) => [...all, emptyItem()])}>
          Agregar otro producto
        </Button>
      )}
      <GrowingTextarea label="Notas para nosotros" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} />
      {options.data && (
        <Text size="xs" c="dimmed">
          Tarifa de servicio: {options.data.settings.feeBasisPoints / 100} % del total de la tienda (mínimo{' '}
          {formatUsdFromCents(options.data.settings.feeMinimumUsdCents)}).
        </Text>
      )}
    </RequestForm>
  );
}
