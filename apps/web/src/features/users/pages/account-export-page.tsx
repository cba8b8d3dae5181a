import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { LoadingState } from '../../../components/query-states.tsx';
import { useSession } from '../../../lib/session.ts';

/**
 * Where the export e-mail's link lands (decision 0024): signed in as its owner, one button
 * downloads the zip; signed out, sign-in first and back here. The server decides whether the link
 * is still valid (an expired one answers with what to do).
 */
export function AccountExportPage() {
  const { token = '' } = useParams();
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <LoadingState label="Loading" />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return (
    <Stack maw={560} mx="auto">
      <Title order={1} fz="h2">
        Download your data
      </Title>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Text>
            Your archive is a zip file: <code>data.json</code> holds your profile, posts, cards, orders,
            requests, messages, gallery and reviews, and <code>media/</code> the pictures you uploaded.
          </Text>
          <Text size="sm" c="dimmed">
            The link works only for you, signed in as {user.displayLogin}, until the date in the e-mail.
          </Text>
          <Button
            component="a"
            href={`/api/account/export/${encodeURIComponent(token)}`}
            download
            leftSection={<IconDownload size={16} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
          >
            Download the archive
          </Button>
          <Text size="sm">
            Link expired? Ask for a new one in <Link to={paths.settingsGeneral}>Settings</Link>.
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
