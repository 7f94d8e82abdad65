/**
 * Mantine's theme from the shared design tokens (common/styles/tokens.css): terracotta for
 * action, deep teal for reassurance, the same font, radii and shadows as the public site.
 */
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core'

const brand: MantineColorsTuple = [
  '#fbe9df',
  '#f6d3c2',
  '#eeb396',
  '#e59269',
  '#d97545',
  '#c7622f',
  '#b4532a',
  '#963f1d',
  '#7f3415',
  '#642811',
]

const accent: MantineColorsTuple = [
  '#e1f0ee',
  '#c0e0dc',
  '#9acdc7',
  '#70b7af',
  '#4d9f97',
  '#3a8780',
  '#2f6f6a',
  '#275c58',
  '#1e4845',
  '#153533',
]

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 6,
  colors: { brand, accent },
  black: '#2b211c',
  white: '#ffffff',
  fontFamily: 'var(--font-sans)',
  fontFamilyMonospace: 'var(--font-mono)',
  headings: { fontFamily: 'var(--font-sans)', fontWeight: '700' },
  defaultRadius: 'md',
  radius: { xs: '6px', sm: '8px', md: '12px', lg: '20px', xl: '28px' },
  shadows: {
    sm: 'var(--shadow-sm)',
    md: 'var(--shadow-md)',
    lg: 'var(--shadow-lg)',
  },
  // Keyboard focus only; its colour and width come from the shared tokens (app.css).
  focusRing: 'auto',
  cursorType: 'pointer',
  // Buttons are pills everywhere, as on the public site; status badges are pills with a dot
  // in the text's colour, which the tone sets (plain objects: `Button.extend` would pull the
  // button into the first load).
  components: {
    Button: { defaultProps: { radius: 'xl' } },
    Badge: { defaultProps: { variant: 'dot', color: 'currentColor', size: 'lg' } },
    // A dialog's title row is a <header>, which (inside role="dialog", not a sectioning
    // element) counts as a second banner landmark beside the site's header.
    ModalHeader: { defaultProps: { component: 'div' } },
    // Mantine's gray 1 under a hovered row leaves the brand's links at 4.48:1; gray 0 keeps 4.7:1.
    Table: { defaultProps: { highlightOnHoverColor: 'gray.0' } },
    // A long list of options scrolls itself (app.css), not a ScrollArea around it: the arrows
    // reach every option of a combobox's listbox, which axe knows, but a scrolling wrapper
    // around it is a region the keyboard cannot scroll to (scrollable-region-focusable).
    // The selected segment's colours change at once: a label read mid-transition (white on the
    // indicator still moving in) is below 4.5:1, and so are the states a check catches then.
    SegmentedControl: { defaultProps: { transitionDuration: 0 } },
    Select: { defaultProps: { withScrollArea: false } },
    MultiSelect: { defaultProps: { withScrollArea: false } },
  },
})

/**
 * Mantine's error colour (field errors, invalid borders) is its red 6, #fa5252, 3.3:1 on white:
 * below WCAG's 4.5:1 for text. The shared danger token (#b42318) reads at 6.5:1. The light
 * variants' text in yellow and orange (an alert's title: #e67700 on #fff3bf, 2.7:1) take the
 * status badges' darker tones (6.5:1 and 5.8:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--color-danger)',
    '--mantine-color-yellow-light-color': '#6f5300',
    '--mantine-color-orange-light-color': '#a4420a',
  },
  dark: { '--mantine-color-error': 'var(--color-danger)' },
})
