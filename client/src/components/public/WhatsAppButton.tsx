import { Button, type ButtonProps } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { whatsappUrl } from '@casillero/shared';
import { useSiteConfig } from '../../lib/site';

type WhatsAppButtonProps = ButtonProps & {
  /** The prefilled message. */
  message: string;
  children: React.ReactNode;
  onClick?: () => void;
};

/** Opens a WhatsApp chat with the business (number from the configuration) in a new tab. */
export function WhatsAppButton({ message, children, onClick, ...props }: WhatsAppButtonProps) {
  const config = useSiteConfig();
  const phone = config.data?.whatsappPhone;
  if (!phone) {
    return (
      <Button
        color="green"
        leftSection={<IconBrandWhatsapp size={18} />}
        disabled
        loading={config.isPending}
        {...props}
      >
        {children}
      </Button>
    );
  }
  return (
    <Button
      component="a"
      href={whatsappUrl(phone, message)}
      target="_blank"
      rel="noopener noreferrer"
      color="green"
      leftSection={<IconBrandWhatsapp size={18} />}
      onClick={onClick}
      {...props}
    >
      {children}
    </Button>
  );
}
