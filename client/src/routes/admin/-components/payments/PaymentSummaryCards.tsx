import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockHour4, IconReceipt, type Icon } from '@tabler/icons-react';
import { formatUsd } from '@casillero/shared';
import type { PaymentSummary } from './types';

function SummaryCard({
  label,
  figure,
  icon: IconC,
  color,
}: {
  label: string;
  figure: { count: number; amountUsd: number } | undefined;
  icon: Icon;
  color: string;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {figure === undefined ? (
            <Skeleton h={32} w={80} mt={4} />
          ) : (
            <>
              <Text fz={28} fw={700} aria-label={`${label}: ${figure.count}`}>
                {figure.count.toLocaleString('es-ES')}
              </Text>
              <Text size="sm" c="dimmed">
                {formatUsd(figure.amountUsd)}
              </Text>
            </>
          )}
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          <IconC size={24} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** Payments and money by status, from one SQL aggregate. */
export function PaymentSummaryCards({ summary }: { summary: PaymentSummary | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <SummaryCard label="Pendientes" figure={summary?.byStatus.pending} icon={IconClockHour4} color="yellow" />
      <SummaryCard label="Completados" figure={summary?.byStatus.completed} icon={IconCircleCheck} color="green" />
      <SummaryCard label="Rechazados" figure={summary?.byStatus.failed} icon={IconCircleX} color="red" />
      <SummaryCard label="Total de pagos" figure={summary?.total} icon={IconReceipt} color="blue" />
    </SimpleGrid>
  );
}
