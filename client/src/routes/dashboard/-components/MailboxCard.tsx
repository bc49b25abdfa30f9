import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import type { inferOutput } from '@trpc/tanstack-react-query';
import {
  MAILBOX_COUNTRY_LABELS,
  MAILBOX_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  formatDate,
  formatUsdFromCents,
} from '@casillero/shared';
import { ButtonLink } from '../../../components/links';
import type { trpc } from '../../../lib/trpc';

type Mailbox = inferOutput<typeof trpc.mailboxes.mine>[number];

/** How stores' checkout forms name the country. */
const CHECKOUT_COUNTRY: Record<Mailbox['country'], string> = { USA: 'United States', CHINA: 'China', OTHER: '' };

function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copiado' : `Copiar ${label.toLowerCase()}`} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={`Copiar ${label.toLowerCase()}`}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** One mailbox: the address to paste at a store's checkout, line by line, and its status. */
export function MailboxCard({ mailbox, fullName }: { mailbox: Mailbox; fullName: string }) {
  const lines: { label: string; value: string }[] = [
    { label: 'Nombre', value: `${fullName} ${mailbox.mailboxCode}`.trim() },
    { label: 'Dirección (línea 1)', value: mailbox.addressLine1 },
    ...(mailbox.addressLine2 ? [{ label: 'Dirección (línea 2)', value: mailbox.addressLine2 }] : []),
    { label: 'Ciudad', value: mailbox.city },
    ...(mailbox.state ? [{ label: 'Estado / Provincia', value: mailbox.state }] : []),
    { label: 'Código postal', value: mailbox.postalCode },
    { label: 'País', value: CHECKOUT_COUNTRY[mailbox.country] || MAILBOX_COUNTRY_LABELS[mailbox.country] },
  ];
  const fullAddress = lines.map((l) => l.value).join('\n');
  const isActive = mailbox.status === 'active';
  const activation = mailbox.activation;

  return (
    <Card withBorder radius="md" padding="lg" aria-label={`Casillero ${mailbox.mailboxCode}`} component="section">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {MAILBOX_COUNTRY_LABELS[mailbox.country]}
            </Title>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                Código de casillero:
              </Text>
              <Text fw={700} ff="monospace">
                {mailbox.mailboxCode}
              </Text>
              <CopyValue value={mailbox.mailboxCode} label="Código" />
            </Group>
          </Stack>
          <Badge size="lg" color={isActive ? 'green' : 'orange'} variant="light">
            {MAILBOX_STATUS_LABELS[mailbox.status]}
          </Badge>
        </Group>

        <Table withRowBorders={false} verticalSpacing={4} layout="fixed">
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.label}>
                <Table.Td w={{ base: 112, sm: 170 }}>
                  <Text size="sm" c="dimmed">
                    {line.label}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
                    {line.value}
                  </Text>
                </Table.Td>
                <Table.Td w={44}>
                  <CopyValue value={line.value} label={line.label} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group>
          <CopyButton value={fullAddress}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                size="xs"
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
              >
                {copied ? 'Dirección copiada' : 'Copiar dirección completa'}
              </Button>
            )}
          </CopyButton>
          <Text size="xs" c="dimmed">
            Escribe siempre tu código {mailbox.mailboxCode} junto a tu nombre para que identifiquemos tus paquetes.
          </Text>
        </Group>

        {!isActive && (
          <Alert color="orange" icon={<IconInfoCircle />} title="Casillero pendiente de activación">
            <Stack gap="xs">
              {activation ? (
                <>
                  <Text size="sm">
                    Pago de activación: <strong>{formatUsdFromCents(activation.amountUsdCents)}</strong> · Estado:{' '}
                    <strong>{PAYMENT_STATUS_LABELS[activation.status]}</strong>
                  </Text>
                  {activation.reportedAt && activation.status === 'pending' ? (
                    <Text size="sm">
                      Reportaste el pago el {formatDate(activation.reportedAt)}
                      {activation.paymentMethod
                        ? ` (${activation.paymentMethod}${activation.paymentReference ? `, ref. ${activation.paymentReference}` : ''})`
                        : ''}
                      . Lo estamos revisando; te avisaremos cuando tu casillero esté activo.
                    </Text>
                  ) : (
                    <Text size="sm">
                      {activation.status === 'failed'
                        ? 'Tu último pago fue rechazado. Reporta un nuevo pago para activar tu casillero.'
                        : 'Tu casillero se activa cuando aprobemos el pago de activación.'}{' '}
                      En Facturas ves los métodos de pago con sus datos y reportas el pago.
                    </Text>
                  )}
                </>
              ) : (
                <Text size="sm">
                  Tu casillero se activa cuando aprobemos el pago de activación. En Facturas ves los métodos de pago con
                  sus datos y reportas el pago.
                </Text>
              )}
              {!(activation?.reportedAt && activation.status === 'pending') && (
                <Group>
                  <ButtonLink
                    to="/dashboard/facturas"
                    search={activation ? { reportar: activation.id } : {}}
                    size="xs"
                    color="orange"
                  >
                    Reportar pago en Facturas
                  </ButtonLink>
                </Group>
              )}
            </Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
