import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { QUOTE_MESSAGES } from '@casillero/shared';
import { WhatsAppButton } from '../public/WhatsAppButton';

type QuoteContactButtonProps = {
  /** The prefilled message, or null while there is no quote. */
  message: string | null;
  /** The error toast when there is no quote. */
  missingText: string;
};

/** 'Contactar por WhatsApp': opens the chat with the quote, or says what is missing. */
export function QuoteContactButton({ message, missingText }: QuoteContactButtonProps) {
  const label = 'Contactar por WhatsApp';
  if (message === null) {
    return (
      <Button
        color="green"
        size="md"
        fullWidth
        leftSection={<IconBrandWhatsapp size={18} />}
        onClick={() => notifications.show({ color: 'red', title: 'Faltan datos', message: missingText })}
      >
        {label}
      </Button>
    );
  }
  return (
    <WhatsAppButton
      size="md"
      fullWidth
      message={message}
      onClick={() =>
        notifications.show({
          color: 'green',
          title: QUOTE_MESSAGES.successTitle,
          message: QUOTE_MESSAGES.successMessage,
        })
      }
    >
      {label}
    </WhatsAppButton>
  );
}
