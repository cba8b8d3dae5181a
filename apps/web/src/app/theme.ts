import { Button, createTheme, darken, DEFAULT_THEME, keys, type CSSVariablesResolver } from '@mantine/core';
import { readableShade, readableShadeOnDark } from '../lib/contrast.ts';

export const theme = createTheme({
  primaryColor: 'violet',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  // A 2 px ring in the primary colour on whatever the keyboard reaches (:focus-visible); text
  // fields get the same ring in app/a11y.css, where Mantine only changes a 1 px border's colour.
  focusRing: 'auto',
  components: {
    // Mantine's close buttons are bare icons: without a name a screen reader announces only "button".
    // (Plain objects, not Modal.extend: importing the modal here would put it in the entry chunk.)
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A disabled filled button (Post, Save) turns the same grey as a dark card: the outline keeps
    // it a button. Subtle and light ones read as links or chips anyway and stay as they are.
    Button: Button.extend({
      styles: (_theme, props) =>
        props.disabled && (props.variant ?? 'filled') === 'filled'
          ? { root: { border: '1px solid var(--mantine-color-default-border)' } }
          : {},
    }),
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
    // A modal's title bar is a <header>, which inside a dialog counts as a second page banner
    // (axe landmark-no-duplicate-banner): a plain box instead.
    ModalHeader: { defaultProps: { component: 'div' } },
  },
});

/**
 * Colours that keep WCAG AA's 4.5:1 for small text (axe-core's color-contrast rule, checked by
 * every e2e journey at both widths), set once here for every component:
 * - secondary text (`c="dimmed"`): Mantine's grey-6 is 3.3:1 on white; ours is 6.1:1 on white
 *   and 5.1:1 on a light-grey or tinted surface; 6.5:1 on the dark body (Mantine's dark-2: 4.0:1);
 * - errors: red-6 is 3.3:1; red-9 is 5.5:1 (and red-4 6.7:1 in the dark, where red-8 is 3.4:1);
 * - per colour in the light scheme: white text on a filled button or badge, coloured text on
 *   white, and the text of a light (tinted) variant each get the first shade that reaches AA
 *   (filled red becomes red-9, `c="teal"` teal-9, a light orange badge a darkened orange-9);
 * - in the dark scheme, coloured text and links take the first shade from 4 towards 0 that
 *   reaches AA on the lightest dark surface text sits on (a hovered row or card, dark-5): links
 *   become violet-3 (violet-4 was 4.0:1 on a card).
 */
/** The lightest dark surface text sits on: a hovered table row or menu item (Mantine's dark-5). */
const DARK_RAISED = DEFAULT_THEME.colors.dark[5];

export const cssVariablesResolver: CSSVariablesResolver = (current) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  };
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': '#a8a8a8',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  };
  for (const name of keys(current.colors)) {
    if (name === 'dark') continue;
    const shades = current.colors[name] ?? DEFAULT_THEME.colors[name];
    if (!shades) continue;
    // White text on it, or it as text on white: the same contrast either way.
    const strong = readableShade(shades, 6, '#ffffff');
    light[`--mantine-color-${name}-filled`] = strong;
    light[`--mantine-color-${name}-filled-hover`] = darken(strong, 0.1);
    light[`--mantine-color-${name}-text`] = strong;
    light[`--mantine-color-${name}-outline`] = strong;
    // On the tint and on its hover tint (shade 2), where an active nav link sits under the pointer.
    light[`--mantine-color-${name}-light-color`] = readableShade(shades, 9, shades[2]);
    // Coloured text in the dark: Mantine's shade 4 is 3.3:1 (violet) to 4.2:1 (grape) on a card.
    dark[`--mantine-color-${name}-text`] = readableShadeOnDark(shades, 4, DARK_RAISED);
  }
  const primary = current.colors[current.primaryColor] ?? DEFAULT_THEME.colors.violet;
  dark['--mantine-color-anchor'] = readableShadeOnDark(primary, 4, DARK_RAISED);
  return { variables: {}, light, dark };
};
