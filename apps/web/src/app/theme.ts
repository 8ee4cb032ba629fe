// One calm, dense theme for a back office full of tables and forms. Colours are chosen for contrast:
// primary text and buttons pass WCAG AA on white (blue 8), and dimmed text is gray 7, not Mantine's gray 6.
// Component defaults as plain theme objects, not Component.extend(): extend() would import Tooltip (and
// with it floating-ui), Modal, Table and Card into every first screen (issue 15's page weight).
import { type CSSVariablesResolver, createTheme, type MantineThemeComponents } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 5 },
  autoContrast: true,
  defaultRadius: 'sm',
  cursorType: 'pointer',
  focusRing: 'auto',
  respectReducedMotion: true,
  headings: {
    fontWeight: '650',
    sizes: {
      h1: { fontSize: '1.625rem', lineHeight: '1.3' },
      h2: { fontSize: '1.25rem', lineHeight: '1.35' },
      h3: { fontSize: '1.0625rem', lineHeight: '1.4' },
    },
  },
  components: {
    Anchor: { defaultProps: { underline: 'always' } },
    Button: { defaultProps: { size: 'sm' } },
    Card: { defaultProps: { withBorder: true, padding: 'lg' } },
    Modal: { defaultProps: { centered: true } },
    Paper: { defaultProps: { withBorder: true } },
    Table: {
      defaultProps: { striped: true, highlightOnHover: true, verticalSpacing: 'xs', horizontalSpacing: 'sm' },
    },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
  } satisfies MantineThemeComponents,
});

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057' },
  dark: {},
});
