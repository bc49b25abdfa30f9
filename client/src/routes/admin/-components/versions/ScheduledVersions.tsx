// The versions scheduled to start later (prices, travel rules), each with its contents and a
// "Cancelar versión" that asks first: a cancelled version never applies and cannot be restored.
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../../components/forms/FormDialog';
import { notifyChange } from '../../../../lib/notify';
import { VersionSection } from './VersionSection';

type Version = { id: string; number: number };

export function ScheduledVersions<V extends Version>(props: {
  versions: V[];
  headingId: string;
  title: string;
  empty: string;
  cancelLabel: string;
  cancelTitle: string;
  /** 'Versión 3 · Vigente desde 01/12/2026'. */
  heading: (v: V) => ReactNode;
  /** The version's contents (its table). */
  body: (v: V) => ReactNode;
  confirmText: (v: V) => ReactNode;
  cancel: (id: string) => Promise<{ message: string }>;
  cancelling: boolean;
  /** Reloads the versions after a cancellation. */
  onCancelled: () => Promise<unknown>;
}) {
  // The version the dialog asks about.
  const [asking, setAsking] = useState<V | null>(null);
  const onCancel = async (v: V) => {
    const done = await notifyChange(
      () => props.cancel(v.id),
      (r) => ({ message: r.message }),
    );
    setAsking(null);
    if (done) await props.onCancelled();
  };
  return (
    <VersionSection headingId={props.headingId} title={props.title}>
      {props.versions.length === 0 && <Text c="dimmed">{props.empty}</Text>}
      {props.versions.map((v) => (
        <Stack key={v.id} gap="xs">
          <Group justify="space-between">
            <Text fw={600}>{props.heading(v)}</Text>
            <Button variant="light" color="red" size="xs" onClick={() => setAsking(v)}>
              {props.cancelLabel}
            </Button>
          </Group>
          {props.body(v)}
        </Stack>
      ))}
      <ConfirmDialog
        opened={asking !== null}
        title={props.cancelTitle}
        label={props.cancelLabel}
        loading={props.cancelling}
        onConfirm={() => asking && void onCancel(asking)}
        onCancel={() => setAsking(null)}
      >
        {asking && props.confirmText(asking)}
      </ConfirmDialog>
    </VersionSection>
  );
}
