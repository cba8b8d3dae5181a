import { Menu } from '@mantine/core';
import { IconLogout, IconSettings, IconShieldCheck, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths, toPath } from '@brushline/shared/paths';
import { isStaff } from '@brushline/shared/roles';
import type { Me } from '@brushline/shared/users/schemas';
import { useLogout } from '../features/auth/api/session-mutations.ts';
import { toast } from '../lib/toast.ts';
import { AccountButton } from './account-button.tsx';

/**
 * The signed-in user's menu: profile, settings, the admin area (staff only), log out. Loaded on
 * demand. The site's links the header leaves out on a phone are in the main menu (main-menu.tsx),
 * not here.
 */
export function AccountMenu({ user }: { user: Me }) {
  const navigate = useNavigate();
  const logout = useLogout();
  return (
    // Inside the header, not in a portal at the end of <body>: its items stay in the banner landmark.
    // No focus placeholder (a role=presentation child a menu may not have): opening it focuses
    // the first item, as a menu button should.
    <Menu position="bottom-end" width={200} withinPortal={false} withInitialFocusPlaceholder={false}>
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
          to={paths.settingsGeneral}
          leftSection={<IconSettings size={16} aria-hidden />}
        >
          Settings
        </Menu.Item>
        {isStaff(user.roles) && (
          <Menu.Item
            component={Link}
            to={paths.adminUsers}
            leftSection={<IconShieldCheck size={16} aria-hidden />}
          >
            Admin
          </Menu.Item>
        )}
        {/* A menu may hold separators, not Mantine's default presentation role. */}
        <Menu.Divider role="separator" />
        <Menu.Item
          // Mantine colours a menu item with the plain shade (red-6, 3.3:1 on white): red-9 is 5.5:1.
          color="red.9"
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
