// /admin/libro-de-ventas (docs/product/fiscal-invoices.md#the-sales-book): a month's facturas and
// notes of credit and debit with the columns an accountant files, the totals row (the sum of the
// rows) and the month as CSV and PDF.
import { Alert, Anchor, Button, Group, Loader, ScrollArea, Select, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { can, caracasDay, formatUsdCents, formatVesCentimos, salesBookPath } from '@casillero/shared';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { AdminPage } from '../../components/data-table';
import { getErrorMessage } from '../../lib/errors';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';

const TITLE = 'Libro de ventas';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

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
const money = (id: keyof Row & string, header: string) =>
  col.display({ id, header, cell: (info) => formatUsdCents(info.row.original[id] as number) });

const columns = [
  col.display({ id: 'issueDate', header: 'Fecha', cell: (info) => day(info.row.original.issueDate) }),
  col.display({
    id: 'customerIdNumber',
    header: 'RIF / C.I.',
    cell: (info) => info.row.original.customerIdNumber ?? '—',
  }),
  col.display({ id: 'customerName', header: 'Nombre o razón social', cell: (info) => info.row.original.customerName }),
  col.display({ id: 'kind', header: 'Tipo', cell: (info) => info.row.original.kindLabel }),
  col.display({ id: 'number', header: 'N° de documento', cell: (info) => info.row.original.number }),
  col.display({
    id: 'controlNumber',
    header: 'N° de control',
    cell: (info) => info.row.original.controlNumber ?? 'Pendiente',
  }),
  col.display({
    id: 'referencesNumber',
    header: 'Documento afectado',
    cell: (info) => info.row.original.referencesNumber ?? '',
  }),
  money('baseUsdCents', 'Base imponible'),
  money('exemptUsdCents', 'Exento'),
  money('ivaUsdCents', 'IVA'),
  money('igtfUsdCents', 'IGTF'),
  money('totalUsdCents', 'Total'),
  col.display({
    id: 'totalVesCentimos',
    header: 'Total Bs.',
    cell: (info) => {
      const v = info.row.original.totalVesCentimos;
      return v === null ? '—' : formatVesCentimos(v);
    },
  }),
];
const NUMERIC = new Set([
  'baseUsdCents',
  'exemptUsdCents',
  'ivaUsdCents',
  'igtfUsdCents',
  'totalUsdCents',
  'totalVesCentimos',
]);

function SalesBookPage() {
  const { month } = Route.useLoaderDeps();
  const navigate = useNavigate({ from: Route.fullPath });
  const query = useQuery(trpc.fiscal.salesBook.queryOptions({ month }));
  const months = lastMonths(caracasDay(new Date()).slice(0, 7));
  return (
    <AdminPage
      title={TITLE}
      subtitle="Las facturas y notas de crédito y débito del mes, con sus números de control, bases, IVA e IGTF, como se declaran. Las notas de crédito restan."
      actions={
        <Group gap="xs">
          <Button
            component="a"
            href={salesBookPath(month, 'csv')}
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            Exportar CSV
          </Button>
          <Button
            component="a"
            href={salesBookPath(month, 'pdf')}
            variant="default"
            leftSection={<IconDownload size={16} />}
          >
            Exportar PDF
          </Button>
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
        <Loader aria-label="Cargando" />
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
  const t = book.totals;
  if (book.rows.length === 0)
    return (
      <Text c="dimmed">
        No hay facturas ni notas en {monthLabel(book.month)}.{' '}
        <Anchor href={salesBookPath(book.month, 'csv')} underline="always">
          El CSV
        </Anchor>{' '}
        sale solo con los totales.
      </Text>
    );
  const totals: Record<string, string> = {
    baseUsdCents: formatUsdCents(t.baseUsdCents),
    exemptUsdCents: formatUsdCents(t.exemptUsdCents),
    ivaUsdCents: formatUsdCents(t.ivaUsdCents),
    igtfUsdCents: formatUsdCents(t.igtfUsdCents),
    totalUsdCents: formatUsdCents(t.totalUsdCents),
    totalVesCentimos: formatVesCentimos(t.totalVesCentimos),
  };
  return (
    <ScrollArea type="auto">
      <Table striped withTableBorder fz="sm" miw={1200} aria-label={`Libro de ventas de ${monthLabel(book.month)}`}>
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
            <Table.Td colSpan={7}>Totales ({book.rows.length} documentos)</Table.Td>
            {[...NUMERIC].map((id) => (
              <Table.Td key={id} ta="right" style={{ whiteSpace: 'nowrap' }}>
                {totals[id]}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea>
  );
}
