import { IconClipboardList, IconPalette, IconPhoto } from '@tabler/icons-react';
import type { MainLink } from './main-links.ts';

/** The icon of each main link in the account and visitor menus (kept out of the header's code). */
export const MAIN_LINK_ICONS: Record<MainLink['icon'], typeof IconPalette> = {
  palette: IconPalette,
  photo: IconPhoto,
  requests: IconClipboardList,
};
