import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, renderRoutes } from '../test/render.tsx';
import { MAIN_ID, SkipLink } from './shell-layout.tsx';

describe('skip link', () => {
  it('"Skip to content" moves focus to the main region without touching the address', async () => {
    const { user } = renderRoutes(
      [
        page(
          '/feed',
          <>
            <SkipLink />
            <header>
              <button type="button">Header button</button>
            </header>
            <main id={MAIN_ID} tabIndex={-1}>
              <button type="button">In the page</button>
            </main>
          </>,
        ),
      ],
      '/feed',
    );
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'In the page' })).toHaveFocus();
    expect(window.location.hash).toBe('');
  });
});
