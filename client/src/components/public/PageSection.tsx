import type { ReactNode } from 'react';
import { Box, Container, Title } from '@mantine/core';
import classes from './public.module.css';

type PageSectionProps = {
  title: string;
  /** Names the section by its heading, so screen readers list it as a region. */
  titleId?: string;
  /** An anchor to link to (/cursos#cursos). */
  id?: string;
  /** On the light grey band that sets sections apart. */
  band?: boolean;
  py?: number;
  children: ReactNode;
};

/** For a section below the first screen, laid out only as it comes near (public.module.css). */
export const laterSectionClass = classes.laterSection;

/** A section of a public page under its centred heading. */
export function PageSection({ title, titleId, id, band = false, py = 48, children }: PageSectionProps) {
  return (
    <Box
      component="section"
      id={id}
      className={band ? `${classes.laterSection} ${classes.band}` : classes.laterSection}
      py={py}
      aria-labelledby={titleId}
      style={{ scrollMarginTop: 80 }}
    >
      <Container size="lg">
        <Title order={2} ta="center" mb="xl" id={titleId}>
          {title}
        </Title>
        {children}
      </Container>
    </Box>
  );
}
