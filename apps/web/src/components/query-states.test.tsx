import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { api } from '../lib/api-client.ts';
import { page, renderRoutes, stubFetch } from '../test/render.tsx';
import { ErrorState, LoadingState } from './query-states.tsx';

/** A page that loads one thing the way the app's pages do. */
function ThingPage() {
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['thing'],
    queryFn: () => api<{ name: string }>('thing'),
  });
  if (isPending) return <LoadingState label="Loading the thing" />;
  if (error) return <ErrorState title="Could not load the thing" message={error.message} onRetry={refetch} />;
  return <p>{data.name}</p>;
}

describe('query states', () => {
  it('names the spinner, then says what failed and why, and tries again', async () => {
    let fail = true;
    const calls = stubFetch({
      'GET /api/thing': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal_error', message: 'The server is resting' } } }
          : { status: 200, body: { name: 'Teapot' } },
    });
    const { user } = renderRoutes([page('/', <ThingPage />)], '/');
    expect(screen.getByRole('progressbar', { name: 'Loading the thing' })).toBeInTheDocument();

    const alert = await screen.findByRole('alert', { name: 'Could not load the thing' });
    expect(alert).toHaveTextContent('The server is resting');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Teapot')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'GET /api/thing')).toHaveLength(2);
  });
});
