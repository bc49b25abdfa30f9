import { Text, Timeline, type TimelineProps } from '@mantine/core';
import {
  SHIPMENT_STAGE_STATUS_COLORS as STAGE_COLORS,
  SHIPMENT_STAGE_STATUS_LABELS as STAGE_LABELS,
  formatDateTime,
  type ShipmentStageStatus,
} from '@casillero/shared';

type Stage = {
  id: string;
  stageNumber: number;
  stageName: string;
  status: ShipmentStageStatus;
  createdAt: string;
  estimatedDays: number | null;
};

/** A shipment's stages in order, the last one reached highlighted (admin and customer details). */
export function StagesTimeline({
  stages,
  days,
  ...props
}: { stages: Stage[]; days: (n: number) => string } & Omit<TimelineProps, 'children'>) {
  return (
    <Timeline lineWidth={2} aria-label="Etapas del envío" active={stages.length - 1} {...props}>
      {stages.map((s) => (
        <Timeline.Item key={s.id} color={STAGE_COLORS[s.status]} title={`${s.stageNumber}. ${s.stageName}`}>
          <Text size="xs" c="dimmed">
            {STAGE_LABELS[s.status]} · {formatDateTime(s.createdAt)}
            {s.estimatedDays != null ? ` · ${days(s.estimatedDays)}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
