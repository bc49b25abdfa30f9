// The theme's CSS variables that make every text readable at 4.5:1 (WCAG 2.1 AA, checked by
// axe-core in the browser tests). Read at build time only (vite.config.ts writes them into the
// stylesheet), so the page's JavaScript does not carry them.
import { type CSSVariablesResolver, DEFAULT_THEME, darken } from '@mantine/core';

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
