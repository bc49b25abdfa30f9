// The parcels this operator received in this browser tab (docs/product/warehouse-intake.md#reception-by-scanning): the last ones
// first, each with its label to print. Kept in sessionStorage so opening a package and coming
// back does not lose them; a new tab starts empty.
import { useCallback, useState } from 'react';
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { RECEPTION_MESSAGES as M, WAREHOUSE_MESSAGES, formatDateTime, labelsUrl, formatKg } from '@casillero/shared';

export type SessionReception = {
  intakeId: string;
  packageId: string | null;
  warehouseReceipt: string;
  trackingNumber: string;
  customerName: string | null;
  mailboxCode: string | null;
  weightKg: number;
  at: string;
};

const STORAGE_KEY = 'casillero.reception.session';
const KEEP = 30;

function load(): SessionReception[] {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(parsed) ? (parsed as SessionReception[]) : [];
  } catch {
    return [];
  }
}

export function useSessionReceptions() {
  const [items, setItems] = useState<SessionReception[]>(() => (typeof sessionStorage === 'undefined' ? [] : load()));
  const add = useCallback((item: SessionReception) => {
    setItems((prev) => {
      const next = [item, ...prev].slice(0, KEEP);
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // A full or disabled storage only loses the list on reload.
      }
      return next;
    });
  }, []);
  return { items, add };
}

/** The label of a received parcel: its package's, or the intake's while it waits "sin dueño". */
export const labelHref = (r: { packageId: string | null; intakeId: string }) =>
  r.packageId ? labelsUrl({ packageIds: [r.packageId] }) : labelsUrl({ intakeIds: [r.intakeId] });

export function SessionReceptions({ items }: { items: SessionReception[] }) {
  return (
    <Card withBorder padding="md">
      <Text fw={600} mb="xs">
        {M.sessionTitle} ({items.length})
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {M.sessionEmpty}
        </Text>
      ) : (
        <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={M.sessionTitle}>
          {items.map((r) => (
            <Group key={r.intakeId} component="li" justify="space-between" wrap="nowrap" gap="xs">
              {/* Every line wraps on a phone rather than cut the customer's name or the tracking. */}
              <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Group gap={6} wrap="wrap">
                  <Text fw={600} ff="monospace" size="sm">
                    {r.warehouseReceipt}
                  </Text>
                  {r.customerName ? (
                    <Text size="sm">
                      {r.customerName} · {r.mailboxCode}
                    </Text>
                  ) : (
                    <Badge color="orange" variant="light" size="sm">
                      {M.unknownTitle}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" ff="monospace">
                  {r.trackingNumber} · {formatKg(r.weightKg)} · {formatDateTime(r.at)}
                </Text>
              </div>
              <Anchor
                href={labelHref(r)}
                target="_blank"
                rel="noopener"
                size="sm"
                aria-label={`${WAREHOUSE_MESSAGES.labelPrint} ${r.warehouseReceipt}`}
              >
                <IconPrinter size={18} />
              </Anchor>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
