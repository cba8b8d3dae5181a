import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';

/**
 * Renders routes in memory with the app's providers; `fetch` is whatever the test stubs. Like the
 * app's router (app/router.tsx, whose shell stands in while a page's chunk loads), the routes sit
 * under a pathless route with a hydrate fallback: features load their pages on demand (`lazy`),
 * and a data router opening on a lazy route renders that fallback until it has loaded.
 */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter([{ hydrateFallbackElement: <p>Loading the page</p>, children: routes }], {
    initialEntries: [initialPath],
  });
  // No pause between keystrokes and clicks: the app has no timing a test types against.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, user, router, client };
}

export const page = (path: string, element: ReactNode): RouteObject => ({ path, element });

type StubAnswer = { status: number; body?: unknown };

/**
 * A fetch stub answering by "METHOD /path" (the handler also gets the URL, for its query); records
 * every call's body. A handler may answer with
 * a promise, to hold a response until the test lets it go (ordering as on a slow network). It
 * goes in through vi.stubGlobal, so Vitest puts the real fetch back before the next test
 * (unstubGlobals).
 */
export function stubFetch(
  routes: Record<string, (body: unknown, url: URL) => StubAnswer | Promise<StubAnswer>>,
) {
  const calls: { key: string; body: unknown }[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    const url = new URL(href, 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ key, body });
    const handler = routes[key];
    const answer = handler
      ? await handler(body, url)
      : { status: 401, body: { error: { code: 'unauthorized', message: 'Please sign in to continue' } } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
