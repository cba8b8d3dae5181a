import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageTitle } from '../lib/page-title.ts';
import { page, renderRoutes } from '../test/render.tsx';
import { UserAvatar } from './user-avatar.tsx';

function TitledPage({ title }: { title?: string }) {
  usePageTitle(title);
  return <p>page</p>;
}

describe('accessibility basics', () => {
  it('names an avatar "<name>\'s avatar", and leaves it out when the name is written beside it', async () => {
    renderRoutes(
      [
        page(
          '/',
          <>
            <UserAvatar name="Ann Lee" src="/media/ann.webp" />
            <UserAvatar name="Bob" />
            <span data-testid="beside">
              <UserAvatar name="Cat" src="/media/cat.webp" decorative /> Cat
            </span>
          </>,
        ),
      ],
      '/',
    );
    // A picture that stands for the person: named (initials stand in until it loads).
    expect(await screen.findByRole('img', { name: "Ann Lee's avatar" })).toBeInTheDocument();
    // Initials only: the avatar itself is the image, with the same name.
    expect(screen.getByRole('img', { name: "Bob's avatar" })).toBeInTheDocument();
    // Beside the name: empty alt and hidden, so the name is read once.
    expect(screen.queryByRole('img', { name: /Cat/ })).toBeNull();
    const hidden = screen.getByTestId('beside').querySelector('[aria-hidden="true"]');
    expect(hidden).not.toBeNull();
  });

  it('a page sets the document title as "<title> · Brushline"', async () => {
    renderRoutes([page('/post/1', <TitledPage title="Post by Ann" />)], '/post/1');
    await waitFor(() => expect(document.title).toBe('Post by Ann · Brushline'));
  });
});
