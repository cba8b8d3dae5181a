import { Anchor, Box, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_USERS_PAGE_SIZE, USER_SEARCH_MAX } from '@brushline/shared/moderation/constants';
import type { AdminUser } from '@brushline/shared/moderation/schemas';
import { toPath } from '@brushline/shared/paths';
import { useSettledSearch } from '../../../components/filtered-list.tsx';
import { OverflowFrame } from '../../../components/overflow-frame.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { UserBadges } from '../../../components/user-badges.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { useHorizontalOverflow } from '../../../lib/use-horizontal-overflow.ts';
import { adminUsersQuery } from '../api/admin-queries.ts';
import { roleName } from '../admin-text.ts';
import { RestrictionBadge } from '../components/restriction-badge.tsx';

function UserRow({ user }: { user: AdminUser }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={toPath('adminUser', { login: user.login })} fw={500}>
          {user.displayName}
        </Anchor>
        <Text size="xs" c="dimmed">
          @{user.login}
        </Text>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email}</Table.Td>
      <Table.Td>
        <Stack gap={4}>
          {user.roles.length > 0 && <Text size="sm">{user.roles.map(roleName).join(', ')}</Text>}
          {/* 25 rows of tooltips would put a hundred tab stops in the table: the meanings are in the FAQ. */}
          <UserBadges badges={user.badges} size="sm" focusable={false} />
        </Stack>
      </Table.Td>
      <Table.Td>
        {user.deletedAt ? (
          <Text size="sm">Deleted</Text>
        ) : (
          <RestrictionBadge restriction={user.restriction} />
        )}
      </Table.Td>
      <Table.Td ta="right">{user.sessions}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
      </Table.Td>
    </Table.Tr>
  );
}

/** A table wider than a phone: it scrolls sideways in a named region the keyboard can reach. */
function UsersTable({ users, busy }: { users: AdminUser[]; busy: boolean }) {
  const viewport = useRef<HTMLDivElement>(null);
  const overflow = useHorizontalOverflow(viewport);
  return (
    <OverflowFrame overflow={overflow}>
      <Box ref={viewport} role="region" aria-label="Users found" tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table striped highlightOnHover aria-busy={busy} verticalSpacing="xs" miw={760}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Roles and badges</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Sessions</Table.Th>
              <Table.Th>Joined</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((u) => (
              <UserRow key={u.id} user={u} />
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </OverflowFrame>
  );
}

/**
 * /admin/users: staff find an account by a part of its login or e-mail. The search (`q`) and the
 * page live in the URL; the search waits for typing to stop. Newest accounts first.
 */
export function UsersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  // A new search starts at page 1.
  const [typed, setTyped] = useSettledSearch(q, (words) =>
    setParams(words ? { q: words } : {}, { replace: true }),
  );
  const query = useQuery(adminUsersQuery(q, page));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / ADMIN_USERS_PAGE_SIZE)) : 1;
  const goTo = (n: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (n > 1) next.set('page', String(n));
      else next.delete('page');
      return next;
    });

  return (
    <Stack>
      <Title order={2} fz="h3">
        Users
      </Title>
      <TextInput
        type="search"
        label="Search users"
        description="A part of a login or an e-mail address"
        placeholder="e.g. ann, @example.com"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={typed}
        maxLength={USER_SEARCH_MAX}
        onChange={(e) => setTyped(e.currentTarget.value)}
      />
      {query.isError ? (
        <ErrorState title="Couldn't load the users" message={query.error.message} onRetry={query.refetch} />
      ) : !data ? (
        <LoadingState label="Loading users" />
      ) : data.users.length === 0 ? (
        <Text role="status" py="lg" ta="center" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {q ? `No user matches “${q}”.` : 'There are no users yet.'}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
            {data.total === 1 ? '1 user' : `${data.total} users`}
            {q ? ` match “${q}”` : ''}
            {pages > 1 ? ` · page ${Math.min(page, pages)} of ${pages}` : ''}
          </Text>
          <UsersTable users={data.users} busy={query.isFetching} />
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={goTo}
                withEdges
                aria-label="Pages of users"
                getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
                getControlProps={(control) => ({
                  'aria-label': {
                    first: 'First page',
                    previous: 'Previous page',
                    next: 'Next page',
                    last: 'Last page',
                  }[control],
                })}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
