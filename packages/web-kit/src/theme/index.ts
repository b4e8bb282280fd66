import { createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * Brand orange (the spec's current-child border). Mantine's own orange is too light for white
 * text (#d9480f is 4.1:1); shades 7–9 here keep text and buttons at ≥ 4.5:1 (WCAG AA).
 */
const brand: MantineColorsTuple = [
  '#fff4e6',
  '#ffe8cc',
  '#ffd8a8',
  '#ffc078',
  '#ffa94d',
  '#ff922b',
  '#fd7e14',
  '#c2410c',
  '#a8380a',
  '#8a2e08',
];

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Microsoft YaHei", "WenQuanYi Micro Hei", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // Light alert titles in yellow or blue fall under 4.5:1; dark titles read on every tint.
    // Plain objects rather than `Alert.extend(...)`: `.extend` would pull the components' code
    // into the entry chunk for a theme entry that is only data.
    Alert: { styles: { title: { color: 'var(--mantine-color-dark-7)' } } },
    // Toast texts are dimmed gray by default (under 4.5:1 on white): darken them too.
    Notification: { styles: { description: { color: 'var(--mantine-color-dark-6)' } } },
  },
});
