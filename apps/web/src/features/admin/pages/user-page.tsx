import { Alert, Anchor, Box, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { exportTimeText } from '@brushline/shared/account/messages';
import { moderationMessages } from '@brushline/shared/moderation/messages';
import type { AdminUserDetail } from '@brushline/shared/moderation/schemas';
import { paths } from '@brushline/shared/paths';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { UserBadges } from '../../../components/user-badges.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/format-date.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { useSession } from '../../../lib/session.ts';
import { adminUserQuery, auditParams } from '../api/admin-queries.ts';
import { roleName } from '../admin-text.ts';
import { AuditList } from '../components/audit-list.tsx';
import { RestrictionBadge } from '../components/restriction-badge.tsx';
import { RolesAndBadges } from '../components/roles-and-badges.tsx';
import { DataActions } from '../components/data-actions.tsx';
import { UserActions } from '../components/user-actions.tsx';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Box component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </div>
  );
}

/** Who the account is and where it stands: names, e-mail, roles, badges, joined, restriction. */
function AccountCard({ user }: { user: AdminUserDetail }) {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
            {user.displayName}
          </Title>
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            @{user.login}
          </Text>
        </div>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
          <Fact term="E-mail">{user.email}</Fact>
          <Fact term="Joined">
            <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
          </Fact>
          <Fact term="Roles">{user.roles.length > 0 ? user.roles.map(roleName).join(', ') : 'None'}</Fact>
          <Fact term="Badges">
            {user.badges.length > 0 ? <UserBadges badges={user.badges} size="sm" /> : 'None'}
          </Fact>
          <Fact term="Status">
            {user.deletedAt ? (
              'Deleted'
            ) : user.restriction ? (
              <RestrictionBadge restriction={user.restriction} />
            ) : (
              'In good standing'
            )}
          </Fact>
          {user.restriction && <Fact term="Reason">{user.restriction.reason}</Fact>}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/** The browsers and devices signed in to the account now. */
function Sessions({ user }: { user: AdminUserDetail }) {
  return (
    <Stack component="section" aria-labelledby="account-sessions" gap="xs">
      <Title order={3} fz="h4" id="account-sessions">
        Sessions
      </Title>
      {user.sessionList.length === 0 ? (
        <Text size="sm" c="dimmed">
          Signed in nowhere.
        </Text>
      ) : (
        <Stack
          component="ul"
          aria-label="Sessions"
          gap={0}
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {user.sessionList.map((s, i) => (
            <Box
              component="li"
              key={`${s.createdAt}-${i}`}
              py={6}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text size="sm">
                Signed in <time dateTime={s.createdAt}>{formatDateTime(s.createdAt)}</time>
                {' · '}last seen <time dateTime={s.lastSeenAt}>{relativeTime(s.lastSeenAt)}</time>
                {' · '}expires <time dateTime={s.expiresAt}>{formatDate(s.expiresAt)}</time>
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * /admin/users/{login}: one account for staff. Its card, what staff may do to it, its roles and
 * badges (admins), its sessions and the latest staff actions on it. A staff member's own account
 * shows no warn, suspend, ban or end sessions: staff cannot do those to themselves.
 */
export function UserPage() {
  const { login = '' } = useParams();
  const { user: me } = useSession();
  const query = useQuery(adminUserQuery(login));
  const user = query.data;
  usePageTitle(user ? `@${user.login} · Admin` : undefined);
  const back = (
    <Anchor component={Link} to={paths.adminUsers} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        All users
      </Group>
    </Anchor>
  );

  if (query.isPending) return <LoadingState label="Loading the account" />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack align="flex-start">
        {back}
        {missing ? (
          <Alert color="gray" title="Not found" role="status">
            {moderationMessages.userNotFound}
          </Alert>
        ) : (
          <ErrorState
            title="Couldn't load the account"
            message={query.error.message}
            onRetry={query.refetch}
          />
        )}
      </Stack>
    );
  }
  if (!me || !user) return null;
  const self = me.id === user.id;
  const viewerIsAdmin = me.roles.includes('admin');

  return (
    <Stack gap="lg">
      <Group>{back}</Group>
      <AccountCard user={user} />
      {user.deletedAt ? (
        <Alert color="gray" title="Deleted account" role="status">
          Deleted on {exportTimeText(user.deletedAt)}. Its content is gone; its orders and the messages it
          sent stay with the other side under “Deleted user”. There is nothing left to act on.
        </Alert>
      ) : self ? (
        <Alert color="blue" title="This is your account">
          Staff cannot warn, suspend, ban or sign out their own account: another staff member can.
        </Alert>
      ) : (
        <UserActions user={user} viewerIsAdmin={viewerIsAdmin} />
      )}
      {!self && !user.deletedAt && <DataActions user={user} viewerIsAdmin={viewerIsAdmin} />}
      {/* An admin's own roles and badges too (the last admin keeps the role: the server says so). */}
      {viewerIsAdmin && !user.deletedAt && <RolesAndBadges user={user} />}
      <Sessions user={user} />
      <Stack component="section" aria-labelledby="account-audit" gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="h4" id="account-audit">
            Latest staff actions
          </Title>
          {viewerIsAdmin && (
            <Anchor
              component={Link}
              to={`${paths.adminAudit}?${new URLSearchParams(auditParams({ target: user.login }))}`}
              size="sm"
            >
              All in the audit log
            </Anchor>
          )}
        </Group>
        {user.audit.length === 0 ? (
          <Text size="sm" c="dimmed">
            Staff have not acted on this account.
          </Text>
        ) : (
          <AuditList entries={user.audit} label="Latest staff actions" showTarget={false} />
        )}
      </Stack>
    </Stack>
  );
}
