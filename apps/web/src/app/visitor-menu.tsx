import { Menu, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MAIN_LINK_ICONS } from './main-link-icons.ts';
import { mainLinks } from './main-links.ts';
import { VisitorMenuButton } from './visitor-menu-button.tsx';

/**
 * A signed-out visitor's menu on screens too narrow for every main link (below `md`): the links
 * the header leaves out there and the theme switch, whose button it replaces. Signed in, the
 * account menu holds them. Loaded on demand, like the account menu.
 */
export function VisitorMenu() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  const ThemeIcon = scheme === 'dark' ? IconSun : IconMoon;
  return (
    // As the account menu: inside the header's banner landmark, the first item focused on open.
    <Menu position="bottom-end" width={200} withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <VisitorMenuButton />
      </Menu.Target>
      <Menu.Dropdown>
        {mainLinks.map((l) => {
          const Icon = MAIN_LINK_ICONS[l.icon];
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
        <Menu.Divider role="separator" />
        <Menu.Item leftSection={<ThemeIcon size={16} aria-hidden />} onClick={() => setColorScheme(next)}>
          {next === 'dark' ? 'Dark theme' : 'Light theme'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
