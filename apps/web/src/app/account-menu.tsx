import { Menu } from '@mantine/core';
import {
  IconBook,
  IconClipboardList,
  IconPalette,
  IconPhoto,
  IconLayoutKanban,
  IconLogout,
  IconSettings,
  IconUser,
} from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { paths, toPath } from '@brushline/shared/paths';
import type { Me } from '@brushline/shared/users/schemas';
import { useLogout } from '../features/auth/api/session-mutations.ts';
import { toast } from '../lib/toast.ts';
import { AccountButton } from './account-button.tsx';
import { mainLinks, type MainLink } from './main-links.ts';

const ICONS: Record<MainLink['icon'], typeof IconPalette> = {
  palette: IconPalette,
  photo: IconPhoto,
  requests: IconClipboardList,
};

/** The signed-in user's menu: profile, CRM (on phones), settings, log out. Loaded on demand. */
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
          to={paths.crm}
          hiddenFrom="xs"
          leftSection={<IconLayoutKanban size={16} aria-hidden />}
        >
          CRM
        </Menu.Item>
        {mainLinks.map((l) => {
          const Icon = ICONS[l.icon];
          return (
            <Menu.Item
              key={l.to}
              component={Link}
              to={l.to}
              hiddenFrom={l.headerFrom}
              leftSection={<Icon size={16} aria-hidden />}
            >
              {l.label}
            </Menu.Item>
          );
        })}
        <Menu.Item
          component={Link}
          to={paths.wikiTags}
          hiddenFrom="xs"
          leftSection={<IconBook size={16} aria-hidden />}
        >
          Wiki
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.settingsGeneral}
          leftSection={<IconSettings size={16} aria-hidden />}
        >
          Settings
        </Menu.Item>
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
