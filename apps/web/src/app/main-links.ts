import type { MantineBreakpoint } from '@mantine/core';
import { paths } from '@brushline/shared/paths';

/**
 * SPEC §2 main layout children beside the feed and the wiki: the one table the header, the
 * account menu and the footer draw their links from. The header shows each from its `headerFrom`
 * breakpoint up (on narrower screens they would push it past the edge); below that the account
 * menu (signed in) or the visitor menu (signed out) holds it, and the footer always does.
 */
export const mainLinks: readonly {
  to: string;
  label: string;
  icon: 'palette' | 'photo' | 'requests';
  headerFrom: MantineBreakpoint;
}[] = [
  { to: paths.artists, label: 'Artists', icon: 'palette', headerFrom: 'sm' },
  { to: paths.gallery, label: 'Gallery', icon: 'photo', headerFrom: 'sm' },
  { to: paths.requests, label: 'Requests', icon: 'requests', headerFrom: 'md' },
];

export type MainLink = (typeof mainLinks)[number];
