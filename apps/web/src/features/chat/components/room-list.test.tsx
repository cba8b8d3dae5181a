import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAT_SEARCH_DEBOUNCE_MS } from '@brushline/shared/chat/constants';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { stubDocumentFonts } from '../../posts/test/post-fixtures.ts';
import { CasualChatPage } from '../pages/chat-page.tsx';
import { aRoom, me } from '../test/chat-fixtures.ts';

describe('room list search', () => {
  beforeAll(stubDocumentFonts);

  it('asks the server once the typing pauses for 200 ms, not on every key', async () => {
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: me }),
      'GET /api/chatrooms/paginated/get': () => ({ status: 200, body: { items: [aRoom()], nextPage: null } }),
      'GET /api/chatrooms/unread': () => ({ status: 200, body: { casual: 0, working: 0 } }),
    });
    const inner = globalThis.fetch;
    const searches: { search: string; at: number }[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
      const url = new URL(href, 'http://localhost');
      if (url.pathname === '/api/chatrooms/paginated/get')
        searches.push({ search: url.searchParams.get('search') ?? '', at: performance.now() });
      return inner(input, init);
    });
    const { user } = renderRoutes([page('/chat', <CasualChatPage />)], '/chat');
    const box = await screen.findByRole('textbox', { name: 'Search chats' });
    await user.type(box, 'bo');
    const typed = performance.now();
    await waitFor(() => expect(searches.map((s) => s.search)).toContain('bo'));
    expect(searches.map((s) => s.search)).not.toContain('b');
    expect(searches.find((s) => s.search === 'bo')!.at - typed).toBeGreaterThanOrEqual(
      CHAT_SEARCH_DEBOUNCE_MS - 20,
    );
  });
});
