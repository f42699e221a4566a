import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Primary: vivid pink-red of a live-streaming brand; accent cyan is used sparingly (charts, highlights).
const brand: MantineColorsTuple = ['#ffe8ed', '#ffd0d9', '#ff9fb1', '#ff6a86', '#fe3f62', '#fe2c55', '#e41c45', '#cb0e3a', '#b50032', '#9e002a'];
const accent: MantineColorsTuple = ['#defffe', '#c4fcfb', '#8ff8f6', '#55f5f2', '#25f4ee', '#0ce0da', '#00c4bf', '#00aaa6', '#00938f', '#007b78'];

export const theme = createTheme({
  primaryColor: 'brand',
  // White text on the filled colour: #e41c45 gives 4.6:1 in both schemes (#fe2c55 only 3.7:1).
  primaryShade: { light: 6, dark: 6 },
  colors: { brand, accent },
  fontFamily: "'Inter Variable', 'Inter Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  headings: { fontFamily: "'Inter Variable', 'Inter Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    // A table wider than the screen scrolls sideways: its viewport takes the focus so that keyboard
    // users can scroll it too (axe: scrollable-region-focusable).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});
