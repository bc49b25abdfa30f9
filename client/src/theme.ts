import { createTheme } from '@mantine/core';

// Every text at least 4.5:1 against its background (WCAG 2.1 AA, checked by axe-core in the
// browser tests): filled colours one shade darker than Mantine's default with dark text on the
// bright ones; the muted, placeholder and coloured texts are in theme-css-variables.ts.
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 5 },
  autoContrast: true,
  // White stays on a filled colour only where it reads at 4.5:1 (red.8 and darker); cyan.8 and
  // brighter take black.
  luminanceThreshold: 0.186,
  defaultRadius: 'md',
  // The phone's own fonts, no web font. The browser looks each name up in turn until one is
  // installed (on Linux, a round trip to the browser process each): system-ui is the system font
  // in every current browser, the names after it are for older ones, and the monospace list names
  // one font per system.
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontWeight: '700' },
  // Someone who asked their phone for less motion gets dialogs, menus and groups that open at once.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: 'md' } },
  },
});
