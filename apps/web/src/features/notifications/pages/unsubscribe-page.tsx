import { Alert, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useUnsubscribe } from '../api/unsubscribe-mutation.ts';

/** Links the server refuses for good (the message says what to do instead); anything else may be retried. */
const deadLinkTitles: Record<string, string | undefined> = {
  invalid_unsubscribe_link: 'This link does not work',
  unsubscribe_link_expired: 'This link has expired',
  unsubscribe_link_outdated: 'This link no longer works',
};

/**
 * /unsubscribe/{token}: where a notification e-mail's "Stop e-mails about …" link lands. It turns
 * those e-mails off at once, signed in or not (the token is signed by the server), and says what
 * changed. Opening it again is harmless: the answer is the same. A link from a mail older than the
 * user's last change of those e-mails, or past its days, is refused: the page says so and points to
 * the settings.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;
  // One request per visit, even when React runs effects twice in development.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [mutate, token]);

  const { data, error } = unsubscribe;
  return (
    <Center py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} w="100%" maw={520}>
        <Stack>
          <Title order={1} fz="h2">
            E-mail notifications
          </Title>
          {data ? (
            <Alert color="teal" title="Unsubscribed">
              {data.message}
            </Alert>
          ) : error instanceof ApiError && deadLinkTitles[error.code] ? (
            <Alert color="red" title={deadLinkTitles[error.code]}>
              {error.message}
            </Alert>
          ) : error ? (
            <ErrorState title="Could not unsubscribe" message={error.message} onRetry={() => mutate(token)} />
          ) : (
            <LoadingState label="Turning these e-mails off" py="md" />
          )}
          <Text size="sm" c="dimmed">
            You can choose again, kind by kind, in your settings.
          </Text>
          <Button component={Link} to={paths.settingsNotifications} variant="default">
            Notification settings
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
