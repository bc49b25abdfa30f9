// The end of an admin dialog: the server's refusal (when there is one), then 'Cancelar' and
// the dialog's own action: the form's submit button, or a confirmation's button.
import { Alert, Button, Group, type MantineColor } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

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
      {error && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {error}
        </Alert>
      )}
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
