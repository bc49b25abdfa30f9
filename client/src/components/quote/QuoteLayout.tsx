import type { ReactNode } from 'react';
import { Grid, Paper, Stack, Text } from '@mantine/core';
import { QuoteContactButton } from './QuoteContactButton';

type QuoteLayoutProps = {
  /** The form's accessible name ('Datos del paquete'). */
  formLabel: string;
  fields: ReactNode;
  /** The WhatsApp message of the chosen quote, or null while there is none. */
  contactMessage: string | null;
  /** The toast when the button is pressed without a quote. */
  missingText: string;
  /** The quote panels. */
  children: ReactNode;
};

/** Both calculators: the form on the left; the quotes, the WhatsApp button and the note on the right. */
export function QuoteLayout({ formLabel, fields, contactMessage, missingText, children }: QuoteLayoutProps) {
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper
          component="form"
          withBorder
          radius="lg"
          p="lg"
          aria-label={formLabel}
          onSubmit={(e) => e.preventDefault()}
        >
          <Stack gap="md">{fields}</Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          {children}
          <QuoteContactButton message={contactMessage} missingText={missingText} />
          <Text size="xs" c="dimmed" ta="center">
            Cotización referencial en USD. El reempaque se cotiza aparte y no está incluido en el total.
          </Text>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
