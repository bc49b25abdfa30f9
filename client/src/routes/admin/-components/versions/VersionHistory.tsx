// The history of dated versions (the price list's, the travel rules'): every version, newest
// first, with when it starts, whether it is in effect, scheduled, past or cancelled, and who made it.
import { Table } from '@mantine/core';
import { VersionSection } from './VersionSection';
import { formatDateTime } from '@casillero/shared';

type HistoryVersion = {
  id: string;
  number: number;
  cancelledAt: unknown;
  createdByEmail: string | null;
  createdAt: Parameters<typeof formatDateTime>[0];
};

export function VersionHistory<V extends HistoryVersion>(props: {
  versions: V[];
  currentId: string | null;
  /** The section's heading id and text. */
  headingId: string;
  title: string;
  effectiveHeader: string;
  effectiveOf: (v: V) => string;
  isScheduled: (v: V) => boolean;
  cancelledLabel: string;
  createdByHeader: string;
}) {
  const status = (v: V) =>
    v.cancelledAt
      ? props.cancelledLabel
      : v.id === props.currentId
        ? 'Vigente'
        : props.isScheduled(v)
          ? 'Programada'
          : 'Anterior';
  return (
    <VersionSection headingId={props.headingId} title={props.title}>
      {/* Four short columns: on a phone the last one wraps rather than scrolling sideways, and the
          cells' padding is narrow enough for 'Programada' and 'Creada por' side by side. */}
      <Table striped horizontalSpacing={6} aria-label={props.title}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Versión</Table.Th>
            <Table.Th>{props.effectiveHeader}</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th>{props.createdByHeader}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...props.versions].reverse().map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td>{v.number}</Table.Td>
              <Table.Td>{props.effectiveOf(v)}</Table.Td>
              <Table.Td>{status(v)}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {v.createdByEmail ?? 'Sistema'} · {formatDateTime(v.createdAt)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </VersionSection>
  );
}
