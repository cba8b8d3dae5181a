import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { cardKeys } from '../../cards/api/card-queries.ts';
import { galleryKeys } from '../../gallery/api/gallery-queries.ts';
import { postKeys } from '../../posts/api/post-queries.ts';
import { usersRoutes } from '../routes.tsx';
import { annMe } from '../test/user-fixtures.ts';

const routes = [...usersRoutes, page('/login', <p>login page</p>)];
const saved = { id: annMe.id, displayNSFW: false, displayQuestionable: true, isArtist: true, hideAI: false };

describe('settings', () => {
  it('/settings opens General, with the saved switches', async () => {
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: annMe }),
      'GET /api/user/settings/login/ann': () => ({ status: 200, body: saved }),
    });
    const { router } = renderRoutes(routes, '/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/general'));
    expect(await screen.findByRole('switch', { name: /Show NSFW posts/ })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /Show questionable posts/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /I am an artist/ })).toBeChecked();
    expect(screen.getByRole('link', { name: /Socials/ })).toHaveAttribute('href', '/settings/socials');
  });

  it('saves the switches with PATCH and says "Settings updated!", refreshing the session', async () => {
    const calls = stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: annMe }),
      'GET /api/user/settings/login/ann': () => ({ status: 200, body: saved }),
      [`PATCH /api/user/update/settings/id/${annMe.id}`]: (body) => ({
        status: 200,
        body: { ...(body as object), message: messages.settingsUpdated },
      }),
    });
    const { user } = renderRoutes(routes, '/settings/general');
    const save = await screen.findByRole('button', { name: 'Save settings' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: /Show NSFW posts/ }));
    await user.click(screen.getByRole('switch', { name: /I am an artist/ }));
    await user.click(save);
    expect(await screen.findByText(messages.settingsUpdated)).toBeInTheDocument();
    expect(calls.find((c) => c.key.startsWith('PATCH'))?.body).toEqual({
      id: annMe.id,
      displayNSFW: true,
      displayQuestionable: true,
      isArtist: false,
      hideAI: false,
    });
    // The roles may have changed with isArtist: the session is asked again.
    await waitFor(() => expect(calls.filter((c) => c.key === 'GET /api/sessioncheck').length).toBe(2));
  });

  it('"Hide AI-labelled content" is saved as hideAI, and the feed, galleries, artists and profiles’ cards refetch', async () => {
    const calls = stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: annMe }),
      'GET /api/user/settings/login/ann': () => ({ status: 200, body: saved }),
      [`PATCH /api/user/update/settings/id/${annMe.id}`]: (body) => ({
        status: 200,
        body: { ...(body as object), message: messages.settingsUpdated },
      }),
    });
    const { user, client } = renderRoutes(routes, '/settings/general');
    // Lists read before the change, as if the reader had visited them.
    const lists = [
      postKeys.list(null, annMe.id),
      galleryKeys.gallery([]),
      galleryKeys.artists({ tags: [], open: false, search: '' }),
      galleryKeys.folders('bob'),
      cardKeys.ofUser('bob'),
    ];
    for (const key of lists) client.setQueryData(key, { pages: [], pageParams: [] });

    const hide = await screen.findByRole('switch', { name: /Hide AI-labelled content/ });
    expect(hide).not.toBeChecked();
    expect(screen.getByText(/Your own work stays visible to you/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /About AI labels/ })).toHaveAttribute('href', '/terms#ai');
    await user.click(hide);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(messages.settingsUpdated)).toBeInTheDocument();
    expect(calls.find((c) => c.key.startsWith('PATCH'))?.body).toMatchObject({ hideAI: true });
    for (const key of lists) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    expect(await screen.findByRole('switch', { name: /Hide AI-labelled content/ })).toBeChecked();
  });

  it('still says "Settings updated!" when the refetches after a save are slower than the re-render', async () => {
    // In a browser the session refetch takes longer than React's re-render of the saved values,
    // which swaps the form for a new one; the message must not depend on the old form staying.
    let releaseSession = () => {};
    const sessionHeld = new Promise<void>((resolve) => (releaseSession = resolve));
    let sessionChecks = 0;
    stubFetch({
      'GET /api/sessioncheck': async () => {
        sessionChecks += 1;
        if (sessionChecks > 1) await sessionHeld;
        return { status: 200, body: annMe };
      },
      'GET /api/user/settings/login/ann': () => ({ status: 200, body: saved }),
      [`PATCH /api/user/update/settings/id/${annMe.id}`]: (body) => ({
        status: 200,
        body: { ...(body as object), message: messages.settingsUpdated },
      }),
    });
    const { user } = renderRoutes(routes, '/settings/general');
    await user.click(await screen.findByRole('switch', { name: /Show NSFW posts/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    // The saved values are shown (a fresh form: nothing left to save) while the session is held.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled());
    await waitFor(() => expect(sessionChecks).toBe(2));
    releaseSession();
    expect(await screen.findByText(messages.settingsUpdated)).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login, remembering where they were going', async () => {
    stubFetch({});
    const { router } = renderRoutes(routes, '/settings/socials');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/settings/socials' });
  });
});
