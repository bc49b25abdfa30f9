// The top of the draft screen (docs/product/prealerts-from-email.md#recepción): what was read from
// the e-mail or from the invoice sent by WhatsApp, what is still missing, and discarding the draft.
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandWhatsapp, IconMail } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  draftFieldSource,
  EMAIL_FIELD_LABELS,
  PREALERT_MAIL_MESSAGES as M,
  type DraftReadFields,
} from '@casillero/shared';
import { getErrorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

type Labelled = keyof typeof EMAIL_FIELD_LABELS;

/**
 * A field's label with where it was read from beside it: "leído del correo" when a forwarded e-mail
 * filled it in, "leído de la factura enviada por WhatsApp" when the invoice sent by WhatsApp did.
 */
export function readFieldLabel(label: string, field: Labelled, read: DraftReadFields | null | undefined) {
  const source = read ? draftFieldSource(field, read) : null;
  if (!source) return label;
  return (
    <Group gap={6} component="span" wrap="wrap">
      <span>{label}</span>
      <Badge size="xs" variant="light" color="grape" component="span">
        {source}
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
  read: DraftReadFields;
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
  const fromEmail = read.emailFields ?? [];
  const fromWhatsapp = read.whatsappFields ?? [];
  const onlyWhatsapp = fromWhatsapp.length > 0 && fromEmail.length === 0;
  return (
    <Alert
      color="grape"
      icon={onlyWhatsapp ? <IconBrandWhatsapp /> : <IconMail />}
      p="sm"
      title={onlyWhatsapp ? M.draftFromWhatsappTitle : M.draftCreatedTitle}
    >
      <Stack gap={4}>
        {fromEmail.length > 0 && (
          <Text size="sm">
            <strong>{M.readFromEmail}:</strong> {names(fromEmail)}
          </Text>
        )}
        {fromWhatsapp.length > 0 && (
          <Text size="sm">
            <strong>{M.readFromWhatsapp}:</strong> {names(fromWhatsapp)}
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
