// The top of the draft screen (docs/product/prealerts-from-email.md#recepción): what was read from
// the e-mail, what is still missing, and discarding the draft.
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EMAIL_FIELD_LABELS, PREALERT_MAIL_MESSAGES as M } from '@casillero/shared';
import { getErrorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

type Labelled = keyof typeof EMAIL_FIELD_LABELS;

/** A field's label with "leído del correo" beside it when the e-mail filled it in. */
export function fromEmailLabel(label: string, field: Labelled, read: readonly string[] | null | undefined) {
  if (!read?.includes(field)) return label;
  return (
    <Group gap={6} component="span" wrap="nowrap">
      <span>{label}</span>
      <Badge size="xs" variant="light" color="grape" component="span">
        {M.fromEmail}
      </Badge>
    </Group>
  );
}

export function DraftNotice({
  id,
  read,
  missing,
  onDiscarded,
}: {
  id: string;
  read: readonly string[];
  missing: Labelled[];
  onDiscarded: () => void;
}) {
  const queryClient = useQueryClient();
  const discard = useMutation(trpc.prealertMail.discardDraft.mutationOptions());
  const names = (fields: readonly string[]) =>
    fields
      .filter((f): f is Labelled => f in EMAIL_FIELD_LABELS)
      .map((f) => EMAIL_FIELD_LABELS[f])
      .join(', ');
  return (
    <Alert color="grape" icon={<IconMail />} p="sm" title={M.draftCreatedTitle}>
      <Stack gap={4}>
        {read.length > 0 && (
          <Text size="sm">
            <strong>{M.readFromEmail}:</strong> {names(read)}
          </Text>
        )}
        {missing.length > 0 && (
          <Text size="sm" data-testid="draft-missing">
            <strong>{M.missing}:</strong> {names(missing)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            loading={discard.isPending}
            onClick={async () => {
              try {
                await discard.mutateAsync({ id });
                notifications.show({ color: 'green', message: M.discarded });
                await queryClient.invalidateQueries({ queryKey: trpc.prealerts.mine.queryKey() });
                onDiscarded();
              } catch (err) {
                notifications.show({ color: 'red', message: getErrorMessage(err) });
              }
            }}
          >
            {M.discard}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
