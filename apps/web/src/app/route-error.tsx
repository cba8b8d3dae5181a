import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/** Shown when a screen crashes: says so, and offers the way out. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center mih="60vh">
      <Stack align="center" ta="center">
        <Title order={2}>Something went wrong on this page</Title>
        <Text c="dimmed">Reload the page; if it happens again, go back to the home page.</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
