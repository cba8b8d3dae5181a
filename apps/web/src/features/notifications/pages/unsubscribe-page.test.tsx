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

  it.each([
    ['unsubscribe_link_outdated', 'This link no longer works', preferenceMessages.unsubscribeLinkOutdated],
    ['unsubscribe_link_expired', 'This link has expired', preferenceMessages.unsubscribeLinkExpired],
  ])('says what to do instead when the link is %s', async (code, title, message) => {
    stubFetch({
      [`POST /api/notifications/unsubscribe/${token}`]: () => ({
        status: 410,
        body: { error: { code, message } },
      }),
    });
    renderRoutes(notificationsRoutes, `/unsubscribe/${token}`);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(message).toMatch(/Sign in and choose which e-mails you get in your notification settings$/);
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/settings/notifications',
    );
    // Nothing to retry: the link is dead for good.
    expect(screen.queryByRole('button', { name: /try again/i })).not.toBeInTheDocument();
    expect(screen.queryByText('Unsubscribed')).not.toBeInTheDocument();
  });
});
