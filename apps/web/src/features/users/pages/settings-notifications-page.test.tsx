import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import type { NotificationPreferences } from '@brushline/shared/notifications/preferences';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { usersRoutes } from '../routes.tsx';
import { annMe } from '../test/user-fixtures.ts';

const routes = [...usersRoutes, page('/login', <p>login page</p>)];
const saved: NotificationPreferences = {
  newOrders: 'email',
  statusChanges: 'email',
  deliveries: 'email',
  chatMessages: 'inApp',
  applications: 'inApp',
  payments: 'email',
};

/** The radio of `channel` in the group of the kind labelled `kind`. */
const radio = (kind: string, channel: 'E-mail' | 'In-app only') =>
  within(screen.getByRole('radiogroup', { name: kind })).getByRole('radio', { name: channel });

describe('/settings/notifications', () => {
  it('shows every kind with its saved channel, reachable from the settings menu', async () => {
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: annMe }),
      'GET /api/notifications/preferences': () => ({ status: 200, body: saved }),
    });
    renderRoutes(routes, '/settings/notifications');
    await screen.findByRole('radiogroup', { name: 'New orders' });
    expect(radio('New orders', 'E-mail')).toBeChecked();
    expect(radio('Order status changes', 'E-mail')).toBeChecked();
    expect(radio('Deliveries', 'E-mail')).toBeChecked();
    expect(radio('Chat messages', 'In-app only')).toBeChecked();
    expect(radio('Applications', 'In-app only')).toBeChecked();
    expect(screen.getByText(/also e-mailed to ann@example\.test/)).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Notifications/ });
    expect(link).toHaveAttribute('href', '/settings/notifications');
    expect(link).toHaveAttribute('aria-current', 'page');
  });

  it('saves only what changed with PUT and says "Settings updated!"', async () => {
    const calls = stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: annMe }),
      'GET /api/notifications/preferences': () => ({ status: 200, body: saved }),
      'PUT /api/notifications/preferences': (body) => ({
        status: 200,
        body: { preferences: { ...saved, ...(body as object) }, message: messages.settingsUpdated },
      }),
    });
    const { user } = renderRoutes(routes, '/settings/notifications');
    const save = await screen.findByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();
    await user.click(radio('New orders', 'In-app only'));
    await user.click(radio('Chat messages', 'E-mail'));
    await user.click(save);
    expect(await screen.findByText(messages.settingsUpdated)).toBeInTheDocument();
    expect(calls.find((c) => c.key.startsWith('PUT'))?.body).toEqual({
      newOrders: 'inApp',
      chatMessages: 'email',
    });
    // The form now starts from what was saved: nothing left to save.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled());
    expect(radio('New orders', 'In-app only')).toBeChecked();
  });

  it('says why a save failed and keeps the choice', async () => {
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: annMe }),
      'GET /api/notifications/preferences': () => ({ status: 200, body: saved }),
      'PUT /api/notifications/preferences': () => ({
        status: 503,
        body: { error: { code: 'unavailable', message: 'The database is busy, try again' } },
      }),
    });
    const { user } = renderRoutes(routes, '/settings/notifications');
    await screen.findByRole('radiogroup', { name: 'Deliveries' });
    await user.click(radio('Deliveries', 'In-app only'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The database is busy, try again')).toBeInTheDocument();
    expect(radio('Deliveries', 'In-app only')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled();
  });
});
