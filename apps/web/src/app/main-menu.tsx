import { ActionIcon, Box, Button, type MantineBreakpoint } from '@mantine/core';
import { IconMenu2, IconMoon, IconSun } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { mainLinks } from './main-links.ts';
import classes from './shell-layout.module.css';
import { useThemeSwitch } from './use-theme-switch.ts';

/** What the signed-in header leaves out on a phone (below `xs`) beside the main links. */
const memberLinks: readonly { to: string; label: string; hiddenFrom: MantineBreakpoint }[] = [
  { to: paths.crm, label: 'CRM', hiddenFrom: 'xs' },
  { to: paths.wikiTags, label: 'Wiki', hiddenFrom: 'xs' },
];

/**
 * The header's menu on screens too narrow for every main link (below `md`), signed in or out:
 * the links the header leaves out at this width (Artists first: where a buyer starts) and the
 * theme switch, whose button it replaces. Before, a signed-in phone showed only Feed, and the
 * rest hid in the avatar's account menu where nobody looks for artists. A disclosure (a button
 * that shows a list of links), not a Mantine Menu: it is in every first page, and the popover
 * machinery would be loaded with it. Escape, a click outside and following a link close it.
 */
export function MainMenu({ signedIn }: { signedIn: boolean }) {
  const { pathname } = useLocation();
  // Open on the page it was opened on: following a link (or going back) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { next, switchTheme } = useThemeSwitch();

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpenOn(null);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <Box ref={root} pos="relative">
      <ActionIcon
        ref={button}
        variant="default"
        size="lg"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        <IconMenu2 size={18} aria-hidden />
      </ActionIcon>
      <div id={id} hidden={!open} className={classes.mainMenu}>
        {[
          ...mainLinks.map((l) => ({ to: l.to, label: l.label, hiddenFrom: l.headerFrom })),
          ...(signedIn ? memberLinks : []),
        ].map((l) => (
          <Button
            key={l.to}
            component={Link}
            to={l.to}
            hiddenFrom={l.hiddenFrom}
            variant="subtle"
            justify="flex-start"
            fullWidth
          >
            {l.label}
          </Button>
        ))}
        <Button
          variant="subtle"
          color="gray"
          justify="flex-start"
          fullWidth
          leftSection={
            next === 'dark' ? <IconMoon size={16} aria-hidden /> : <IconSun size={16} aria-hidden />
          }
          onClick={switchTheme}
        >
          {next === 'dark' ? 'Dark theme' : 'Light theme'}
        </Button>
      </div>
    </Box>
  );
}
