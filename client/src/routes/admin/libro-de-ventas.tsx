// /admin/libro-de-ventas (docs/product/fiscal-invoices.md#the-sales-book): a month's facturas and
// notes of credit and debit with SENIAT's columns, in Bs. at each document's own rate (the USD
// beneath each amount), the totals row (the sums of the rows) and the month as Excel (for the
// accountant), CSV (for other systems) and PDF.
import { Alert, Anchor, Button, Card, Group, Loader, ScrollArea, Select, SimpleGrid, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import {
  SALES_BOOK_HEADERS,
  SALES_BOOK_ON_BEHALF_LABEL,
  SALES_BOOK_REFERENCE_HEADERS,
  SPREADSHEET_DOWNLOAD_LABELS,
  can,
  caracasDay,
  formatDecimal,
  formatRatePercent,
  formatUsdCents,
  formatVesCentimos,
  salesBookPath,
  formatCountOf,
} from '@casillero/shared';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { AdminPage, RowCards, type ResponsiveColumn } from '../../components/data-table';
import { useIsPhone } from '../../lib/screen';
import { getErrorMessage } from '../../lib/errors';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';

const TITLE = 'Libro de ventas';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The book's files: the spreadsheet and the PDF to read, the CSV for other systems. */
const SALES_BOOK_FILES = [
  { format: 'xlsx', label: SPREADSHEET_DOWNLOAD_LABELS.xlsx, icon: IconFileSpreadsheet, variant: 'default' },
  { format: 'pdf', label: 'Descargar PDF', icon: IconDownload, variant: 'default' },
  { format: 'csv', label: SPREADSHEET_DOWNLOAD_LABELS.csv, icon: IconDownload, variant: 'subtle' },
] as const;

type Book = inferOutput<typeof trpc.fiscal.salesBook>;
type Row = Book['rows'][number];

export const Route = createFileRoute('/admin/libro-de-ventas')({
  head: pageHead(TITLE),
  validateSearch: (search: Record<string, unknown>): { mes?: string } =>
    typeof search.mes === 'string' && MONTH.test(search.mes) ? { mes: search.mes } : {},
  loaderDeps: ({ search }) => ({ month: search.mes ?? caracasDay(new Date()).slice(0, 7) }),
  loader: ({ context, deps }) =>
    can(context.user.role, 'reports.read')
      ? context.queryClient.prefetchQuery(context.trpc.fiscal.salesBook.queryOptions({ month: deps.month }))
      : undefined,
  component: SalesBookPage,
});

const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];
const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** This month and the 23 before it. */
function lastMonths(today: string) {
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7));
  const months: string[] = [];
  for (let i = 0; i < 24; i++) {
    months.push(`${y}-${String(m).padStart(2, '0')}`);
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  return months;
}

const day = (iso: string) => iso.split('-').reverse().join('/');
const features = tableFeatures({});
const col = createColumnHelper<typeof features, Row>();
const H = SALES_BOOK_HEADERS;

/** An amount: the legal figure in Bs. (at the document's own rate), and beneath it the same in USD. */
function Amount({ ves, usd }: { ves: number | null; usd: number }) {
  return (
    <>
      <div>{ves === null ? '—' : formatVesCentimos(ves)}</div>
      <Text span size="xs" c="dimmed">
        {formatUsdCents(usd)}
      </Text>
    </>
  );
}

type Money = 'total' | 'exempt' | 'onBehalf' | 'base' | 'iva' | 'igtf';
/** Of the exempt amount, what was collected on the customer's behalf (customs, compras): not our income. */
const ON_BEHALF = SALES_BOOK_ON_BEHALF_LABEL;
const amount = (id: Money, header: string) =>
  col.display({
    id,
    header,
    cell: (info) => {
      const r = info.row.original;
      return <Amount ves={r[`${id}VesCentimos`]} usd={r[`${id}UsdCents`]} />;
    },
  });
const rates = (basisPoints: number[]) =>
  basisPoints.length ? `${basisPoints.map(formatRatePercent).join(' y ')} %` : '';

const columns = [
  col.display({ id: 'operation', header: H[0], cell: (info) => info.row.original.operation }),
  col.display({ id: 'issueDate', header: H[1], cell: (info) => day(info.row.original.issueDate) }),
  col.display({ id: 'customerIdNumber', header: H[2], cell: (info) => info.row.original.customerIdNumber ?? '—' }),
  col.display({ id: 'customerName', header: H[3], cell: (info) => info.row.original.customerName }),
  col.display({ id: 'kind', header: H[4], cell: (info) => info.row.original.kindLabel }),
  col.display({ id: 'number', header: H[5], cell: (info) => info.row.original.number }),
  col.display({ id: 'controlNumber', header: H[6], cell: (info) => info.row.original.controlNumber ?? 'Pendiente' }),
  col.display({ id: 'referencesNumber', header: H[7], cell: (info) => info.row.original.referencesNumber ?? '' }),
  amount('total', H[8]),
  amount('exempt', H[9]),
  amount('onBehalf', ON_BEHALF),
  amount('base', H[11]),
  col.display({ id: 'alicuota', header: H[12], cell: (info) => rates(info.row.original.ivaRatesBasisPoints) }),
  amount('iva', H[13]),
  amount('igtf', H[14]),
  col.display({
    id: 'vesPerUsd',
    header: SALES_BOOK_REFERENCE_HEADERS[0],
    cell: (info) => {
      const rate = info.row.original.vesPerUsd;
      return rate === null ? '—' : formatDecimal(Number(rate), { decimals: 4 });
    },
  }),
];
/** The columns aligned right: the amounts, the alícuota and the rate. */
const NUMERIC = new Set(['total', 'exempt', 'onBehalf', 'base', 'alicuota', 'iva', 'igtf', 'vesPerUsd']);
/** The totals row: each amount column's sum, in the columns' order. */
const TOTALS: readonly (Money | 'alicuota')[] = ['total', 'exempt', 'onBehalf', 'base', 'alicuota', 'iva', 'igtf'];

/** On a phone each document is a card: its number heads it, every column a labelled value. */
const CARD_COLUMNS: ResponsiveColumn<Row>[] = [
  { header: H[5], card: 'title', cell: (r) => `${r.kindLabel} ${r.number}` },
  { header: H[1], cell: (r) => day(r.issueDate) },
  { header: H[6], cell: (r) => r.controlNumber ?? 'Pendiente' },
  { header: H[3], card: 'wide', cell: (r) => r.customerName },
  { header: H[2], cell: (r) => r.customerIdNumber ?? '—' },
  { header: H[7], cell: (r) => r.referencesNumber ?? '' },
  ...(['total', 'exempt', 'onBehalf', 'base', 'iva', 'igtf'] as const).map(
    (id): ResponsiveColumn<Row> => ({
      header: id === 'onBehalf' ? ON_BEHALF : H[{ total: 8, exempt: 9, base: 11, iva: 13, igtf: 14 }[id]],
      cell: (r) => <Amount ves={r[`${id}VesCentimos`]} usd={r[`${id}UsdCents`]} />,
    }),
  ),
  { header: H[12], cell: (r) => rates(r.ivaRatesBasisPoints) },
  {
    header: SALES_BOOK_REFERENCE_HEADERS[0],
    cell: (r) => (r.vesPerUsd === null ? '—' : formatDecimal(Number(r.vesPerUsd), { decimals: 4 })),
  },
];
const TOTAL_LABELS: Record<Exclude<(typeof TOTALS)[number], 'alicuota'>, string> = {
  total: H[8],
  exempt: H[9],
  onBehalf: ON_BEHALF,
  base: H[11],
  iva: H[13],
  igtf: H[14],
};

function SalesBookPage() {
  const { month } = Route.useLoaderDeps();
  const navigate = useNavigate({ from: Route.fullPath });
  const query = useQuery(trpc.fiscal.salesBook.queryOptions({ month }));
  const months = lastMonths(caracasDay(new Date()).slice(0, 7));
  return (
    <AdminPage
      title={TITLE}
      subtitle="Las facturas y notas de crédito y débito del mes, como se declaran: en bolívares, cada documento a la tasa con que se emitió (debajo, el mismo monto en dólares). Las notas de crédito restan."
      actions={
        <Group gap="xs">
          {SALES_BOOK_FILES.map((f) => (
            <Button
              key={f.format}
              component="a"
              href={salesBookPath(month, f.format)}
              variant={f.variant}
              leftSection={<f.icon size={16} />}
            >
              {f.label}
            </Button>
          ))}
        </Group>
      }
    >
      <Select
        label="Mes"
        w={220}
        allowDeselect={false}
        data={months.map((m) => ({ value: m, label: monthLabel(m) }))}
        value={month}
        onChange={(value) => value && navigate({ search: { mes: value } })}
      />
      {query.isPending ? (
        <Loader role="status" aria-label="Cargando" />
      ) : query.isError ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {getErrorMessage(query.error)}
        </Alert>
      ) : (
        <BookTable book={query.data} />
      )}
    </AdminPage>
  );
}

function BookTable({ book }: { book: Book }) {
  const table = useTable({ features, columns, data: book.rows, getRowId: (r) => r.id });
  const phone = useIsPhone();
  const t = book.totals;
  if (book.rows.length === 0)
    return (
      <Text c="dimmed">
        No hay facturas ni notas en {monthLabel(book.month)}.{' '}
        <Anchor href={salesBookPath(book.month, 'xlsx')} underline="always">
          El archivo de Excel
        </Anchor>{' '}
        sale solo con los totales.
      </Text>
    );
  const caption = `Libro de ventas de ${monthLabel(book.month)}`;
  return (
    <>
      {book.withoutRate > 0 && (
        <Alert color="yellow" icon={<IconAlertCircle />}>
          {book.withoutRate} documentos se emitieron sin tasa registrada: no tienen montos en bolívares (—), y los
          totales en bolívares no los incluyen.
        </Alert>
      )}
      {phone ? (
        <>
          <RowCards
            caption={caption}
            rows={book.rows}
            columns={CARD_COLUMNS}
            getRowId={(r) => r.id}
            rowAttributes={(r) => ({ 'data-document': r.number })}
          />
          <Card withBorder radius="md" data-totals>
            <Text fw={700}>Totales ({formatCountOf(book.rows.length, 'documentos')})</Text>
            <SimpleGrid cols={2} mt="xs">
              {(Object.keys(TOTAL_LABELS) as (keyof typeof TOTAL_LABELS)[]).map((id) => (
                <div key={id} data-column={id}>
                  <Text size="xs" c="dimmed">
                    {TOTAL_LABELS[id]}
                  </Text>
                  <Amount ves={t[`${id}VesCentimos`]} usd={t[`${id}UsdCents`]} />
                </div>
              ))}
            </SimpleGrid>
          </Card>
        </>
      ) : (
        // The book is wider than the screen: its scrolling box takes the keyboard's arrows.
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0, 'aria-label': caption }}>
          <Table striped withTableBorder fz="sm" miw={1600} aria-label={caption}>
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {group.headers.map((header) => (
                    <Table.Th key={header.id} ta={NUMERIC.has(header.column.id) ? 'right' : undefined}>
                      <table.FlexRender header={header} />
                    </Table.Th>
                  ))}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {table.getRowModel().rows.map((row) => (
                <Table.Tr key={row.id} data-document={row.original.number}>
                  {row.getAllCells().map((cell) => (
                    <Table.Td
                      key={cell.id}
                      data-column={cell.column.id}
                      ta={NUMERIC.has(cell.column.id) ? 'right' : undefined}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      <table.FlexRender cell={cell} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr data-totals fw={700}>
                <Table.Td colSpan={8}>Totales ({formatCountOf(book.rows.length, 'documentos')})</Table.Td>
                {TOTALS.map((id) => (
                  <Table.Td key={id} data-column={id} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {id === 'alicuota' ? null : <Amount ves={t[`${id}VesCentimos`]} usd={t[`${id}UsdCents`]} />}
                  </Table.Td>
                ))}
                <Table.Td />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </ScrollArea>
      )}
    </>
  );
}
