import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';

/** The colour scheme shown, the other one, and switching to it (the header's toggle, the main menu). */
export function useThemeSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  return { scheme, next, switchTheme: () => setColorScheme(next) } as const;
}
