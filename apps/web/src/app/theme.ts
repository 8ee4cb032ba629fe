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
    // Badges say a status in words ('Processed', 'In grace until 5 Mar 2026'): written as they are, never
    // cut to 'PROCES…' in a narrow column; the column grows instead.
    Badge: {
      styles: {
        root: { flexShrink: 0, maxWidth: 'none', textTransform: 'none' },
        label: { overflow: 'visible', textOverflow: 'clip' },
      },
    },
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

// Mantine's light badges and alerts write shade 9 on shade 1 (green 3.8:1, yellow 2.7:1) and coloured text
// in shade 8 on white (teal 3.9:1): below WCAG AA's 4.5:1. These are each colour's shade 9 darkened until
// it reaches 4.8:1 on its own shade 1 (so also on white); colours already there keep shade 9.
const READABLE_ON_LIGHT: Record<string, string> = {
  red: '#bf2828',
  pink: '#a61e4d',
  grape: '#862e9c',
  violet: '#5f3dc4',
  indigo: '#364fc7',
  blue: '#1864ab',
  cyan: '#0a6c7e',
  teal: '#077352',
  green: '#257635',
  lime: '#47730a',
  yellow: '#a15300',
  orange: '#b13b0c',
};

// Filled badges and buttons of these colours carry white text (Mantine's auto contrast judges them dark),
// which their shade 8 holds at 3.4:1 (green) to 4.4:1 (red): their readable shade instead. Yellow and lime
// get black text and keep theirs.
const WHITE_TEXT_FILLS = new Set([
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'orange',
]);

const readableColours = Object.fromEntries(
  Object.entries(READABLE_ON_LIGHT).flatMap(([name, colour]) => [
    [`--mantine-color-${name}-light-color`, colour],
    [`--mantine-color-${name}-text`, colour],
    ...(WHITE_TEXT_FILLS.has(name) ? [[`--mantine-color-${name}-filled`, colour]] : []),
  ]),
);

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    '--mantine-color-error': READABLE_ON_LIGHT.red!,
    // Links sit on light alerts too (blue 8 on blue 1 is 4.1:1); placeholders and file inputs' hints are
    // read as text (gray 5 is 2.1:1 on white).
    '--mantine-color-anchor': READABLE_ON_LIGHT.blue!,
    '--mantine-color-placeholder': '#6c757d',
    ...readableColours,
  },
  dark: {},
});
