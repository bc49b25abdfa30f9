// An audit entry's change, field by field: the value before and after (inserts have only after,
// deletes only before, sign-ins neither).
import { Code, Table, Text } from '@mantine/core';
import { AUDIT_MESSAGES } from '@casillero/shared';

const show = (v: unknown) =>
  v === undefined ? '—' : v === null ? 'vacío' : typeof v === 'object' ? JSON.stringify(v) : String(v);

export function AuditChanges({
  before,
  after,
}: {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}) {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
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
            <Table.Td>
              <Code>{f}</Code>
            </Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>{show(before?.[f])}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>{show(after?.[f])}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
