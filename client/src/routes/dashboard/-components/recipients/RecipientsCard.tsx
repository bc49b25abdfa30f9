// Mi Perfil › Destinatarios (docs/product/last-mile.md#recipients): the customer's address book.
// The account holder comes first and stays; the others can be edited, marked "Autorizado a
// retirar" and removed (archived: shipments that name them keep them).
import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { RECIPIENT_LABELS as L, RECIPIENT_MESSAGES as M, formatVenezuelanPhone } from '@casillero/shared';
import { RecipientForm, type Recipient } from '../../../../components/delivery/RecipientForm';
import { ConfirmDialog } from '../../../../components/forms/FormDialog';
import { useConfirmedMutation } from '../../../../components/forms/useSchemaForm';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { getErrorMessage } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';

/** The address book as a card of Mi Perfil. */
export function RecipientsCard() {
  const book = useQuery(trpc.recipients.mine.queryOptions());
  const [editing, setEditing] = useState<Recipient | 'new' | null>(null);
  const [removing, setRemoving] = useState<Recipient | null>(null);
  const invalidate = useInvalidate(trpc.recipients);
  const archive = useConfirmedMutation(
    trpc.recipients.archive.mutationOptions(),
    { invalidate, onClose: () => setRemoving(null), failure: (e) => getErrorMessage(e) },
    () => [L.section, M.archived],
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Title order={3} size="h4">
              {L.section}
            </Title>
            <Text size="sm" c="dimmed">
              {L.intro}
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {L.add}
          </Button>
        </Group>
        {book.isError && <Text c="red">{getErrorMessage(book.error)}</Text>}
        {book.data?.length === 0 && <Text c="dimmed">{L.empty}</Text>}
        {book.data?.map((r) => (
          <RecipientRow key={r.id} recipient={r} onEdit={() => setEditing(r)} onRemove={() => setRemoving(r)} />
        ))}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? L.add : L.edit}
        size="lg"
      >
        {editing !== null && (
          <RecipientForm
            recipient={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            invalidate={invalidate}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title={L.remove}
        label={L.remove}
        loading={archive.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && archive.confirm({ id: removing.id })}
      >
        <strong>{removing?.fullName}</strong>: {L.removeConfirm}
      </ConfirmDialog>
    </Card>
  );
}

function RecipientRow({
  recipient: r,
  onEdit,
  onRemove,
}: {
  recipient: Recipient;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const place = [r.address, r.municipality, r.city, r.state].filter(Boolean).join(', ');
  return (
    <Card withBorder radius="sm" padding="sm" data-testid="recipient">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600}>{r.fullName}</Text>
            {r.isAccountHolder && (
              <Badge size="sm" variant="light">
                {L.accountHolder}
              </Badge>
            )}
            {r.isAuthorized && (
              <Badge size="sm" variant="light" color="green">
                {L.isAuthorized}
              </Badge>
            )}
            {!r.complete && (
              <Badge size="sm" variant="light" color="orange">
                {L.incomplete}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {[r.idDocument, r.phone ? formatVenezuelanPhone(r.phone) : null].filter(Boolean).join(' · ')}
          </Text>
          {place && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {place}
            </Text>
          )}
          {r.reference && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {r.reference}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" size="lg" aria-label={`${L.edit}: ${r.fullName}`} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
          {!r.isAccountHolder && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`${L.remove}: ${r.fullName}`}
              onClick={onRemove}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      </Group>
    </Card>
  );
}
