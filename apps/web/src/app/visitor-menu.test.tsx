import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { annMe } from '../features/users/test/user-fixtures.ts';
import { renderRoutes, stubFetch } from '../test/render.tsx';
import { ShellLayout } from './shell-layout.tsx';

// The header's menus (jsdom applies no media queries: every breakpoint's items render). Opening
// the visitor menu and following its links is checked in Chromium (e2e/phone-layout.spec.ts).
const shell = () =>
  renderRoutes(
    [{ path: '/', element: <ShellLayout />, children: [{ path: 'feed', element: <p>Feed page</p> }] }],
    '/feed',
  );

describe('header menus', () => {
  it('a signed-out visitor gets the visitor menu', async () => {
    stubFetch({ 'GET /api/sessioncheck': () => ({ status: 200, body: null }) });
    shell();
    expect(await screen.findByRole('button', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('a signed-in user gets the account menu, which holds the links, and no visitor menu', async () => {
    stubFetch({ 'GET /api/sessioncheck': () => ({ status: 200, body: annMe }) });
    shell();
    expect(await screen.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });
});
