import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, renderRoutes } from '../../../test/render.tsx';
import { OpenChatButton } from './open-chat-button.tsx';

describe('OpenChatButton', () => {
  it('opens the working chat with the other side once the order was accepted', async () => {
    renderRoutes([page('/', <OpenChatButton status="processing" otherLogin="mira" />)], '/');
    expect(await screen.findByRole('link', { name: 'Open chat' })).toHaveAttribute('href', '/wchat/mira');
  });

  it('is not there before an acceptance nor after a refusal (no working chat exists)', async () => {
    for (const status of ['none', 'declined', 'canceled'] as const) {
      const { unmount } = renderRoutes(
        [
          page(
            '/',
            <>
              <p>order {status}</p>
              <OpenChatButton status={status} otherLogin="mira" />
            </>,
          ),
        ],
        '/',
      );
      await screen.findByText(`order ${status}`);
      expect(screen.queryByRole('link', { name: 'Open chat' })).toBeNull();
      unmount();
    }
  });
});
