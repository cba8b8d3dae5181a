import { cleanup, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { stubDocumentFonts } from '../../posts/test/post-fixtures.ts';
import { pendingStore } from '../api/use-send-message.ts';
import { aMessage, aRoom, me } from '../test/chat-fixtures.ts';
import { CasualChatPage } from './chat-page.tsx';

const routes = [page('/chat', <CasualChatPage />), page('/chat/:id', <CasualChatPage />)];

function stubChat(
  send: (body: unknown) => { status: number; body?: unknown },
  stored = [aMessage(1, { text: 'hello' })],
) {
  return stubFetch({
    'GET /api/sessioncheck': () => ({ status: 200, body: me }),
    'GET /api/chatrooms/paginated/get': () => ({ status: 200, body: { items: [aRoom()], nextPage: null } }),
    'GET /api/chatrooms/unread': () => ({ status: 200, body: { casual: 0, working: 0 } }),
    'GET /api/chatroom/get/5': () => ({ status: 200, body: aRoom() }),
    'GET /api/messages/chat/5/q': () => ({
      status: 200,
      body: { items: stored, nextCursor: null },
    }),
    'PUT /api/chatroom/read/5': () => ({ status: 200, body: { readId: 1 } }),
    'POST /api/messages/chat/5': send,
  });
}

/** A reload: the page goes away with everything in memory; sessionStorage stays. */
function reload() {
  cleanup();
  pendingStore.reset();
}

describe('chat page', () => {
  beforeAll(stubDocumentFonts);
  beforeEach(() => {
    sessionStorage.clear();
    pendingStore.reset();
  });

  it('asks to choose a chat when none is open', async () => {
    stubChat(() => ({ status: 500 }));
    renderRoutes(routes, '/chat');
    expect(await screen.findByText(messages.chatNotChosen)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Bob/ })).toBeInTheDocument();
  });

  it('its sender reads why staff hid a message', async () => {
    stubChat(
      () => ({ status: 500 }),
      [aMessage(1, { text: 'pay me outside', senderId: me.id, hiddenByStaff: 'Threats are not allowed.' })],
    );
    renderRoutes(routes, '/chat/5');
    expect(
      await screen.findByText(
        'Only you and staff can see this message. Hidden by staff: Threats are not allowed.',
      ),
    ).toBeInTheDocument();
  });

  it('Shift+Enter adds a line, Enter sends; a failed send says so and retries with the same id', async () => {
    let fail = true;
    const calls = stubChat((body) => {
      if (fail) return { status: 500, body: { error: { code: 'server_error', message: 'boom' } } };
      const b = body as { clientId: string; text: string };
      return {
        status: 200,
        body: aMessage(2, { clientId: b.clientId, text: b.text, senderId: me.id, senderDisplayLogin: 'ann' }),
      };
    });
    const { user } = renderRoutes(routes, '/chat/5');
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await user.type(box, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(box).toHaveValue('first line\nsecond line');
    expect(calls.filter((c) => c.key === 'POST /api/messages/chat/5')).toHaveLength(0);
    await user.type(box, '{Enter}');
    expect(box).toHaveValue('');
    expect(await screen.findByText(new RegExp(messages.chatSendFailed))).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(new RegExp(messages.chatSendFailed))).toBeNull());
    expect(screen.getByText(/first line\s+second line/)).toBeInTheDocument();
    const sent = calls
      .filter((c) => c.key === 'POST /api/messages/chat/5')
      .map((c) => c.body as { clientId: string });
    expect(sent).toHaveLength(2);
    expect(sent[0]!.clientId).toBe(sent[1]!.clientId);
  });

  it('a failed message and its retry survive a reload of the page', async () => {
    let fail = true;
    const calls = stubChat((body) => {
      if (fail) return { status: 500, body: { error: { code: 'server_error', message: 'boom' } } };
      const b = body as { clientId: string; text: string };
      return { status: 200, body: aMessage(2, { clientId: b.clientId, text: b.text, senderId: me.id }) };
    });
    const first = renderRoutes(routes, '/chat/5');
    await first.user.type(await screen.findByRole('textbox', { name: 'Message' }), 'kept for later{Enter}');
    expect(await screen.findByText(new RegExp(messages.chatSendFailed))).toBeInTheDocument();

    reload();
    const { user } = renderRoutes(routes, '/chat/5');
    expect(await screen.findByText('kept for later')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(messages.chatSendFailed))).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(new RegExp(messages.chatSendFailed))).toBeNull());
    const sent = calls
      .filter((c) => c.key === 'POST /api/messages/chat/5')
      .map((c) => c.body as { clientId: string });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.clientId).toBe(sent[0]!.clientId);

    reload();
    renderRoutes(routes, '/chat/5');
    expect(await screen.findByText('hello')).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(messages.chatSendFailed))).toBeNull();
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('brushline.chat.pending'))).toEqual([]);
  });

  it('a message still sending at a reload that the server had stored is not shown as failed', async () => {
    const clientId = crypto.randomUUID();
    sessionStorage.setItem(
      `brushline.chat.pending.${me.id}.5`,
      JSON.stringify([
        {
          clientId,
          roomId: 5,
          text: 'made it',
          attachments: [],
          status: 'sending',
          createdAt: new Date().toISOString(),
        },
      ]),
    );
    stubChat(
      () => ({ status: 500 }),
      [aMessage(1, { text: 'hello' }), aMessage(2, { clientId, text: 'made it', senderId: me.id })],
    );
    renderRoutes(routes, '/chat/5');
    expect(await screen.findByText('made it')).toBeInTheDocument();
    expect(screen.queryByText(new RegExp(messages.chatSendFailed))).toBeNull();
    await waitFor(() => expect(sessionStorage.getItem(`brushline.chat.pending.${me.id}.5`)).toBeNull());
  });
});
