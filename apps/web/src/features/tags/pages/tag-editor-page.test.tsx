import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { paths } from '@brushline/shared/paths';
import { tagMessages } from '@brushline/shared/tags/messages';
import { TAG_CONFLICT_CODE, type TagFull } from '@brushline/shared/tags/schemas';
import { toast } from '../../../lib/toast.ts';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { artistMe } from '../../orders/test/order-fixtures.ts';
import { makeTagFull, stubFontFaceSet } from '../test/tag-fixtures.ts';
import { TagEditorPage } from './tag-editor-page.tsx';

const routes = [page(paths.wikiTagUpdate, <TagEditorPage />), page(paths.wikiTag, <p>the tag page</p>)];
const session = { 'GET /api/sessioncheck': () => ({ status: 200, body: artistMe }) };

beforeEach(() => {
  stubFontFaceSet();
  vi.spyOn(toast, 'success');
  vi.spyOn(toast, 'error');
});
afterEach(() => vi.restoreAllMocks());

describe('tag editor', () => {
  it('asks before leaving with unsaved edits: Stay keeps them, Leave goes', async () => {
    stubFetch({ ...session, 'GET /api/tag/get/byIdFull/7': () => ({ status: 200, body: makeTagFull() }) });
    const { user, router } = renderRoutes(routes, '/wiki/tags/update/7');
    const description = await screen.findByLabelText('Description');
    await user.type(description, ' Often orange.');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('Your changes to this tag are not saved yet');
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/wiki/tags/update/7');
    expect(screen.getByLabelText('Description')).toHaveValue('A fox with red fur. Often orange.');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wiki/tag/red_fox'));
  });

  it('leaves without asking when nothing changed', async () => {
    stubFetch({ ...session, 'GET /api/tag/get/byIdFull/7': () => ({ status: 200, body: makeTagFull() }) });
    const { user, router } = renderRoutes(routes, '/wiki/tags/update/7');
    await screen.findByLabelText('Description');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wiki/tag/red_fox'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows what changed meanwhile on a stale save, and saves over it from the new version', async () => {
    const theirs: TagFull = makeTagFull({
      version: 3,
      description: 'Vulpes vulpes.',
      history: [
        {
          id: 12,
          version: 3,
          kind: 'update',
          at: '2026-11-24T09:00:00.000Z',
          actor: {
            id: '6f1c1f9e-2222-4222-8222-222222222222',
            login: 'bob',
            displayName: 'Bob',
            avatarMiniatureUrl: null,
          },
          changes: [{ field: 'description', before: 'A fox with red fur.', after: 'Vulpes vulpes.' }],
        },
      ],
    });
    let reads = 0;
    const calls = stubFetch({
      ...session,
      'GET /api/tag/get/byIdFull/7': () => ({ status: 200, body: reads++ === 0 ? makeTagFull() : theirs }),
      'PUT /api/tag/update/7': (body) =>
        (body as { version: number }).version === 2
          ? { status: 409, body: { error: { code: TAG_CONFLICT_CODE, message: tagMessages.conflict } } }
          : { status: 200, body: { tag: theirs, message: messages.tagUpdated } },
    });
    const { user, router } = renderRoutes(routes, '/wiki/tags/update/7');
    const description = await screen.findByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Mine.');
    await user.click(screen.getByRole('button', { name: 'Save tag' }));

    const alert = await screen.findByRole('alert', { name: 'This tag changed while you were editing' });
    expect(alert).toHaveTextContent('Version 3, Bob');
    expect(alert).toHaveTextContent('Vulpes vulpes.');
    // Nothing of the reader's edit is lost while they choose.
    expect(screen.getByLabelText('Description')).toHaveValue('Mine.');
    await user.click(screen.getByRole('button', { name: 'Save my edit over theirs' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wiki/tag/red_fox'));
    const puts = calls.filter((c) => c.key === 'PUT /api/tag/update/7').map((c) => c.body);
    expect(puts).toMatchObject([
      { version: 2, description: 'Mine.' },
      { version: 3, description: 'Mine.' },
    ]);
  });
});
