// The day's exchange rate (docs/decisions/021-billing-in-bolivares.md): the cashier records it (Bs. per USD, day, source) and the
// history says who entered each one. A rate is never changed: recording the same day again is a
// correction, a newer entry, and invoices already issued keep the rate they were issued with.
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '../../../../components/forms/DatePickerInput';
import { IconAlertCircle, IconCalendar } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  RATE_MESSAGES,
  RATE_SOURCES,
  exchangeRateInput,
  formatDateTime,
  formatRate,
  plausibleRateRange,
  readNumberField,
  type RateSource,
} from '@casillero/shared';
import { ResponsiveTable, StackedCell, type ResponsiveColumn } from '../../../../components/data-table';
import { DecimalInput } from '../../../../components/forms/DecimalInput';
import { optionalValue } from '../../../../components/forms/fields';
import { ErrorAlert, SubmitRow } from '../../../../components/forms/FormParts';
import { notifySuccess } from '../../../../lib/notify';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { useMutationForm } from '../../../../components/forms/useMutationForm';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { getErrorMessage } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { caracasToday, formatDay, rateWithDay, type ExchangeRateRow } from './format';

type RateValues = { rateDate: string; vesPerUsd: string; source: string };

const SOURCE_LABELS: Record<RateSource, string> = { BCV: 'BCV', Otra: 'Otra fuente' };

/** 'Tasa del día': the rate in force today and, for roles that write payments, the form that records it. */
export function TodayRateCard({ canRecord }: { canRecord: boolean }) {
  const today = useQuery(trpc.exchangeRates.today.queryOptions());
  const rate = today.data?.rate;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tasa-del-dia">
      <Title order={2} size="h4" id="tasa-del-dia" mb="sm">
        Tasa del día
      </Title>
      <Stack gap="md">
        {today.isPending ? (
          <Loader size="sm" role="status" aria-label="Cargando" />
        ) : today.isError ? (
          <Alert color="red" icon={<IconAlertCircle />}>
            {getErrorMessage(today.error)}
          </Alert>
        ) : (
          <div>
            <Text size="xs" c="dimmed">
              {today.data.hasToday ? `Tasa de hoy (${formatDay(today.data.today)})` : 'Última tasa registrada'}
            </Text>
            <Text fw={700} fz="xl">
              {rate ? (today.data.hasToday ? formatRate(rate.vesPerUsd) : rateWithDay(rate)) : RATE_MESSAGES.noRateEver}
            </Text>
          </div>
        )}
        {canRecord && today.data && <RecordRateForm today={today.data.today} latest={rate?.vesPerUsd ?? null} />}
      </Stack>
    </Card>
  );
}

/** `latest`: the rate recorded last, around which a new one is plausible. */
function RecordRateForm({ today, latest }: { today: string; latest: string | null }) {
  const invalidate = useInvalidate(trpc.exchangeRates, trpc.billing);
  // 'BCV' is the usual source; another one is typed.
  const [choice, setChoice] = useState<RateSource>('BCV');
  const initialValues: RateValues = { rateDate: today || caracasToday(), vesPerUsd: '', source: 'BCV' };
  const { form, mutation, send, serverError } = useMutationForm(trpc.exchangeRates.record.mutationOptions(), {
    initialValues,
    schema: exchangeRateInput,
  });
  const plausible = usePlausibleConfirm();
  const reading = readNumberField('exchangeRate', form.values.vesPerUsd);
  const submit = form.onSubmit(async (values) => {
    const value = reading.status === 'number' ? reading.value : null;
    if (!(await plausible.confirm([{ kind: 'exchangeRate', value, range: plausibleRateRange(latest) }]))) return;
    const result = await send(values);
    if (!result) return;
    notifySuccess(RATE_MESSAGES.recordedTitle, result.message);
    form.setFieldValue('vesPerUsd', '');
    await invalidate();
  });
  const typed = reading.status === 'number' && reading.value > 0 ? formatRate(reading.digits) : undefined;

  return (
    <form onSubmit={submit} noValidate aria-label="Registrar la tasa">
      {plausible.dialog}
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <DatePickerInput
            label="Fecha"
            required
            valueFormat="DD/MM/YYYY"
            leftSection={<IconCalendar size={16} />}
            maxDate={today || caracasToday()}
            nextLabel="Mes siguiente"
            previousLabel="Mes anterior"
            {...optionalValue(form.getInputProps('rateDate'))}
          />
          <DecimalInput
            kind="exchangeRate"
            keepsText
            label="Bs. por USD"
            required
            placeholder="36,5214"
            description={typed ?? 'Hasta 8 decimales, con coma.'}
            {...form.getInputProps('vesPerUsd')}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500} id="fuente-tasa">
              Fuente
            </Text>
            <SegmentedControl
              aria-labelledby="fuente-tasa"
              data={RATE_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] }))}
              value={choice}
              onChange={(v) => {
                const next = v as RateSource;
                setChoice(next);
                form.setFieldValue('source', next === 'BCV' ? 'BCV' : '');
              }}
            />
            {choice === 'Otra' && (
              <TextInput
                aria-label="Nombre de la fuente"
                placeholder="Nombre de la fuente"
                maxLength={60}
                {...form.getInputProps('source')}
              />
            )}
            {choice === 'BCV' && form.errors.source && (
              <Text size="xs" c="red">
                {form.errors.source}
              </Text>
            )}
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Si la fecha ya tiene una tasa, se registra como corrección: las facturas ya emitidas conservan la tasa con la
          que se emitieron.
        </Text>
        <ErrorAlert message={serverError} />
        <SubmitRow label="Registrar tasa" busy={mutation.isPending} />
      </Stack>
    </form>
  );
}

const historyColumns: ResponsiveColumn<ExchangeRateRow>[] = [
  { header: 'Fecha', card: 'title', cell: (r) => formatDay(r.rateDate) },
  {
    header: 'Tasa',
    card: 'status',
    cell: (r) => (
      <Group gap="xs" wrap="nowrap">
        <Text
          size="sm"
          fw={r.superseded ? undefined : 600}
          c={r.superseded ? 'dimmed' : undefined}
          td={r.superseded ? 'line-through' : undefined}
          style={{ whiteSpace: 'nowrap' }}
        >
          {formatRate(r.vesPerUsd)}
        </Text>
        {r.superseded && (
          <Badge size="sm" color="gray" variant="light">
            Corregida
          </Badge>
        )}
      </Group>
    ),
  },
  { header: 'Fuente', cell: (r) => r.source },
  {
    header: 'Registrada por',
    cell: (r) =>
      r.createdByEmail ? <StackedCell main={r.createdByName ?? r.createdByEmail} sub={r.createdByEmail} /> : '—',
  },
  { header: 'Fecha de registro', cell: (r) => formatDateTime(r.createdAt) },
];

/** 'Historial': the rates recorded, newest day first, a page at a time; a corrected one says so. */
export function RateHistory() {
  const [page, setPage] = useState(1);
  const list = useQuery({ ...trpc.exchangeRates.list.queryOptions({ page }), placeholderData: keepPreviousData });
  return (
    <Stack gap="sm" component="section" aria-labelledby="historial-tasas">
      <Title order={2} size="h4" id="historial-tasas">
        Historial
      </Title>
      {list.isPending ? (
        <Center py="lg">
          <Loader role="status" aria-label="Cargando" />
        </Center>
      ) : list.isError ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {getErrorMessage(list.error)}
        </Alert>
      ) : list.data.rows.length === 0 ? (
        <Text c="dimmed">Aún no se ha registrado ninguna tasa.</Text>
      ) : (
        <>
          <ResponsiveTable
            caption="Historial de tasas"
            rows={list.data.rows}
            columns={historyColumns}
            cardLabel={(r) => `Tasa del ${formatDay(r.rateDate)}`}
            minWidth={720}
          />
          {(page > 1 || list.data.hasMore) && (
            <Group justify="center">
              <Button variant="subtle" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
                Más recientes
              </Button>
              <Text size="sm" c="dimmed">
                Página {page}
              </Text>
              <Button
                variant="subtle"
                disabled={!list.data.hasMore || page >= list.data.maxPage}
                onClick={() => setPage((p) => p + 1)}
              >
                Anteriores
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
