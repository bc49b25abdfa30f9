import { type CSSVariablesResolver, createTheme, DEFAULT_THEME, darken } from '@mantine/core';

// Every text at least 4.5:1 against its background (WCAG 2.1 AA, checked by axe-core in the
// browser tests): filled colours one shade darker than Mantine's default with dark text on the
// bright ones, muted text one shade darker, placeholders darker, and coloured text darker than shade 9.
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 5 },
  autoContrast: true,
  // White stays on a filled colour only where it reads at 4.5:1 (red.8 and darker); cyan.8 and
  // brighter take black.
  luminanceThreshold: 0.186,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
  },
});

// A colour's text (`c="green"`) and its light badge's text: shade 9 darkened, which reads at
// 4.7:1 or more even on the colour's own shade 2.
const readableText = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).flatMap(([name, shades]) => {
    const text = darken(shades[9], 0.3);
    return [
      [`--mantine-color-${name}-light-color`, text],
      [`--mantine-color-${name}-text`, text],
    ];
  }),
);

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // 5:1 on a white field, 4.7:1 on a disabled one.
    '--mantine-color-placeholder': '#666d75',
    ...readableText,
  },
  dark: {},
});
