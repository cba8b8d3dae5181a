import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { exportTimeText } from '@brushline/shared/account/messages';
import { paths } from '@brushline/shared/paths';
import { LoadingState } from '../../../components/query-states.tsx';
import { useSession } from '../../../lib/session.ts';
import { exportLinkQuery } from '../api/account-queries.ts';

/** "2.4 MB", "312 kB". */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

function ExportLink({ token, login }: { token: string; login: string }) {
  const { data, error, isPending } = useQuery(exportLinkQuery(token));
  if (isPending) return <LoadingState label="Checking the link" py="lg" />;
  const settings = (
    <Text size="sm">
      {error ? 'Ask for a new export' : 'Link expired? Ask for a new one'} in{' '}
      <Link to={paths.settingsGeneral}>Settings</Link>.
    </Text>
  );
  if (error)
    return (
      <Stack gap="sm">
        <Alert color="red" title="This link does not work" role="alert">
          {error.message}
        </Alert>
        {settings}
      </Stack>
    );
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Text>
          Your archive is a zip file of {sizeText(data.sizeBytes)}: <code>data.json</code> holds your profile,
          posts, cards, orders, requests, messages, gallery and reviews, and <code>media/</code> the pictures
          you uploaded.
        </Text>
        <Text size="sm" c="dimmed">
          The link works only for you, signed in as {login}, until {exportTimeText(data.expiresAt)}.
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
        {settings}
      </Stack>
    </Card>
  );
}

/**
 * Where the export e-mail's link lands (decision 0024): signed in as its owner, it says until
 * when the link works and one button downloads the zip; signed out, sign-in first and back here;
 * an expired or someone else's link says so, with the way to a new one.
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
      <ExportLink token={token} login={user.displayLogin} />
    </Stack>
  );
}
