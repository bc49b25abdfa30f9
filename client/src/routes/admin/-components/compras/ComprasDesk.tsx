// The assisted purchases desk (docs/product/compra-asistida.md), on the list engine: status,
// customer, age and amount; a request's drawer with the step it waits for: quote (each item's
// price, sales tax, shipping, validity), renew an expired quote, mark an item the store failed on
// (out of stock, a new price), record the purchase (order number, final amount, the store's
// receipt) and enter the store's trackings.
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, FileInput, Radio, Select, Stack, Text, TextInput, Group } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconEye } from '@tabler/icons-react';
import type { inferOutput } from '@trpc/tanstack-react-query';
import {
  COMPRA_ITEM_ISSUES,
  COMPRA_ITEM_ISSUE_LABELS,
  COMPRA_LINE_LABELS,
  COMPRA_MESSAGES as M,
  compraItemIssueInput,
  type CompraItemIssueInput,
  COMPRA_STATUSES,
  COMPRA_STATUS_LABELS,
  COMPRA_DEFAULT_SETTINGS,
  formatDateTime,
  formatUsdFromCents,
  type CompraStatus,
} from '@casillero/shared';
import { DeskList, RowAction, RowActions, StackedCell, dataTableColumns } from '../../../../components/data-table';
import type { ListProps, ListSearch } from '../../../../components/data-table';
import { DetailsDrawer } from '../../../../components/details/DetailsDrawer';
import { CompraStatusBadge, CompraView } from '../../../../components/compras/CompraView';
import { UsdCentsInput, centsAsDollars } from '../../../../components/forms/UsdCentsInput';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { useChangeToasts } from '../../../../components/forms/useInvalidate';
import { getErrorMessage } from '../../../../lib/errors';
import { UploadProgress, useUpload } from '../../../../components/forms/UploadProgress';
import { notifyError } from '../../../../lib/notify';
import { trpc } from '../../../../lib/trpc';
import { GrowingTextarea } from '../../../../components/forms/fields';

export type CompraSort = 'createdAt' | 'totalUsdCents';
export type CompraSearch = ListSearch<CompraSort> & { status?: CompraStatus };
type CompraRow = inferOutput<typeof trpc.compras.list>['rows'][number];
type CompraAdminDetail = inferOutput<typeof trpc.compras.adminDetail>;

const col = dataTableColumns<CompraRow>();

/** How long ago, in words people read at a glance: '3 h', '2 d'. */
function age(iso: string) {
  const hours = Math.max(0, Math.floor((Date.now() - new Date(iso).getTime()) / 3600_000));
  return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}

function compraColumns(open: (row: CompraRow) => void) {
  return [
    col.accessor('code', {
      id: 'code',
      header: 'Compra',
      enableSorting: false,
      cell: (info) => {
        const r = info.row.original;
        return <StackedCell mono main={r.code} sub={r.customer} />;
      },
    }),
    col.cell('items', 'Productos', (r) => (
      <StackedCell main={r.firstItem ?? '—'} sub={`${r.itemCount} producto(s) · ${r.mailboxCode}`} />
    )),
    col.cell('status', 'Estado', (r) => <CompraStatusBadge status={r.status} expired={r.expired} />),
    col.accessor('totalUsdCents', {
      id: 'totalUsdCents',
      header: 'Monto',
      cell: (info) => (info.getValue() == null ? '—' : formatUsdFromCents(info.getValue()!)),
    }),
    col.accessor('createdAt', {
      id: 'createdAt',
      header: 'Antigüedad',
      cell: (info) => <StackedCell main={age(info.getValue())} sub={formatDateTime(info.getValue())} />,
    }),
    col.actions((row) => (
      <RowActions>
        <RowAction label="Ver" ariaLabel={`Ver ${row.code}`} icon={<IconEye size={18} />} onClick={() => open(row)} />
      </RowActions>
    )),
  ];
}

export function ComprasList(props: ListProps<CompraSearch>) {
  return (
    <DeskList
      {...props}
      defaults={{ sort: 'createdAt' as CompraSort, dir: 'desc', filterKeys: ['q', 'status'] }}
      rowsQuery={(state) => trpc.compras.list.queryOptions(state.input)}
      countQuery={(state) => trpc.compras.count.queryOptions(state.filters)}
      columns={compraColumns}
      text={{
        caption: 'Compras',
        noun: 'compras',
        empty: M.adminEmpty,
        loadFailed: 'No se pudieron cargar las compras.',
        searchPlaceholder: 'Código, cliente, casillero o pedido',
      }}
      toMessage={getErrorMessage}
      selects={[{ key: 'status', label: 'Estado', w: 220, values: COMPRA_STATUSES, labels: COMPRA_STATUS_LABELS }]}
      drawer={(open) => (
        <DetailsDrawer
          {...open}
          title="Compra asistida"
          size="lg"
          query={(id) => trpc.compras.adminDetail.queryOptions({ id })}
          loadFailed={M.notFound}
        >
          {(compra) => <CompraDesk compra={compra} />}
        </DetailsDrawer>
      )}
    />
  );
}

const useHandlers = () => useChangeToasts(trpc.compras);

function CompraDesk({ compra }: { compra: CompraAdminDetail }) {
  const settings = useQuery(trpc.compras.settings.queryOptions());
  const validHours = settings.data?.validHours ?? COMPRA_DEFAULT_SETTINGS.validHours;
  const pending = compra.items.some((i) => i.issue && !i.issueResolution);
  return (
    <Stack gap="md">
      <Text size="sm">
        Cliente: {compra.customer} ({compra.customerEmail})
      </Text>
      <CompraView compra={compra} />
      {(compra.status === 'requested' || compra.status === 'quoted') && (
        <QuoteForm key={validHours} compra={compra} validHours={validHours} />
      )}
      {compra.status === 'quoted' && compra.expired && <Renew id={compra.id} validHours={validHours} />}
      {compra.status === 'paid' && <ItemIssueForm compra={compra} />}
      {compra.status === 'paid' &&
        (pending ? (
          <Text size="sm" c="orange" role="status">
            {M.issuePending}
          </Text>
        ) : (
          <PurchaseForm compra={compra} />
        ))}
      {(compra.status === 'purchased' || compra.status === 'shipped') && <TrackingsForm id={compra.id} />}
    </Stack>
  );
}

const cents = (v: DecimalValue | null) => (typeof v === 'number' ? v : Number.NaN);

function QuoteForm({ compra, validHours }: { compra: CompraAdminDetail; validHours: number }) {
  const quote = useMutation(trpc.compras.quote.mutationOptions());
  const handlers = useHandlers();
  const [prices, setPrices] = useState<(DecimalValue | null)[]>(() =>
    compra.items.map((i) => i.quotedPriceUsdCents ?? i.customerPriceUsdCents),
  );
  const [salesTax, setSalesTax] = useState<DecimalValue | null>(compra.salesTaxUsdCents ?? 0);
  const [shipping, setShipping] = useState<DecimalValue | null>(compra.shippingUsdCents ?? 0);
  const [hours, setHours] = useState<DecimalValue>(validHours);
  const plausible = usePlausibleConfirm();
  const send = async () => {
    const amounts = [...prices, salesTax, shipping].map((v) => ({
      kind: 'amountUsd' as const,
      value: centsAsDollars(v),
    }));
    if (!(await plausible.confirm(amounts))) return;
    quote.mutate(
      {
        id: compra.id,
        items: compra.items.map((item, n) => ({ id: item.id, priceUsdCents: cents(prices[n] ?? null) })),
        salesTaxUsdCents: cents(salesTax),
        shippingUsdCents: cents(shipping),
        validHours: typeof hours === 'number' ? hours : Number.NaN,
      },
      handlers,
    );
  };
  return (
    <Card withBorder padding="sm" component="section" aria-label="Cotizar">
      {plausible.dialog}
      <Stack gap="xs">
        <Text fw={700}>{compra.status === 'quoted' ? 'Cotizar de nuevo' : 'Cotizar'}</Text>
        {compra.items.map((item, n) => (
          <UsdCentsInput
            key={item.id}
            label={`Precio confirmado: ${item.name}${item.quantity > 1 ? ` × ${item.quantity}` : ''}`}
            value={prices[n]}
            onChange={(v) => setPrices((all) => all.map((p, i) => (i === n ? v : p)))}
          />
        ))}
        <UsdCentsInput label="Impuesto de la tienda (sales tax)" value={salesTax} onChange={setSalesTax} />
        <UsdCentsInput label="Envío de la tienda a nuestro almacén" value={shipping} onChange={setShipping} />
        <DecimalInput kind="count" label="Válida por (horas)" value={hours} onChange={setHours} />
        <Button w="fit-content" loading={quote.isPending} onClick={() => void send()}>
          Enviar cotización
        </Button>
      </Stack>
    </Card>
  );
}

function Renew({ id, validHours }: { id: string; validHours: number }) {
  const renew = useMutation(trpc.compras.renew.mutationOptions());
  const handlers = useHandlers();
  return (
    <Button variant="light" w="fit-content" loading={renew.isPending} onClick={() => renew.mutate({ id }, handlers)}>
      Renovar la cotización ({validHours} h)
    </Button>
  );
}

/** The store failed on an item: out of stock, or a new price; the customer is told and chooses. */
function ItemIssueForm({ compra }: { compra: CompraAdminDetail }) {
  const mark = useMutation(trpc.compras.markItemIssue.mutationOptions());
  const handlers = useHandlers();
  const open = compra.items.filter((i) => !i.issue);
  const form = useForm<CompraItemIssueInput>({
    mode: 'controlled',
    initialValues: { id: compra.id, itemId: '', issue: 'out_of_stock', newPriceUsdCents: null, note: '' },
    validate: schemaResolver(compraItemIssueInput, { sync: true }),
  });
  const plausible = usePlausibleConfirm();
  if (open.length === 0) return null;
  const submit = form.onSubmit(async (values) => {
    if (!(await plausible.confirm([{ kind: 'amountUsd', value: centsAsDollars(values.newPriceUsdCents) }]))) return;
    mark.mutate(compraItemIssueInput.parse(values), {
      ...handlers,
      onSuccess: (r) => {
        handlers.onSuccess(r);
        form.reset();
      },
    });
  });
  return (
    <Card withBorder padding="sm" component="section" aria-label="Artículo con problema">
      {plausible.dialog}
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <Text fw={700}>Artículo con problema</Text>
          <Text size="xs" c="dimmed">
            Si la tienda no tiene un artículo o cambió su precio, márcalo: el cliente elige cancelarlo (su parte vuelve
            como saldo a favor) o aceptar el nuevo precio.
          </Text>
          <Select
            label="Artículo"
            placeholder="Elige el artículo"
            data={open.map((i) => ({ value: i.id, label: COMPRA_LINE_LABELS.item(i.name, i.quantity) }))}
            allowDeselect={false}
            {...form.getInputProps('itemId')}
          />
          <Radio.Group label="Qué pasó" {...form.getInputProps('issue')}>
            <Group gap="md" mt={4}>
              {COMPRA_ITEM_ISSUES.map((issue) => (
                <Radio key={issue} value={issue} label={COMPRA_ITEM_ISSUE_LABELS[issue]} />
              ))}
            </Group>
          </Radio.Group>
          {form.values.issue === 'price_changed' && (
            <UsdCentsInput label="Nuevo precio por unidad (USD)" {...form.getInputProps('newPriceUsdCents')} />
          )}
          <GrowingTextarea label="Nota para el cliente" {...form.getInputProps('note')} />
          <Button type="submit" w="fit-content" color="orange" loading={mark.isPending}>
            Avisar al cliente
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

function PurchaseForm({ compra }: { compra: CompraAdminDetail }) {
  const record = useMutation(trpc.compras.recordPurchase.mutationOptions());
  const handlers = useHandlers();
  // The quote, less the cancelled items' shares, plus the new prices accepted (as the server compares).
  const quotedStore =
    (compra.itemsUsdCents ?? 0) +
    (compra.salesTaxUsdCents ?? 0) +
    (compra.shippingUsdCents ?? 0) +
    compra.items.reduce((sum, i) => sum + (i.issueStoreDeltaUsdCents ?? 0), 0);
  const [order, setOrder] = useState('');
  const [finalCents, setFinalCents] = useState<DecimalValue | null>(quotedStore);
  const [file, setFile] = useState<File | null>(null);
  const receiptUpload = useUpload();
  const plausible = usePlausibleConfirm();
  return (
    <Card withBorder padding="sm" component="section" aria-label="Registrar la compra">
      {plausible.dialog}
      <Stack gap="xs">
        <Text fw={700}>Registrar la compra</Text>
        <Text size="xs" c="dimmed">
          Total de la tienda esperado: {formatUsdFromCents(quotedStore)}
        </Text>
        <TextInput
          label="Número de pedido de la tienda"
          value={order}
          onChange={(e) => setOrder(e.currentTarget.value)}
        />
        <UsdCentsInput label="Monto final que cobró la tienda (USD)" value={finalCents} onChange={setFinalCents} />
        <FileInput
          label="Recibo de la tienda"
          placeholder="PDF o imagen"
          accept="application/pdf,image/*"
          value={file}
          onChange={setFile}
        />
        <UploadProgress {...receiptUpload} />
        <Button
          w="fit-content"
          loading={record.isPending || receiptUpload.uploading}
          onClick={async () => {
            if (!file) return notifyError(M.receiptRequired);
            if (!(await plausible.confirm([{ kind: 'amountUsd', value: centsAsDollars(finalCents) }]))) return;
            try {
              const uploaded = await receiptUpload.upload(file, 'invoice', compra.userId);
              record.mutate(
                {
                  id: compra.id,
                  storeOrderNumber: order,
                  finalUsdCents: cents(finalCents),
                  receiptFileId: uploaded.id,
                },
                handlers,
              );
            } catch (e) {
              notifyError(getErrorMessage(e));
            }
          }}
        >
          Registrar compra
        </Button>
      </Stack>
    </Card>
  );
}

function TrackingsForm({ id }: { id: string }) {
  const add = useMutation(trpc.compras.addTrackings.mutationOptions());
  const handlers = useHandlers();
  const [carrier, setCarrier] = useState('');
  const [numbers, setNumbers] = useState('');
  return (
    <Card withBorder padding="sm" component="section" aria-label="Trackings de la tienda">
      <Stack gap="xs">
        <Text fw={700}>Trackings de la tienda</Text>
        <TextInput
          label="Transportista"
          placeholder="UPS, FedEx, USPS…"
          value={carrier}
          onChange={(e) => setCarrier(e.currentTarget.value)}
        />
        <TextInput
          label="Números de tracking (separados por coma)"
          value={numbers}
          onChange={(e) => setNumbers(e.currentTarget.value)}
        />
        <Button
          w="fit-content"
          loading={add.isPending}
          onClick={() =>
            add.mutate(
              {
                id,
                carrier: carrier || undefined,
                trackingNumbers: numbers
                  .split(/[\s,;]+/)
                  .map((t) => t.trim())
                  .filter(Boolean),
              },
              {
                ...handlers,
                onSuccess: (r) => {
                  handlers.onSuccess(r);
                  setNumbers('');
                },
              },
            )
          }
        >
          Registrar trackings
        </Button>
      </Stack>
    </Card>
  );
}
