import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { annMe } from '../features/users/test/user-fixtures.ts';
import { renderRoutes, stubFetch } from '../test/render.tsx';
import { ShellLayout } from './shell-layout.tsx';

// The header's menus (jsdom applies no media queries: every breakpoint's items render). The
// main menu on a real phone is checked in Chromium too (e2e/phone-layout.spec.ts).
const shell = () =>
  renderRoutes(
    [
      {
        path: '/',
        element: <ShellLayout />,
        children: [
          { path: 'feed', element: <p>Feed page</p> },
          { path: 'gallery', element: <p>Gallery page</p> },
        ],
      },
    ],
    '/feed',
  );

describe('header menus', () => {
  it('a signed-out visitor gets the main menu: the main links and the theme, closed by Escape', async () => {
    stubFetch({ 'GET /api/sessioncheck': () => ({ status: 200, body: null }) });
    const { user } = shell();
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const list = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Artists', '/artists'],
      ['Gallery', '/gallery'],
      ['Requests', '/requests'],
    ]);
    const before = document.documentElement.getAttribute('data-mantine-color-scheme');
    await user.click(within(list).getByRole('button', { name: /theme$/ }));
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).not.toBe(before);
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
    await user.click(menu);
    await user.click(within(list).getByRole('link', { name: 'Gallery' }));
    expect(await screen.findByText('Gallery page')).toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('a signed-in user gets the main menu too, with the CRM and the wiki; and the account menu button stays', async () => {
    stubFetch({ 'GET /api/sessioncheck': () => ({ status: 200, body: annMe }) });
    const { user } = shell();
    await screen.findByRole('button', { name: 'Account menu' });
    const menu = screen.getByRole('button', { name: 'Menu' });
    await user.click(menu);
    const list = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Artists', '/artists'],
      ['Gallery', '/gallery'],
      ['Requests', '/requests'],
      ['CRM', '/crm'],
      ['Wiki', '/wiki/tags'],
    ]);
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
