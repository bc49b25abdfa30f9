import { Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import {
  ACTIVATION_COST_USD_CENTS,
  type CasilleroType,
  DELIVERY_TIME,
  formatUsdFromCents,
  WAREHOUSE_ADDRESSES,
} from '@casillero/shared';

const CASILLEROS: Record<CasilleroType, { label: string; place: string; note: string }> = {
  usa: {
    label: 'Casillero USA',
    place: `${WAREHOUSE_ADDRESSES.USA.city}, Florida`,
    note: `Consolidación de paquetes y envío aéreo en ${DELIVERY_TIME.usaAereo}.`,
  },
  china: {
    label: 'Casillero China',
    place: WAREHOUSE_ADDRESSES.CHINA.city,
    note: `Ideal para importar directo; envío marítimo en ${DELIVERY_TIME.chinaMaritimo}.`,
  },
};

type CasilleroSummaryProps = { type: CasilleroType; onChange: (type: CasilleroType) => void };

/** Which mailbox the new account comes with, and what activating it costs. */
export function CasilleroSummary({ type, onChange }: CasilleroSummaryProps) {
  const casillero = CASILLEROS[type];
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-primary-color-light)">
      <Stack gap="xs">
        <SegmentedControl
          fullWidth
          value={type}
          onChange={(value) => onChange(value as CasilleroType)}
          aria-label="Tipo de casillero"
          data={[
            { value: 'usa', label: 'USA (Miami)' },
            { value: 'china', label: 'China (Beijing)' },
          ]}
        />
        <Group gap="xs" wrap="nowrap">
          <IconMapPin size={18} aria-hidden />
          <Text fw={600}>
            Estás creando tu {casillero.label} en {casillero.place}
          </Text>
        </Group>
        <Text size="sm">
          Costo de activación: <strong>{formatUsdFromCents(ACTIVATION_COST_USD_CENTS[type])}</strong>. Tu casillero
          queda activo cuando se aprueba el pago de activación.
        </Text>
        <Text size="sm" c="dimmed">
          {casillero.note}
        </Text>
      </Stack>
    </Paper>
  );
}
