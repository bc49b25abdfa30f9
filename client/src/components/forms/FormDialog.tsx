// The scaffolding of the product's form dialogs: a modal that mounts its form afresh for each
// subject (so every opening starts from that subject's values), the form with its fields, the
// server's refusal above the buttons, then 'Cancelar' and the dialog's own action.
import type { FormEventHandler, ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text, type MantineColor, type MantineSpacing } from '@mantine/core';
import { ErrorAlert } from './FormParts';

type DialogActionsProps = {
  onCancel: () => void;
  /** The action button's text ('Guardar cambios', 'Eliminar'...). */
  label: string;
  loading: boolean;
  color?: MantineColor;
  disabled?: boolean;
  /** A confirmation's action; without it the button submits the dialog's form. */
  onConfirm?: () => void;
  /** The server's refusal of the last attempt, shown above the buttons. */
  error?: string | null;
};

export function DialogActions({ onCancel, label, loading, color, disabled, onConfirm, error }: DialogActionsProps) {
  return (
    <>
      <ErrorAlert message={error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button
          type={onConfirm ? 'button' : 'submit'}
          color={color}
          onClick={onConfirm}
          loading={loading}
          disabled={disabled}
        >
          {label}
        </Button>
      </Group>
    </>
  );
}

type DialogFormProps = DialogActionsProps & {
  onSubmit: FormEventHandler<HTMLFormElement>;
  gap?: MantineSpacing;
  children: ReactNode;
};

/** A dialog's form: its fields, then the refusal and the buttons (the action submits). */
export function DialogForm({ onSubmit, gap, children, ...actions }: DialogFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap={gap}>
        {children}
        <DialogActions {...actions} />
      </Stack>
    </form>
  );
}

type SubjectModalProps<T> = {
  /** What the dialog is about (a table row...); the dialog is open while there is one. */
  subject: T | null;
  title: string;
  size?: string;
  onClose: () => void;
  children: (subject: T) => ReactNode;
};

/** A modal about one subject: its content is mounted only while open, afresh for each subject. */
export function SubjectModal<T>({ subject, title, size, onClose, children }: SubjectModalProps<T>) {
  return (
    <Modal opened={subject !== null} onClose={onClose} title={title} size={size}>
      {subject !== null && children(subject)}
    </Modal>
  );
}

/**
 * A dialog about one subject, open while there is one (`<IntakeDialog subject={row} onClose={…} />`):
 * `render` draws its form for the subject, mounted afresh for each.
 */
export function subjectDialog<T>(title: string, render: (subject: T, onClose: () => void) => ReactNode, size?: string) {
  return function SubjectDialog({ subject, onClose }: { subject: T | null; onClose: () => void }) {
    return (
      <SubjectModal subject={subject} onClose={onClose} title={title} size={size}>
        {(s) => render(s, onClose)}
      </SubjectModal>
    );
  };
}

type FormProps = { onClose: () => void };

/** A dialog opened by a flag ('Crear…'): its form is mounted afresh at each opening. */
export function formDialog(title: string, Form: (props: FormProps) => ReactNode, size?: string) {
  return function FormDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
    return (
      <Modal opened={opened} onClose={onClose} title={title} size={size}>
        {opened && <Form onClose={onClose} />}
      </Modal>
    );
  };
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
export function ConfirmDialog({
  opened,
  title,
  children,
  label,
  color = 'red',
  loading,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
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
