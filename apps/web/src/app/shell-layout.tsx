import { ActionIcon, Anchor, Box, Button, Container, Group } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigation, useOutlet } from 'react-router';
import { paths, redirectPaths } from '@brushline/shared/paths';
import { PRODUCT_NAME } from '@brushline/shared/site';
import { useAccountRestricted } from '../features/auth/api/use-account-restricted.ts';
import { useKeepAlive } from '../features/auth/use-keep-alive.ts';
import { useRouteTitle } from '../lib/page-title.ts';
import { useSession } from '../lib/session.ts';
import { AccountButton } from './account-button.tsx';
import { useThemeSwitch } from './use-theme-switch.ts';
import { mainLinks } from './main-links.ts';
import { MainMenu } from './main-menu.tsx';
import { NavigationProgress, PageLoading } from './page-loading.tsx';
import classes from './shell-layout.module.css';

// Only signed-in users get these, and they carry the menu and popover machinery: they load on demand.
const AccountMenu = lazy(async () => ({ default: (await import('./account-menu.tsx')).AccountMenu }));
const ChatHeaderLink = lazy(async () => ({
  default: (await import('../features/chat/components/chat-header-link.tsx')).ChatHeaderLink,
}));
const NotificationBell = lazy(async () => ({
  default: (await import('../features/notifications/components/notification-bell.tsx')).NotificationBell,
}));

function ThemeToggle() {
  const { scheme, next, switchTheme } = useThemeSwitch();
  return (
    <ActionIcon variant="default" size="lg" aria-label={`Switch to ${next} theme`} onClick={switchTheme}>
      {scheme === 'dark' ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
    </ActionIcon>
  );
}

/** Signed out: the ways in. Signed in: the account menu, whose code arrives after the page's. */
function AccountArea() {
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return null;
  if (!user) {
    const from = location.pathname + location.search;
    return (
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          component={Link}
          to={paths.login}
          state={{ from }}
          px={{ base: 'xs', xs: 'md' }}
        >
          Sign in
        </Button>
        <Button component={Link} to={paths.register} visibleFrom="xs">
          Create account
        </Button>
      </Group>
    );
  }
  return (
    <Suspense fallback={<AccountButton user={user} disabled />}>
      <AccountMenu user={user} />
    </Suspense>
  );
}

/** A header link that shows where the reader is (SPEC §2 sections: the feed, the CRM). */
function NavButton({ to, label, section = to }: { to: string; label: string; section?: string }) {
  const { pathname } = useLocation();
  const here = pathname === section || pathname.startsWith(`${section}/`);
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

/** The id of the page's main region: where "Skip to content" sends focus. */
export const MAIN_ID = 'main';

/**
 * The first focusable element of every page (WCAG 2.4.1): moves focus to the page's main region,
 * so keyboard users skip the header. Focus is moved by hand: following `#main` would put the
 * fragment in the address and hand the router a navigation.
 */
export function SkipLink() {
  return (
    <a
      className={classes.skipLink}
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      Skip to content
    </a>
  );
}

/**
 * The frame of every screen. It is also the router's hydrate fallback: while the first page's
 * chunk loads there is no outlet yet, and a loading state holds the page's place.
 */
export function ShellLayout() {
  const { user, isPending } = useSession();
  const outlet = useOutlet();
  const loading = useNavigation().state === 'loading';
  useKeepAlive(user?.id);
  useAccountRestricted();
  useRouteTitle();
  return (
    <>
      <SkipLink />
      <header className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Anchor
              component={Link}
              to={paths.home}
              underline="never"
              fw={800}
              // A size smaller on the narrowest phones (320 px), so the header keeps to one line.
              fz={{ base: 'lg', xs: 'xl' }}
              // The dark scheme's filled violet is 2.5:1 on its body; its link colour reads.
              c="light-dark(var(--mantine-primary-color-filled), var(--mantine-color-anchor))"
            >
              {PRODUCT_NAME}
            </Anchor>
            <Group gap={8} wrap="nowrap">
              <Group gap={4} wrap="nowrap" component="nav" aria-label="Main">
                {/* The feed stays in reach on phones: it is where a visitor starts. */}
                <NavButton to={paths.feed} label="Feed" />
                {/* Signed in on a phone, the main menu holds the wiki (the header keeps to one line). */}
                <Box visibleFrom={user ? 'xs' : undefined}>
                  <NavButton to={paths.wikiTags} section={redirectPaths.wiki} label="Wiki" />
                </Box>
                {/* SPEC §2 main layout children (app/main-links.ts). On phones they would push the
                    header past the screen: the main menu holds them. */}
                {mainLinks.map((l) => (
                  <Box key={l.to} visibleFrom={l.headerFrom}>
                    <NavButton to={l.to} label={l.label} />
                  </Box>
                ))}
                {user && (
                  <Box visibleFrom="xs">
                    <NavButton to={paths.crm} label="CRM" />
                  </Box>
                )}
              </Group>
              {/* Beside Feed, where the links it holds would be. */}
              {!isPending && (
                <Box hiddenFrom="md">
                  <MainMenu signedIn={Boolean(user)} />
                </Box>
              )}
              {user && (
                <Suspense fallback={<Box w={34} h={34} />}>
                  <ChatHeaderLink />
                </Suspense>
              )}
              {user && (
                <Suspense fallback={<Box w={34} h={34} />}>
                  <NotificationBell />
                </Suspense>
              )}
              {/* Below md the main menu holds the theme switch too, with the links the header leaves
                  out (until the session is known, the switch stays). */}
              <Box visibleFrom={isPending ? undefined : 'md'}>
                <ThemeToggle />
              </Box>
              <AccountArea />
            </Group>
          </Group>
        </Container>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className={classes.main} aria-busy={loading}>
        {loading && <NavigationProgress />}
        {/* A screen tall at least: the footer starts below the fold, so a page that grows as its
            data arrives never moves it on screen (a layout shift on every first visit). */}
        <Container size="lg" py="md" mih="calc(100dvh - var(--app-shell-header-offset))">
          {outlet ?? <PageLoading />}
        </Container>
        <Container size="lg" component="footer" py="md">
          <Group gap="md" c="dimmed" fz="sm" style={{ rowGap: 6 }}>
            <Anchor component={Link} to={paths.policyEn} c="dimmed" size="sm">
              Privacy policy
            </Anchor>
            <Anchor component={Link} to={paths.policyRu} c="dimmed" size="sm">
              Политика конфиденциальности
            </Anchor>
            <Anchor component={Link} to={paths.terms} c="dimmed" size="sm">
              Terms of use
            </Anchor>
            {mainLinks.map((l) => (
              <Anchor key={l.to} component={Link} to={l.to} c="dimmed" size="sm">
                {l.label}
              </Anchor>
            ))}
            <Anchor href="/api/docs" c="dimmed" size="sm">
              API
            </Anchor>
          </Group>
        </Container>
      </main>
    </>
  );
}
