import { Badge, Button, Card, Checkbox, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferOutput } from '@trpc/tanstack-react-query';
import {
  PACKAGE_STATUS_LABELS,
  REPACK_MESSAGES,
  SHIPPING_METHODS,
  SHIPPING_METHOD_LABELS,
  formatDate,
  requestRepackSchema,
  type ShippingMethod,
  formatMeasures,
  formatKg,
} from '@casillero/shared';
import { getErrorMessage, getFieldErrors } from '../../../../lib/errors';
import { useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { trpc } from '../../../../lib/trpc';
import { EmptyState } from '../QueryState';
import { GrowingTextarea } from '../../../../components/forms/fields';

type RepackablePackage = inferOutput<typeof trpc.repacks.packages>[number];
type Values = { packageIds: string[]; shippingMethod: ShippingMethod | ''; instructions: string };

function PackageLabel({ pkg }: { pkg: RepackablePackage }) {
  return (
    <Stack gap={2}>
      <Group gap="xs">
        <Text size="sm" fw={600} ff="monospace">
          {pkg.trackingNumber ?? 'Sin número de tracking'}
        </Text>
        <Badge size="xs" variant="light">
          {PACKAGE_STATUS_LABELS[pkg.status]}
        </Badge>
        {pkg.inPendingRequest && (
          <Badge size="xs" color="orange" variant="light">
            En una solicitud pendiente
          </Badge>
        )}
      </Group>
      <Text size="sm">{pkg.packageDescription}</Text>
      <Text size="xs" c="dimmed">
        {[
          pkg.senderName,
          pkg.weightKg != null ? formatKg(pkg.weightKg) : null,
          pkg.dimensionsCm ? formatMeasures(pkg.dimensionsCm) : null,
          pkg.receivedDate ? `recibido el ${formatDate(pkg.receivedDate)}` : null,
          `casillero ${pkg.mailboxCode}`,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Stack>
  );
}

/** A new request: the packages to repack or consolidate, the shipping method and instructions. */
export function RepackRequestForm({ packages }: { packages: RepackablePackage[] }) {
  const queryClient = useQueryClient();
  const request = useMutation(trpc.repacks.request.mutationOptions());
  const form = useSchemaForm<Values>(requestRepackSchema, { packageIds: [], shippingMethod: '', instructions: '' });
  const available = packages.filter((p) => !p.inPendingRequest);

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await request.mutateAsync({ ...values, shippingMethod: values.shippingMethod as ShippingMethod });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.repacks.mine.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.repacks.packages.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.notifications.unreadCount.queryKey() }),
      ]);
      notifications.show({
        color: 'green',
        title: REPACK_MESSAGES.requestedTitle,
        message: REPACK_MESSAGES.requestedMessage(values.packageIds.length),
      });
      form.reset();
    } catch (error) {
      form.setErrors(getFieldErrors(error));
      notifications.show({ color: 'red', title: 'No se pudo enviar la solicitud', message: getErrorMessage(error) });
    }
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="nueva-solicitud">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="nueva-solicitud">
            Nueva solicitud
          </Title>
          {packages.length === 0 ? (
            <EmptyState title="No tienes paquetes disponibles en el almacén">
              Cuando recibamos tus compras en el almacén podrás pedir que las reempaquemos o consolidemos en una sola
              caja.
            </EmptyState>
          ) : (
            <>
              <Checkbox.Group
                label="Paquetes a reempacar o consolidar"
                description="Elige uno para reempacarlo, o varios para consolidarlos en una sola caja."
                withAsterisk
                {...form.getInputProps('packageIds')}
              >
                <Stack gap="sm" mt="xs">
                  {packages.map((pkg) => (
                    <Checkbox.Card
                      key={pkg.id}
                      value={pkg.id}
                      disabled={pkg.inPendingRequest}
                      // Not the hand of a clickable card: it is in another request.
                      style={pkg.inPendingRequest ? { cursor: 'not-allowed' } : undefined}
                      radius="md"
                      p="sm"
                      aria-label={pkg.trackingNumber ?? pkg.packageDescription}
                    >
                      <Group wrap="nowrap" align="flex-start">
                        <Checkbox.Indicator disabled={pkg.inPendingRequest} />
                        <PackageLabel pkg={pkg} />
                      </Group>
                    </Checkbox.Card>
                  ))}
                </Stack>
              </Checkbox.Group>
              <Radio.Group label="Método de envío" withAsterisk {...form.getInputProps('shippingMethod')}>
                <Group mt="xs">
                  {SHIPPING_METHODS.map((m) => (
                    <Radio key={m} value={m} label={SHIPPING_METHOD_LABELS[m]} />
                  ))}
                </Group>
              </Radio.Group>
              <GrowingTextarea
                label="Instrucciones de empaque"
                placeholder="Ej.: consolidar en una sola caja, retirar las cajas originales, proteger con plástico de burbujas"
                minRows={3}
                maxLength={1000}
                {...form.getInputProps('instructions')}
              />
              <Group justify="space-between">
                <Text size="xs" c="dimmed">
                  {available.length === 0
                    ? 'Todos tus paquetes ya están en una solicitud pendiente.'
                    : `${form.values.packageIds.length} de ${available.length} paquetes seleccionados.`}
                </Text>
                <Button type="submit" loading={request.isPending} disabled={available.length === 0}>
                  Solicitar reempaque
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </Card>
  );
}
