import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Board } from '@brushline/shared/board/schemas';
import { tooManyRequestsMessage } from '@brushline/shared/messages';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { commissionTask, COLUMN_IDS, makeBoard } from '../test/board-fixtures.ts';
import { BoardView } from './board-view.tsx';

/**
 * jsdom lays nothing out, and dnd-kit's keyboard moves go by where things are: columns are put
 * side by side (300 px apart) and each column's cards one under the other.
 */
const realRect = HTMLElement.prototype.getBoundingClientRect;
function rect(x: number, y: number, width: number, height: number): DOMRect {
  return { x, y, left: x, top: y, width, height, right: x + width, bottom: y + height, toJSON: () => ({}) };
}
beforeEach(() => {
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    // The drag overlay is placed (fixed) where the card was, then moved by a transform.
    const fixed = [this, this.parentElement].find((e) => e?.style.position === 'fixed');
    if (fixed) {
      const move = /translate3d\((-?[\d.]+)px, (-?[\d.]+)px/.exec(fixed.style.transform);
      const [dx, dy] = move ? [Number(move[1]), Number(move[2])] : [0, 0];
      return rect(
        parseFloat(fixed.style.left) + dx,
        parseFloat(fixed.style.top) + dy,
        parseFloat(fixed.style.width),
        parseFloat(fixed.style.height),
      );
    }
    const columns = [...document.querySelectorAll('[role="region"]')];
    const region = this.closest('[role="region"]');
    const ci = region ? columns.indexOf(region) : -1;
    if (this.getAttribute('role') === 'region') return rect(ci * 300, 0, 280, 600);
    if (region && this.getAttribute('aria-roledescription') === 'sortable' && this.tagName !== 'BUTTON') {
      const cards = [...region.querySelectorAll('div[aria-roledescription="sortable"]')];
      return rect(ci * 300 + 10, 60 + cards.indexOf(this) * 80, 260, 70);
    }
    return rect(0, 0, 0, 0);
  };
});
afterEach(() => {
  HTMLElement.prototype.getBoundingClientRect = realRect;
});

const liveRegion = () => document.querySelector('[id^="DndLiveRegion"]');

function renderBoard(board: Board, saveAnswer?: { status: number; body: unknown }) {
  const calls = stubFetch({
    'GET /api/sessioncheck': () => ({ status: 401, body: { error: { code: 'unauthorized', message: 'x' } } }),
    'GET /api/board': () => ({ status: 200, body: board }),
    'PATCH /api/board/update': (body) =>
      saveAnswer ?? {
        status: 200,
        body: {
          ...board,
          version: board.version + 1,
          tasks: (body as Board).tasks.map((t) => ({
            ...board.tasks.find((x) => x.id === t.id)!,
            columnId: t.columnId,
          })),
        },
      },
  });
  renderRoutes(
    [
      page(
        '/',
        <BoardView board={board} onOpenTask={() => {}} onAddTask={() => {}} onOpenColumn={() => {}} />,
      ),
    ],
    '/',
  );
  return calls;
}

describe('dragging with the keyboard', () => {
  it('Space picks a task up, an arrow moves it to the next column, Space drops it and the board is saved; each step is announced', async () => {
    const board = makeBoard([commissionTask(1, COLUMN_IDS.inProgress, 'processing')]);
    const calls = renderBoard(board);
    const card = await screen.findByRole('button', { name: /^Full body portrait, commission #201/ });
    card.focus();
    fireEvent.keyDown(card, { code: 'Space', key: ' ' });
    await waitFor(() =>
      expect(liveRegion()).toHaveTextContent('Picked up Full body portrait in In progress, position 1 of 1'),
    );
    fireEvent.keyDown(card, { code: 'ArrowRight', key: 'ArrowRight' });
    await waitFor(() =>
      expect(liveRegion()).toHaveTextContent('Full body portrait moved to Colour, position 1 of 1'),
    );
    fireEvent.keyDown(document.activeElement ?? card, { code: 'Space', key: ' ' });
    await waitFor(() =>
      expect(liveRegion()).toHaveTextContent('Full body portrait dropped in Colour, position 1 of 1'),
    );
    await waitFor(() => expect(calls.filter((c) => c.key === 'PATCH /api/board/update')).toHaveLength(1));
    const save = calls.find((c) => c.key === 'PATCH /api/board/update')!.body as {
      version: number;
      tasks: unknown[];
    };
    expect(save).toMatchObject({ version: 3, tasks: [{ id: 1, columnId: COLUMN_IDS.colour }] });
  });

  it('a drop the status machine refuses snaps back, says why, and saves nothing', async () => {
    const board = makeBoard([commissionTask(2, COLUMN_IDS.awaitingApproval, 'finished', 'Fox')]);
    const calls = renderBoard(board);
    const card = await screen.findByRole('button', { name: /^Fox, commission #202/ });
    card.focus();
    fireEvent.keyDown(card, { code: 'Space', key: ' ' });
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Picked up Fox in Awaiting approval'));
    fireEvent.keyDown(card, { code: 'ArrowRight', key: 'ArrowRight' });
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Fox moved to Done, position 1 of 1'));
    fireEvent.keyDown(document.activeElement ?? card, { code: 'Space', key: ' ' });
    await waitFor(() =>
      expect(liveRegion()).toHaveTextContent(
        "Couln't move. Only the buyer’s approval moves a commission to Done. Fox went back to where it was",
      ),
    );
    expect(
      await screen.findByText("Couln't move. Only the buyer’s approval moves a commission to Done"),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Awaiting approval' })).toContainElement(
      screen.getByRole('button', { name: /^Fox, commission #202/ }),
    );
    expect(calls.some((c) => c.key === 'PATCH /api/board/update')).toBe(false);
  });

  it('a save refused for too many saves in a short time snaps back and says how long to wait', async () => {
    const board = makeBoard([commissionTask(1, COLUMN_IDS.inProgress, 'processing')]);
    const message = tooManyRequestsMessage(42);
    const calls = renderBoard(board, { status: 429, body: { error: { code: 'rate_limited', message } } });
    const card = await screen.findByRole('button', { name: /^Full body portrait, commission #201/ });
    card.focus();
    fireEvent.keyDown(card, { code: 'Space', key: ' ' });
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Picked up Full body portrait'));
    fireEvent.keyDown(card, { code: 'ArrowRight', key: 'ArrowRight' });
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Full body portrait moved to Colour'));
    fireEvent.keyDown(document.activeElement ?? card, { code: 'Space', key: ' ' });
    expect(await screen.findByText(`Board was not updated. ${message}`)).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'PATCH /api/board/update')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'In progress' })).toContainElement(
        screen.getByRole('button', { name: /^Full body portrait, commission #201/ }),
      ),
    );
  });
});
