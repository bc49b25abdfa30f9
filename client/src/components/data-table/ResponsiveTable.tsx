// A list that is a table from Mantine's `sm` breakpoint up and a stack of cards below it
// (docs/product/fast-on-a-phone.md#usable-on-a-phone): on a 390 px phone a wide table hides its status and its actions off-screen, so
// each row becomes a card with its identifier, its status and its actions in sight, and the
// other columns as labelled values.
import { useId, type ReactElement, type ReactNode } from 'react';
import { Card, Group, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useIsPhone } from '../../lib/screen';
import { LabeledValue } from '../LabeledValue';

/**
 * Where a column's value goes on a card: 'title' heads it (the row's identifier), 'status' comes
 * right under it, 'actions' close it; a 'value' is a labelled value in two columns ('wide'
 * spans both).
 */
export type CardPlace = 'title' | 'status' | 'actions' | 'value' | 'wide';

export type ResponsiveColumn<Row> = {
  /** The column's header, and its value's label on a card ('' for an unlabelled actions column). */
  header: string;
  cell: (row: Row) => ReactNode;
  /** 'value' unless told otherwise. */
  card?: CardPlace;
  /** Codes (a tracking number) in monospace. */
  mono?: boolean;
  /** Amounts and counts line up on the right of the table (a card is not aligned). */
  align?: 'right';
};

const fontOf = (column: { mono?: boolean }) => (column.mono ? 'monospace' : undefined);

type RowCardsProps<Row> = {
  /** The accessible name of the table, or of the list of cards. */
  caption: string;
  rows: Row[];
  columns: ResponsiveColumn<Row>[];
  getRowId: (row: Row) => string;
  /** A card's accessible name, naming the row ('Paquete 1Z999…'); without it, the card is named by its title. */
  cardLabel?: (row: Row) => string;
  /** Attributes of a row's element, the table row or the card (`data-*` hooks). */
  rowAttributes?: (row: Row) => Record<`data-${string}`, string>;
  /** The row to set apart, if any (the one open below the list). */
  highlighted?: (row: Row) => boolean;
};

type ResponsiveTableProps<Row> = RowCardsProps<Row> & {
  /** The table's width before it scrolls sideways. */
  minWidth: number;
};

const HIGHLIGHT = 'var(--mantine-color-blue-light)';

/** What a screen reader hears for an unlabelled column's header (the actions'); it shows nothing. */
const ACTIONS_HEADER = 'Acciones';
const bgOf = <Row,>(row: Row, highlighted?: (row: Row) => boolean) => (highlighted?.(row) ? HIGHLIGHT : undefined);

const isEmpty = (node: ReactNode) => node === null || node === undefined || node === false || node === '';

/** Rows are keyed by their `id` unless the list says otherwise. */
export const byId = (row: unknown) => (row as { id: string }).id;

type TableProps<Row> = Omit<ResponsiveTableProps<Row>, 'getRowId'>;

/** A table in a bordered card on wide screens; one card per row on phones. Rows with an `id` are keyed by it. */
export function ResponsiveTable<Row extends { id: string }>(
  props: TableProps<Row> & { getRowId?: (row: Row) => string },
): ReactElement;
export function ResponsiveTable<Row>(props: ResponsiveTableProps<Row>): ReactElement;
export function ResponsiveTable<Row>(props: TableProps<Row> & { getRowId?: (row: Row) => string }) {
  const full = { ...props, getRowId: props.getRowId ?? byId };
  return useIsPhone() ? <RowCards {...full} /> : <WideTable {...full} />;
}

function WideTable<Row>({
  caption,
  rows,
  columns,
  getRowId,
  minWidth,
  rowAttributes,
  highlighted,
}: ResponsiveTableProps<Row>) {
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={caption}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a screen's columns are fixed, so a column's place is its identity
                <Table.Th key={index} ta={column.align}>
                  {column.header || <VisuallyHidden>{ACTIONS_HEADER}</VisuallyHidden>}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={getRowId(row)} bg={bgOf(row, highlighted)} {...rowAttributes?.(row)}>
                {columns.map((column, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a screen's columns are fixed, so a column's place is its identity
                  <Table.Td key={index} ff={fontOf(column)} ta={column.align}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** The phone half alone, for a table drawn another way on wide screens (a drawer's small table). */
export function RowCards<Row>({
  caption,
  rows,
  columns,
  getRowId,
  cardLabel,
  rowAttributes,
  highlighted,
}: RowCardsProps<Row>) {
  const placed = (...places: CardPlace[]) => columns.filter((c) => places.includes(c.card ?? 'value'));
  const [titles, statuses, values, actions] = [
    placed('title'),
    placed('status'),
    placed('value', 'wide'),
    placed('actions'),
  ];
  const baseId = useId();
  const titleId = (row: Row) => `${baseId}-${getRowId(row)}-titulo`;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={caption}>
      {rows.map((row) => {
        const rowActions = actions.map((c) => c.cell(row)).filter((node) => !isEmpty(node));
        return (
          <Card
            key={getRowId(row)}
            component="li"
            withBorder
            radius="md"
            padding="md"
            aria-label={cardLabel?.(row)}
            aria-labelledby={cardLabel || titles.length === 0 ? undefined : titleId(row)}
            bg={bgOf(row, highlighted)}
            {...rowAttributes?.(row)}
          >
            <Stack gap="sm">
              <Stack gap={6}>
                {titles.map((c, index) => (
                  <Text
                    // biome-ignore lint/suspicious/noArrayIndexKey: a screen's columns are fixed, so a column's place is its identity
                    key={index}
                    id={index === 0 ? titleId(row) : undefined}
                    component="div"
                    size="sm"
                    fw={700}
                    ff={fontOf(c)}
                  >
                    {c.cell(row)}
                  </Text>
                ))}
                {statuses.map((c, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a screen's columns are fixed, so a column's place is its identity
                  <Text key={index} component="div" size="sm">
                    {c.cell(row)}
                  </Text>
                ))}
              </Stack>
              {values.length > 0 && (
                <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
                  {values.map((c, index) => (
                    // Long references and codes wrap instead of widening the card.
                    <div
                      // biome-ignore lint/suspicious/noArrayIndexKey: a screen's columns are fixed, so a column's place is its identity
                      key={index}
                      style={{
                        minWidth: 0,
                        overflowWrap: 'anywhere',
                        gridColumn: c.card === 'wide' ? '1 / -1' : undefined,
                      }}
                    >
                      <LabeledValue label={c.header}>
                        <Text inherit ff={fontOf(c)} component="div">
                          {c.cell(row)}
                        </Text>
                      </LabeledValue>
                    </div>
                  ))}
                </SimpleGrid>
              )}
              {rowActions.length > 0 && (
                <Group gap="xs" wrap="wrap">
                  {rowActions}
                </Group>
              )}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
