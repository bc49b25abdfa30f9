import { Anchor, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
// A public page: the entry's Mantine styles lack Skeleton's (the signed-in areas load theirs).
import '@mantine/core/styles/Skeleton.layer.css';
import { IconBuilding, IconClock, IconMail, IconPhone } from '@tabler/icons-react';
import { CONTACT_INFO, WHATSAPP_GENERAL_MESSAGE } from '@casillero/shared';
import { WhatsAppButton } from '../../components/public/WhatsAppButton';
import { useSiteConfig } from '../../lib/site';

function Block({ icon: Icon, title, children }: { icon: typeof IconMail; title: string; children: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        <Icon size={16} aria-hidden style={{ verticalAlign: -2, marginRight: 6 }} />
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** E-mails or phones as links, a placeholder line while the configuration loads. */
function LinkList({
  items,
  href,
  placeholderWidth,
}: {
  items: string[] | undefined;
  href: (item: string) => string;
  placeholderWidth: string;
}) {
  if (!items) return <Skeleton h={20} w={placeholderWidth} />;
  return (
    <List listStyleType="none" size="sm" spacing={2}>
      {items.map((item) => (
        <List.Item key={item}>
          <Anchor href={href(item)}>{item}</Anchor>
        </List.Item>
      ))}
    </List>
  );
}

/** E-mails and phones (from the configuration), offices, hours and the WhatsApp button. */
export function ContactDetails() {
  const config = useSiteConfig();
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="lg">
        <Title order={2} size="h3">
          Información de contacto
        </Title>
        <Block icon={IconMail} title="Email">
          <LinkList items={config.data?.contactEmails} href={(email) => `mailto:${email}`} placeholderWidth="70%" />
        </Block>
        <Block icon={IconPhone} title="Teléfonos">
          <LinkList
            items={config.data?.contactPhones}
            href={(phone) => `tel:${phone.replace(/[^\d+]/g, '')}`}
            placeholderWidth="60%"
          />
        </Block>
        <Block icon={IconBuilding} title="Oficinas">
          <Text size="sm">{CONTACT_INFO.offices.join(' · ')}</Text>
        </Block>
        <Block icon={IconClock} title="Horario de atención">
          {CONTACT_INFO.hours.map((h) => (
            <Text size="sm" key={h}>
              {h}
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            {CONTACT_INFO.timezone}
          </Text>
        </Block>
        <WhatsAppButton message={WHATSAPP_GENERAL_MESSAGE} size="md" fullWidth>
          Escríbenos por WhatsApp
        </WhatsAppButton>
      </Stack>
    </Paper>
  );
}
