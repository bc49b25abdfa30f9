// The end of an admin dialog: the server's refusal (when there is one), then 'Cancelar' and
// the dialog's own action: the form's submit button, or a confirmation's button.
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, type MantineColor } from '@mantine/core';
import { ErrorAlert } from '../../../components/forms/FormParts';

type DialogActionsProps = {
  onCancel: () => void;
  /** The action button's text ('Guardar cambios', 'Eliminar'...). */
  label: string;
  loading: boolean;
  color?: MantineColor;
  /** A confirmation's action; without it the button submits the dialog's form. */
  onConfirm?: () => void;
  /** The server's refusal of the last attempt, shown above the buttons. */
  error?: string | null;
};

export function DialogActions({ onCancel, label, loading, color, onConfirm, error }: DialogActionsProps) {
  return (
    <>
      <ErrorAlert message={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        {onConfirm ? (
          <Button color={color} onClick={onConfirm} loading={loading}>
            {label}
          </Button>
        ) : (
          <Button type="submit" color={color} loading={loading}>
            {label}
          </Button>
        )}
      </Group>
    </>
  );
}

type ConfirmDialogProps = {
  /** Open while it names something to confirm. */
  opened: boolean;
  title: string;
  /** The question, naming what the action touches. */
  children: ReactNode;
  label: string;
  color?: MantineColor;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A confirmation before an action that cannot be undone ('Eliminar…'). */
export function ConfirmDialog({ opened, title, children, label, color = 'red', loading, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title}>
      <Stack>
        <Text size="sm" component="div">
          {children}
        </Text>
        <DialogActions onCancel={onCancel} label={label} color={color} onConfirm={onConfirm} loading={loading} />
      </Stack>
    </Modal>
  );
}
