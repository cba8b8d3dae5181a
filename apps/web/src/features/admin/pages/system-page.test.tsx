import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { JobsReport, ReadinessReport } from '@brushline/shared/ops/schemas';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { adminRoutes } from '../routes.tsx';
import { me, signedIn } from '../test/admin-fixtures.ts';

const jobs = (patch: Partial<JobsReport> = {}): JobsReport => ({
  queues: [
    { name: 'order-timers', waiting: 4, retrying: 1, active: 0, completed: 12, failed: 2 },
    { name: 'dead-letter', waiting: 2, retrying: 0, active: 0, completed: 0, failed: 0 },
  ],
  emailOutbox: { waiting: 3, failing: 1 },
  ...patch,
});

function serve(ready: ReadinessReport, report: JobsReport = jobs(), readyStatus = 200) {
  let asked = 0;
  stubFetch({
    ...signedIn(me(['moderator'])),
    'GET /api/admin/jobs': () => {
      asked += 1;
      return { status: 200, body: report };
    },
    'GET /api/ready': () => ({ status: readyStatus, body: ready }),
  });
  return () => asked;
}

describe('/admin/system', () => {
  it('shows the instance, each dependency, every queue with its failures and the e-mail outbox', async () => {
    serve({
      status: 'ready',
      checks: [
        { name: 'database', required: true, state: 'up', latencyMs: 3 },
        { name: 'redis', required: false, state: 'up', latencyMs: 1 },
      ],
    });
    renderRoutes(adminRoutes, '/admin/system');
    expect(await screen.findByText('Ready')).toBeInTheDocument();
    const deps = screen.getByRole('region', { name: 'Dependencies' });
    expect(within(deps).getByText('Database')).toBeInTheDocument();
    expect(within(deps).getByText('Degrades without it')).toBeInTheDocument();
    const queues = screen.getByRole('region', { name: 'Job queues' });
    const timers = within(queues).getByText('Order timers (reminders, auto-approval)').closest('tr')!;
    expect(
      within(timers as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Order timers (reminders, auto-approval)order-timers', '4', '1', '0', '12', '2']);
    expect(
      screen.getByText('3 notifications wait to be mailed; 1 failed at least once and will be tried again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'System' })).toBeInTheDocument();
  });

  it('says why the instance takes no traffic when a required dependency is down (readiness 503)', async () => {
    serve(
      {
        status: 'not_ready',
        checks: [{ name: 'objectStore', required: true, state: 'down', latencyMs: 2000 }],
      },
      jobs({ queues: [], emailOutbox: { waiting: 0, failing: 0 } }),
      503,
    );
    renderRoutes(adminRoutes, '/admin/system');
    expect(await screen.findByText('Not ready')).toBeInTheDocument();
    expect(screen.getByText(/the balancer sends no traffic here/)).toBeInTheDocument();
    expect(screen.getByText('Object store (S3)')).toBeInTheDocument();
    expect(screen.getByText('Down')).toBeInTheDocument();
    expect(screen.getByText('No queue has run a job yet.')).toBeInTheDocument();
    expect(screen.getByText('Nothing waits to be mailed.')).toBeInTheDocument();
  });

  it('asks again on Refresh', async () => {
    const asked = serve({ status: 'ready', checks: [] });
    renderRoutes(adminRoutes, '/admin/system');
    await screen.findByText('Ready');
    const before = asked();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await expect.poll(asked).toBeGreaterThan(before);
  });
});
