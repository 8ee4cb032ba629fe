// One calm, dense theme for a back office full of tables and forms. Colours are chosen for contrast:
// primary text and buttons pass WCAG AA on white (blue 8), and dimmed text is gray 7, not Mantine's gray 6.
import {
  Anchor,
  Button,
  Card,
  type CSSVariablesResolver,
  createTheme,
  Modal,
  Paper,
  Table,
  Tooltip,
} from '@mantine/core';

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
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    Button: Button.extend({ defaultProps: { size: 'sm' } }),
    Card: Card.extend({ defaultProps: { withBorder: true, padding: 'lg' } }),
    Modal: Modal.extend({ defaultProps: { centered: true } }),
    Paper: Paper.extend({ defaultProps: { withBorder: true } }),
    Table: Table.extend({
      defaultProps: { striped: true, highlightOnHover: true, verticalSpacing: 'xs', horizontalSpacing: 'sm' },
    }),
    Tooltip: Tooltip.extend({ defaultProps: { withArrow: true, openDelay: 300 } }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057' },
  dark: {},
});
