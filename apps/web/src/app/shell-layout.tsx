import {
  ActionIcon,
  Anchor,
  AppShell,
  Box,
  Button,
  Container,
  Group,
  Menu,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { IconBoard, IconLogout, IconMoon, IconSettings, IconSun, IconUser } from '../components/icons.tsx';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { PRODUCT_NAME } from '@brushline/shared/site';
import { UserAvatar } from '../components/user-avatar.tsx';
import { toast } from '../lib/toast.ts';
import { useLogout, useSession } from '../features/auth/api/session-queries.ts';
import { useKeepAlive } from '../features/auth/use-keep-alive.ts';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';

function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={`Switch to ${next} theme`}
      onClick={() => setColorScheme(next)}
    >
      {scheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
    </ActionIcon>
  );
}

function AccountArea() {
  const { user, isPending } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  if (isPending) return null;
  if (!user) {
    const from = location.pathname + location.search;
    return (
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" component={Link} to="/login" state={{ from }} px={{ base: 'xs', xs: 'md' }}>
          Sign in
        </Button>
        <Button component={Link} to="/register" visibleFrom="xs">
          Create account
        </Button>
      </Group>
    );
  }
  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu">
          <Group gap="xs">
            <UserAvatar
              name={user.displayName}
              src={user.userProfileStore.profilePicture?.miniaturePath}
              size={34}
            />
            <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate="end">
              {user.displayName}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>@{user.displayLogin}</Menu.Label>
        <Menu.Item
          component={Link}
          to={`/profile/${user.displayLogin}/home`}
          leftSection={<IconUser size={16} />}
        >
          Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/crm" hiddenFrom="xs" leftSection={<IconBoard size={16} />}>
          CRM
        </Menu.Item>
        <Menu.Item component={Link} to="/settings/general" leftSection={<IconSettings size={16} />}>
          Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() =>
            logout.mutate(undefined, {
              onSuccess: () => {
                toast.info('You are signed out');
                void navigate('/');
              },
              onError: (err) => toast.error(err.message),
            })
          }
        >
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** A header link that shows where the reader is (SPEC §2 sections: the feed, the CRM). */
function NavButton({ to, label }: { to: string; label: string }) {
  const { pathname } = useLocation();
  const here = pathname === to || pathname.startsWith(`${to}/`);
  return (
    <Button
      variant={here ? 'light' : 'subtle'}
      component={Link}
      to={to}
      aria-current={here ? 'page' : undefined}
      // Narrow phones keep the whole header on one line.
      px={{ base: 8, sm: 'md' }}
    >
      {label}
    </Button>
  );
}

export function ShellLayout() {
  const { user } = useSession();
  useKeepAlive(user?.id);
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Anchor
              component={Link}
              to="/"
              underline="never"
              fw={800}
              // A size smaller on the narrowest phones (320 px), so the header keeps to one line.
              fz={{ base: 'lg', xs: 'xl' }}
              c="var(--mantine-primary-color-filled)"
            >
              {PRODUCT_NAME}
            </Anchor>
            <Group gap={8} wrap="nowrap">
              <Group gap={4} wrap="nowrap" component="nav" aria-label="Main">
                {/* The feed stays in reach on phones: it is where a visitor starts. */}
                <NavButton to="/feed" label="Feed" />
                {user && (
                  <Box visibleFrom="xs">
                    <NavButton to="/crm" label="CRM" />
                  </Box>
                )}
              </Group>
              {user && <NotificationBell />}
              <ThemeToggle />
              <AccountArea />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" py="md" mih="calc(100dvh - 60px - 56px)">
          <Outlet />
        </Container>
        <Container size="lg" component="footer" py="md">
          <Group gap="md" c="dimmed" fz="sm" style={{ rowGap: 6 }}>
            <Anchor component={Link} to="/policy/en" c="dimmed" size="sm">
              Privacy policy
            </Anchor>
            <Anchor component={Link} to="/policy/ru" c="dimmed" size="sm">
              Политика конфиденциальности
            </Anchor>
            <Anchor component={Link} to="/terms" c="dimmed" size="sm">
              Terms of use
            </Anchor>
            <Anchor href="/api/docs" c="dimmed" size="sm">
              API
            </Anchor>
          </Group>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
