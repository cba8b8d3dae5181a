import { screen, within } from '@testing-library/react';
import { Link, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, redirectPaths } from '@brushline/shared/paths';
import { renderRoutes, stubFetch } from '../test/render.tsx';
import { routes } from './router.tsx';
import { ShellLayout } from './shell-layout.tsx';

const sample = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'x').replace('*', 'x/y');

describe('the router', () => {
  it('mounts every screen and redirect of the paths table', () => {
    const patterns = [...Object.values(paths), ...Object.values(redirectPaths)];
    for (const pattern of patterns) {
      const leaf = matchRoutes(routes, sample(pattern))?.at(-1)?.route;
      expect(leaf?.path, pattern).not.toBe('*');
    }
    expect(matchRoutes(routes, '/no/such/screen')?.at(-1)?.route.path).toBe('*');
  });
});

/** A route whose page arrives when the test says so, the way a lazy chunk does. */
function slowPage(text: string) {
  let arrive: () => void = () => {};
  const route: RouteObject = {
    path: `/${text}`,
    lazy: () =>
      new Promise((resolve) => {
        arrive = () =>
          resolve({
            Component: () => (
              <p>
                {text} page <Link to="/second">Next</Link>
              </p>
            ),
          });
      }),
  };
  return { route, arrive: () => arrive() };
}

describe('pages that load on demand', () => {
  it('keep the header up with a named loading state until the first page arrives', async () => {
    stubFetch({});
    const first = slowPage('first');
    renderRoutes(
      [{ element: <ShellLayout />, hydrateFallbackElement: <ShellLayout />, children: [first.route] }],
      '/first',
    );
    expect(await screen.findByRole('link', { name: 'Brushline' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the page');
    first.arrive();
    expect(await screen.findByText(/first page/)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keep the current page while the next one loads, with a progress bar and a busy main area', async () => {
    stubFetch({});
    const first = slowPage('first');
    const second = slowPage('second');
    const { user } = renderRoutes(
      [
        {
          element: <ShellLayout />,
          hydrateFallbackElement: <ShellLayout />,
          children: [first.route, second.route],
        },
      ],
      '/first',
    );
    first.arrive();
    expect(await screen.findByText(/first page/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('progressbar', { name: 'Loading the page' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('aria-busy', 'true');
    expect(within(main).getByText(/first page/)).toBeInTheDocument();
    second.arrive();
    expect(await screen.findByText(/second page/)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(main).toHaveAttribute('aria-busy', 'false');
  });
});
