import {
  Alert,
  Button,
  Center,
  Loader,
  Stack,
  Text,
  type MantineSize,
  type MantineSpacing,
} from '@mantine/core';

/**
 * A centred spinner while a page or a list loads; `label` is its accessible name. Named, it needs
 * a role that may carry a name (a bare span may not: axe aria-prohibited-attr): an indeterminate
 * progress bar, which it is. Every named Loader does the same.
 */
export function LoadingState({
  label,
  size,
  py = 'xl',
}: {
  label: string;
  size?: MantineSize;
  py?: MantineSpacing;
}) {
  return (
    <Center py={py}>
      <Loader size={size} role="progressbar" aria-label={label} />
    </Center>
  );
}

/**
 * A load that failed: what failed (`title`), why (`message`, usually the server's words) and a
 * "Try again" button. A red alert with a default (outlined) button stays readable in light and
 * dark themes, and the alert role lets screen readers announce it.
 */
export function ErrorState({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  /** Called without arguments, so a query's `refetch` can be passed as it is. */
  onRetry: () => unknown;
}) {
  return (
    <Alert color="red" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button variant="default" size="xs" onClick={() => void onRetry()}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
