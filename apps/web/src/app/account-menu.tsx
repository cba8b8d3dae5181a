import { Menu } from '@mantine/core';
import { IconLayoutKanban, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths, toPath } from '@brushline/shared/paths';
import type { Me } from '@brushline/shared/users/schemas';
import { useLogout } from '../features/auth/api/session-mutations.ts';
import { toast } from '../lib/toast.ts';
import { AccountButton } from './account-button.tsx';

/** The signed-in user's menu: profile, CRM (on phones), settings, log out. Loaded on demand. */
export function AccountMenu({ user }: { user: Me }) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        <AccountButton user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>@{user.displayLogin}</Menu.Label>
        <Menu.Item
          component={Link}
          to={toPath('profileHome', { login: user.displayLogin })}
          leftSection={<IconUser size={16} aria-hidden />}
        >
          Profile
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.crm}
          hiddenFrom="xs"
          leftSection={<IconLayoutKanban size={16} aria-hidden />}
        >
          CRM
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.settingsGeneral}
          leftSection={<IconSettings size={16} aria-hidden />}
        >
          Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() =>
            logout.mutate(undefined, {
              onSuccess: () => {
                toast.info('You are signed out');
                void navigate(paths.home);
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
