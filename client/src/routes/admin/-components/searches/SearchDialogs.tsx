// The warehouse's two steps on a search (docs/product/first-mile.md#delivered-but-not-received):
// "Marcar encontrado" with the WR the parcel was received under (scanned: the scanner types it
// and presses Enter), and "Añadir nota". The server refuses a WR of another customer or not
// received, in words shown above the buttons.
import { useState } from 'react';
import { Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { PARCEL_SEARCH_LABELS as L, PARCEL_SEARCH_MESSAGES as M } from '@casillero/shared';
import { DialogForm } from '../../../../components/forms/FormDialog';
import { getErrorMessage } from '../../../../lib/errors';
import { notifySuccess } from '../../../../lib/notify';
import { trpc } from '../../../../lib/trpc';

export type SearchRow = inferOutput<typeof trpc.parcelSearches.list>[number];

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.parcelSearches.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.parcelSearches.stats.queryKey() }),
    ]);
}

function Subject({ row }: { row: SearchRow }) {
  return (
    <Text size="sm" ff="monospace">
      {row.mailboxCode ?? '—'} · {row.trackingNumber}
    </Text>
  );
}

export function MarkFoundForm({ row, onClose }: { row: SearchRow; onClose: () => void }) {
  const refresh = useRefresh();
  const [wr, setWr] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mark = useMutation(trpc.parcelSearches.markFound.mutationOptions());
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const r = await mark.mutateAsync({ id: row.id, warehouseReceipt: wr });
      notifySuccess(L.markFound, r.message);
      await refresh();
      onClose();
    } catch (caught) {
      setError(getErrorMessage(caught, M.receiptRequired));
    }
  };
  return (
    <DialogForm onSubmit={submit} error={error} onCancel={onClose} label={L.markFound} loading={mark.isPending}>
      <Stack gap={4}>
        <Subject row={row} />
        <Text size="sm" c="dimmed">
          {L.markFoundHint}
        </Text>
      </Stack>
      <TextInput
        label={L.receipt}
        value={wr}
        onChange={(e) => setWr(e.currentTarget.value)}
        data-autofocus
        autoComplete="off"
        ff="monospace"
      />
    </DialogForm>
  );
}

export function NoteForm({ row, onClose }: { row: SearchRow; onClose: () => void }) {
  const refresh = useRefresh();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(trpc.parcelSearches.addNote.mutationOptions());
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const r = await save.mutateAsync({ id: row.id, note });
      notifySuccess(L.addNote, r.message);
      await refresh();
      onClose();
    } catch (caught) {
      setError(getErrorMessage(caught, M.noteRequired));
    }
  };
  return (
    <DialogForm onSubmit={submit} error={error} onCancel={onClose} label={L.save} loading={save.isPending}>
      <Subject row={row} />
      {row.notes && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {row.notes}
        </Text>
      )}
      <Textarea label={L.note} value={note} onChange={(e) => setNote(e.currentTarget.value)} data-autofocus autosize />
    </DialogForm>
  );
}
