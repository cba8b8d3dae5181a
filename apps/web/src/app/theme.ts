import { Button, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'violet',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
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
  },
});
