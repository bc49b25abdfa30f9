// Pieces the details views (admin drawers, the customer's drawers) share: the heading with the
// entity's identifier and badges, titled sections of label/value facts, the customer block and
// a status history as a timeline.
import type { ReactNode } from 'react';
import {
  Divider,
  Group,
  SimpleGrid,
  Table,
  Text,
  Timeline,
  Title,
  type SimpleGridProps,
  type TableProps,
  type TimelineProps,
} from '@mantine/core';
import { formatDateTime } from '@casillero/shared';
import { LabeledValue } from '../LabeledValue';

/** The identifier (a tracking number, a shipment code...) in monospace, its badges on the right. */
export function DetailsHeading({
  title,
  order = 3,
  children,
}: {
  title: ReactNode;
  order?: 2 | 3;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between">
      <Title order={order} size="h4" ff="monospace">
        {title}
      </Title>
      {children}
    </Group>
  );
}

/** A label and its value; `false` leaves a fact out (a field that does not apply). */
export type Fact = readonly [label: string, value: ReactNode] | false;

/** Label/value facts in a grid (two columns from small screens up), under a divider when titled. */
export function FactGrid({
  title,
  facts,
  cols = { base: 1, sm: 2 },
}: {
  title?: string;
  facts: Fact[];
  cols?: SimpleGridProps['cols'];
}) {
  return (
    <>
      {title && <Divider label={title} labelPosition="left" />}
      <SimpleGrid cols={cols} spacing="sm">
        {facts.map(
          (fact) =>
            fact && (
              <LabeledValue key={fact[0]} label={fact[0]}>
                {fact[1]}
              </LabeledValue>
            ),
        )}
      </SimpleGrid>
    </>
  );
}

/** A main line with a dimmed line under it (a name and its e-mail, an address and its city). */
export function TwoLines({ main, sub }: { main: ReactNode; sub: ReactNode }) {
  return (
    <>
      {main}
      <Text size="xs" c="dimmed">
        {sub}
      </Text>
    </>
  );
}

type CustomerFacts = { name: string | null; email: string; phone: string | null; mailbox: string };

/** The 'Cliente' section of a tracking's or a package's details. */
export function CustomerSection({ name, email, phone, mailbox }: CustomerFacts) {
  return (
    <FactGrid
      title="Cliente"
      facts={[
        ['Nombre', name ?? '—'],
        ['Email', email],
        ['Teléfono', phone ?? '—'],
        ['Casillero', mailbox],
      ]}
    />
  );
}

type HistoryEntry = {
  id: string | number;
  title: string;
  color: string;
  message?: string | null;
  createdAt: string | Date;
  by?: string | null;
};

/** Status changes, newest first: the status, the message sent with it and when (and by whom). */
export function HistoryTimeline({ entries, ...props }: { entries: HistoryEntry[] } & Omit<TimelineProps, 'children'>) {
  return (
    <Timeline lineWidth={2} {...props}>
      {entries.map((h) => (
        <Timeline.Item key={h.id} title={h.title} color={h.color}>
          {h.message && (
            <Text size="sm" c="dimmed">
              {h.message}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {formatDateTime(h.createdAt)}
            {h.by ? ` · ${h.by}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** A column of a `RowsTable`: its header and what a row shows in it (monospace for codes). */
export type Column<R> = { header: string; cell: (row: R) => ReactNode; mono?: boolean };

/** A small read-only table (a shipment's packages): one column per entry of `columns`. */
export function RowsTable<R extends { id: string }>({
  rows,
  columns,
  ...props
}: { rows: R[]; columns: Column<R>[] } & TableProps) {
  return (
    <Table verticalSpacing={4} {...props}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.header}>{c.header}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            {columns.map((c) => (
              <Table.Td key={c.header} ff={c.mono ? 'monospace' : undefined}>
                {c.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
