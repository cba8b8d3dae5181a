import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { page, renderRoutes, stubFetch } from '../test/render.tsx';
import { DeferredTooltip, forgetTooltipCode } from './deferred-tooltip.tsx';

// Each test starts as if the tooltip code had never been fetched.
beforeEach(() => forgetTooltipCode());

// jsdom lays nothing out, so floating-ui deems every target off screen and hides the open
// tooltip with display: none; the queries look past that (`hidden: true`).
const view = () => {
  stubFetch({});
  return renderRoutes(
    [
      page(
        '/',
        <>
          <DeferredTooltip label="Takes commissions here" events={{ hover: true, focus: true, touch: false }}>
            <button type="button">Artist</button>
          </DeferredTooltip>
          <button type="button">Elsewhere</button>
        </>,
      ),
    ],
    '/',
  );
};

describe('DeferredTooltip', () => {
  it('shows nothing extra until reached, then opens for the pointer that reached it', async () => {
    const { user } = view();
    expect(screen.queryByRole('tooltip', { hidden: true })).not.toBeInTheDocument();
    await user.hover(screen.getByRole('button', { name: 'Artist' }));
    expect(await screen.findByRole('tooltip', { hidden: true })).toHaveTextContent('Takes commissions here');
  });

  it('keeps keyboard focus on its target when the tooltip takes over', async () => {
    const { user } = view();
    await user.tab();
    expect(await screen.findByRole('tooltip', { hidden: true })).toHaveTextContent('Takes commissions here');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Artist' })).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});
