import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preferenceMessages } from '@brushline/shared/notifications/preferences';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { notificationsRoutes } from '../routes.ts';

const token = 'AQ3x7Yp0AAAAAAAAAAAAAAAAAAAB.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

describe('/unsubscribe/{token}', () => {
  it('turns the e-mails off at once, signed out, and says which', async () => {
    // No session stub: the visitor is signed out (sessioncheck answers 401).
    const calls = stubFetch({
      [`POST /api/notifications/unsubscribe/${token}`]: () => ({
        status: 200,
        body: { kinds: ['newOrders'], message: preferenceMessages.unsubscribed(['newOrders']) },
      }),
    });
    renderRoutes(notificationsRoutes, `/unsubscribe/${token}`);
    expect(
      await screen.findByText(
        'You will no longer get e-mails about new orders. You still see them on the site.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/settings/notifications',
    );
    expect(calls.filter((c) => c.key.startsWith('POST'))).toHaveLength(1);
  });

  it('says plainly when the link is not valid', async () => {
    stubFetch({
      [`POST /api/notifications/unsubscribe/${token}`]: () => ({
        status: 400,
        body: {
          error: { code: 'invalid_unsubscribe_link', message: preferenceMessages.invalidUnsubscribeLink },
        },
      }),
    });
    renderRoutes(notificationsRoutes, `/unsubscribe/${token}`);
    expect(await screen.findByText('This link does not work')).toBeInTheDocument();
    expect(screen.getByText(preferenceMessages.invalidUnsubscribeLink)).toBeInTheDocument();
    expect(screen.queryByText('Unsubscribed')).not.toBeInTheDocument();
  });
});
