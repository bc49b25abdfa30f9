import type { ReactNode } from 'react';
import { Box, Container, Stack, Text, Title } from '@mantine/core';
import classes from './public.module.css';

/** The coloured band at the top of each public page. */
export function PageHero({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <Box component="section" className={classes.hero}>
      <Container size="lg" py={{ base: 40, md: 64 }}>
        <Stack align="center" gap="md" ta="center">
          <Title order={1} className={classes.heroTitle}>
            {title}
          </Title>
          {subtitle && (
            <Text size="lg" maw={720} className={classes.heroText}>
              {subtitle}
            </Text>
          )}
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
