// Before saving a value far outside what its field usually holds (a weight of 250 kg, a rate
// ten times yesterday's), the form asks "¿Confirmas 250 kg?". The value is valid (the schema's
// limits are the server's); this only catches a slip, and "Corregir" saves nothing.
import { useRef, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import {
  NUMBER_MESSAGES as M,
  confirmImplausibleQuestion,
  implausibleValues,
  type PlausibilityCheck,
} from '@casillero/shared';

/**
 * `confirm(checks)` resolves true at once when every value is plausible, otherwise once the
 * person answers; `dialog` must be rendered by the form.
 */
export function usePlausibleConfirm() {
  const [question, setQuestion] = useState<string | null>(null);
  const answer = useRef<((isConfirmed: boolean) => void) | null>(null);

  const confirm = (checks: readonly PlausibilityCheck[]): Promise<boolean> => {
    const values = implausibleValues(checks);
    if (values.length === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      answer.current = resolve;
      setQuestion(confirmImplausibleQuestion(values));
    });
  };

  const close = (isConfirmed: boolean) => {
    setQuestion(null);
    answer.current?.(isConfirmed);
    answer.current = null;
  };

  // Above the dialog whose form asks.
  const dialog = (
    <Modal opened={question !== null} onClose={() => close(false)} title={M.confirmTitle} zIndex={300} centered>
      <Stack>
        <Text fw={600} data-testid="plausible-question">
          {question}
        </Text>
        <Text size="sm" c="dimmed">
          {M.confirmDetail}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => close(false)} data-autofocus>
            {M.confirmFix}
          </Button>
          <Button onClick={() => close(true)}>{M.confirmSave}</Button>
        </Group>
      </Stack>
    </Modal>
  );

  return { confirm, dialog };
}
