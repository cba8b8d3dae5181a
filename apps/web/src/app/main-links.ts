import { paths } from '@brushline/shared/paths';

/**
 * SPEC §2 main layout children beside the feed: the one table the header, the account menu and
 * the footer draw their links from. The header shows them from `headerFrom` up (narrower screens
 * would push it past the edge); below that, the account menu (signed in) and the footer hold them.
 */
export const mainLinks = [
  { to: paths.artists, label: 'Artists', icon: 'palette' },
  { to: paths.gallery, label: 'Gallery', icon: 'photo' },
  { to: paths.requests, label: 'Requests', icon: 'requests' },
] as const;

export type MainLink = (typeof mainLinks)[number];

/** The Mantine breakpoint from which the header shows the main links. */
export const MAIN_LINKS_HEADER_FROM = 'sm';
