// The screen sizes the layout switches on, read the way Mantine's own props read them.
import { em, getBreakpointValue, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is narrower than the theme's `sm` breakpoint: the same query as Mantine's
 * `hiddenFrom="sm"`. Read on the first render (the signed-in areas are never prerendered), so a phone
 * never draws the desktop layout first; it follows a rotation or a resize afterwards.
 */
export function useIsPhone(): boolean {
  const theme = useMantineTheme();
  const query = `(max-width: ${em(getBreakpointValue('sm', theme.breakpoints) - 0.1)})`;
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false });
}
