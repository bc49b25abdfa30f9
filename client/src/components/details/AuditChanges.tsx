// An audit entry's change, field by field in Spanish: the value before and after, in words
// (statuses by their labels, yes/no, times in Caracas). Inserts have only after, deletes only
// before, sign-ins neither.
import { Table, Text } from '@mantine/core';
import { AUDIT_MESSAGES, auditFieldLabel, auditValueText } from '@casillero/shared';

export function AuditChanges({
  entity,
  before,
  after,
  references,
}: {
  entity: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The names of the ids the entry recorded (the server's), shown instead of the ids. */
  references?: Record<string, string>;
}) {
  // The row's own id is the entry's 'Identificador', shown above the table.
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
    .filter((f) => f !== 'id')
    .sort((a, b) => auditFieldLabel(a).localeCompare(auditFieldLabel(b), 'es'));
  if (fields.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {AUDIT_MESSAGES.noFields}
      </Text>
    );
  return (
    <Table striped withTableBorder aria-label="Cambios">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Campo</Table.Th>
          <Table.Th>Antes</Table.Th>
          <Table.Th>Después</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((f) => (
          <Table.Tr key={f}>
            <Table.Td title={f}>{auditFieldLabel(f)}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>
              {auditValueText(entity, f, before?.[f], references)}
            </Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>{auditValueText(entity, f, after?.[f], references)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
