import { SimpleGrid } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockHour4, IconReceipt, type Icon } from '@tabler/icons-react';
import { formatUsdFromCents } from '@casillero/shared';
import { StatCard } from '../../../../components/data-table';
import type { PaymentSummary } from './types';

type Figure = { count: number; amountUsdCents: number };

const CARDS: { label: string; figure: (s: PaymentSummary) => Figure; icon: Icon; color: string }[] = [
  { label: 'Pendientes', figure: (s) => s.byStatus.pending, icon: IconClockHour4, color: 'yellow' },
  { label: 'Completados', figure: (s) => s.byStatus.completed, icon: IconCircleCheck, color: 'green' },
  { label: 'Rechazados', figure: (s) => s.byStatus.failed, icon: IconCircleX, color: 'red' },
  { label: 'Total de pagos', figure: (s) => s.total, icon: IconReceipt, color: 'blue' },
];

/** Payments and money by status, from one SQL aggregate: how many, and how much under it. */
export function PaymentSummaryCards({ summary }: { summary: PaymentSummary | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      {CARDS.map(({ figure, ...card }) => {
        const f = summary && figure(summary);
        return (
          <StatCard key={card.label} {...card} value={f?.count} detail={f && formatUsdFromCents(f.amountUsdCents)} />
        );
      })}
    </SimpleGrid>
  );
}
