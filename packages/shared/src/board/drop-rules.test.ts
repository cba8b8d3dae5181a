import { describe, expect, it } from 'vitest';
import { BOARD_SYSTEM_COLUMNS, BOARD_TASK_STATUSES, type BoardSystemColumn } from './constants.ts';
import { dropOutcome, fitsColumn, systemColumnOf } from './drop-rules.ts';
import { boardMessages } from './messages.ts';

const targets: (BoardSystemColumn | null)[] = [...BOARD_SYSTEM_COLUMNS, null];

describe('board drop rules', () => {
  it('every board status has exactly one system column, and it fits there', () => {
    for (const s of BOARD_TASK_STATUSES) {
      const col = systemColumnOf(s);
      expect(col).not.toBeNull();
      expect(fitsColumn(s, col)).toBe(true);
    }
  });

  // The whole table: status (rows) × target column (accepted, inProgress, awaitingApproval, done, own).
  const table: Record<string, string[]> = {
    waiting: ['place', 'start', 'refused', 'refused', 'start'],
    processing: ['refused', 'place', 'deliver', 'refused', 'place'],
    finished: ['refused', 'refused', 'place', 'refused', 'refused'],
    done: ['refused', 'refused', 'refused', 'place', 'refused'],
  };
  for (const [status, row] of Object.entries(table)) {
    it(`a ${status} commission: ${row.join(', ')}`, () => {
      const got = targets.map((t) => {
        const o = dropOutcome(status as never, t);
        return o.kind === 'move' ? o.action : o.kind;
      });
      expect(got).toEqual(row);
    });
  }

  it('says why a drop is refused', () => {
    expect(dropOutcome('processing', 'done')).toEqual({
      kind: 'refused',
      why: boardMessages.onlyApprovalMovesToDone,
    });
    expect(dropOutcome('waiting', 'awaitingApproval')).toEqual({
      kind: 'refused',
      why: boardMessages.startBeforeDelivering,
    });
    expect(dropOutcome('processing', 'accepted')).toEqual({
      kind: 'refused',
      why: boardMessages.noGoingBack,
    });
  });

  it('personal tasks go anywhere', () => {
    for (const t of targets) expect(dropOutcome(null, t)).toEqual({ kind: 'place' });
  });
});
