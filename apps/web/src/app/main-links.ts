import type { MantineBreakpoint } from '@mantine/core';
import { paths } from '@brushline/shared/paths';

/**
 * SPEC §2 main layout children beside the feed and the wiki: the one table the header, its main
 * menu and the footer draw their links from. The header shows each from its `headerFrom`
 * breakpoint up (on narrower screens they would push it past the edge); below that the main menu
 * (main-menu.tsx, signed in or out) holds it, and the footer always does.
 */
export const mainLinks: readonly {
  to: string;
  label: string;
  headerFrom: MantineBreakpoint;
}[] = [
  { to: paths.artists, label: 'Artists', headerFrom: 'sm' },
  { to: paths.gallery, label: 'Gallery', headerFrom: 'sm' },
  { to: paths.requests, label: 'Requests', headerFrom: 'md' },
];

export type MainLink = (typeof mainLinks)[number];
