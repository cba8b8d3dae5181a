import { Menu } from '@mantine/core';
import { IconClipboardList, IconPalette, IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import { mainLinks, type MainLink } from './main-links.ts';

const ICONS: Record<MainLink['icon'], typeof IconPalette> = {
  palette: IconPalette,
  photo: IconPhoto,
  requests: IconClipboardList,
};

/**
 * The main links as items of the account and visitor menus, each only where the header leaves it
 * out (below its `headerFrom`). Kept out of the header's code: only the menus, loaded on demand,
 * import it.
 */
export function MainLinkItems() {
  return mainLinks.map((l) => {
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
  });
}
