import type { ReactNode } from 'react';
import { Box, Container, Stack, Text, Title } from '@mantine/core';
import classes from './public.module.css';

type PageHeroProps = {
  title: string;
  subtitle?: ReactNode;
  /** The home page's hero: taller, brighter, with a larger title. */
  large?: boolean;
  children?: ReactNode;
};

/** The coloured band at the top of each public page. */
export function PageHero({ title, subtitle, large = false, children }: PageHeroProps) {
  return (
    <Box component="section" className={classes.hero} mod={{ large }}>
      <Container size="lg" py={large ? { base: 56, md: 88 } : { base: 40, md: 64 }}>
        <Stack align="center" gap={large ? 'lg' : 'md'} ta="center">
          <Title order={1} className={classes.heroTitle}>
            {title}
          </Title>
          {subtitle && (
            <Text size={large ? 'xl' : 'lg'} maw={720} className={classes.heroText}>
              {subtitle}
            </Text>
          )}
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
