// The milestone template per mode (docs/product/departures.md#milestones): the administrator names
// each milestone and gives its typical days after the one before (used where a route has no
// history yet).
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Group, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import {
  DEPARTURE_MESSAGES as M,
  DEPARTURE_MODE_LABELS,
  MILESTONES_FROM_DEPARTURE,
  type DepartureMode,
  type MilestoneKind,
} from '@casillero/shared';
import { DialogActions } from '../../../../components/forms/FormDialog';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { notifySuccess } from '../../../../lib/notify';
import { trpc } from '../../../../lib/trpc';
import { useCan } from '../../../../lib/permissions';
import { failureMessage } from '../packages/feedback';
import { useInvalidateDepartures } from './DepartureForm';

/** A milestone as typed: the days field holds the text it cannot read until the server refuses it. */
type Row = { kind: MilestoneKind; label: string; typicalDays: DecimalValue };

export function MilestoneTemplateAction() {
  const canEdit = useCan('departures.template');
  const [opened, setOpened] = useState(false);
  if (!canEdit) return null;
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Plantilla de hitos
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Plantilla de hitos" size="lg">
        {opened && <TemplateForm onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function TemplateForm({ onClose }: { onClose: () => void }) {
  const templates = useQuery(trpc.departures.templates.queryOptions());
  const [mode, setMode] = useState<DepartureMode>('aereo');
  const [edits, setEdits] = useState<Partial<Record<DepartureMode, Row[]>>>({});
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(trpc.departures.saveTemplate.mutationOptions());
  const invalidate = useInvalidateDepartures();
  const rows = edits[mode] ?? templates.data?.[mode] ?? [];
  const set = (i: number, patch: Partial<Row>) =>
    setEdits((e) => ({ ...e, [mode]: rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));
  return (
    <Stack>
      <SegmentedControl
        value={mode}
        onChange={(v) => setMode(v as DepartureMode)}
        data={(['aereo', 'maritimo'] as const).map((m) => ({ value: m, label: DEPARTURE_MODE_LABELS[m] }))}
      />
      {rows.map((r, i) => (
        <Group key={r.kind} grow align="flex-end">
          <TextInput label="Hito" value={r.label} onChange={(e) => set(i, { label: e.currentTarget.value })} />
          <DecimalInput
            kind="count"
            label="Días típicos después del anterior"
            disabled={MILESTONES_FROM_DEPARTURE.includes(r.kind)}
            value={r.typicalDays}
            emptyValue={0}
            onChange={(v) => set(i, { typicalDays: v })}
          />
        </Group>
      ))}
      <DialogActions
        onCancel={onClose}
        label="Guardar plantilla"
        loading={save.isPending}
        error={error}
        onConfirm={async () => {
          setError(null);
          try {
            const milestones = rows.map((r) => ({
              ...r,
              typicalDays: typeof r.typicalDays === 'number' ? r.typicalDays : Number.NaN,
            }));
            await save.mutateAsync({ mode, milestones });
            notifySuccess(DEPARTURE_MODE_LABELS[mode], M.templateSaved);
            await invalidate();
            onClose();
          } catch (e) {
            setError(failureMessage(e, 'No se pudo guardar la plantilla.'));
          }
        }}
      />
    </Stack>
  );
}
