import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@brushline/shared/roles';
import { annMe } from '../features/users/test/user-fixtures.ts';
import { renderRoutes, stubFetch } from '../test/render.tsx';
import { ShellLayout } from './shell-layout.tsx';

/**
 * The menu's items, open or not as jsdom lays it out: jsdom gives every box a zero size, and
 * Mantine's popover then may take the button for hidden and hide the dropdown with it (at random,
 * as its measuring runs). Whether it opens is Mantine's; which items it holds is ours.
 */
const item = (name: string) => screen.queryByRole('menuitem', { name, hidden: true });

async function openAccountMenu(roles: Role[]) {
  stubFetch({ 'GET /api/sessioncheck': () => ({ status: 200, body: { ...annMe, roles } }) });
  const view = renderRoutes(
    [{ path: '/', element: <ShellLayout />, children: [{ path: 'feed', element: <p>Feed page</p> }] }],
    '/feed',
  );
  // A disabled stand-in holds the place while the menu's code loads.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Account menu' })).toBeEnabled());
  await view.user.click(screen.getByRole('button', { name: 'Account menu' }));
  await waitFor(() => expect(item('Settings')).not.toBeNull());
  return view;
}

describe('the account menu', () => {
  it('leads staff to the admin area', async () => {
    for (const role of ['admin', 'moderator'] as const) {
      const { unmount } = await openAccountMenu([role]);
      expect(item('Admin')).toHaveAttribute('href', '/admin/users');
      unmount();
    }
  });

  it('has no admin entry for anyone else', async () => {
    await openAccountMenu(['artist']);
    expect(item('Admin')).toBeNull();
  });
});
