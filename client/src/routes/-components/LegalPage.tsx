import type { ReactNode } from 'react';
import { Container, Group, Stack, Text, Title, Typography } from '@mantine/core';
// A public page: the entry's Mantine styles lack Typography's (the signed-in areas load theirs).
import '@mantine/core/styles/Typography.layer.css';
import { IconArrowLeft } from '@tabler/icons-react';
import { formatDate } from '@casillero/shared';
import { AnchorLink } from '../../components/links';

/** When the legal texts last changed. */
export const LEGAL_UPDATED_AT = '2026-11-22T12:00:00Z';

type LegalPageProps = {
  title: string;
  intro: ReactNode;
  children: ReactNode;
  /** 'Última actualización'; the legal texts' own date unless a page says otherwise. */
  updatedAt?: Date | string;
};

export function LegalPage({ title, intro, children, updatedAt = LEGAL_UPDATED_AT }: LegalPageProps) {
  return (
    <Container size="md" py={48}>
      <Stack gap="lg">
        <Group>
          <AnchorLink to="/login" size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden /> Volver a Iniciar Sesión
            </Group>
          </AnchorLink>
        </Group>
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text size="sm" c="dimmed">
            Última actualización: {formatDate(updatedAt)}
          </Text>
        </Stack>
        <Text>{intro}</Text>
        <Typography>{children}</Typography>
      </Stack>
    </Container>
  );
}

type LegalSectionProps = { id?: string; title: string; children: ReactNode };

export function LegalSection({ id, title, children }: LegalSectionProps) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} style={{ scrollMarginTop: 80 }}>
      <h2 id={id ? `${id}-title` : undefined}>{title}</h2>
      {children}
    </section>
  );
}
