import { describe, expect, it } from 'vitest';
import { RULED_MEDIA_PURPOSES, type MediaPurpose } from '@brushline/shared/media/constants';
import type { Deps } from '../../platform/deps.ts';
import type { Actor } from '../../platform/session.ts';
import { createMediaAccess, describeMediaAccess, type MediaPlacement } from './media.access.ts';

const ctx = {} as Pick<Deps, 'db'>;
const reader = { id: 'reader' } as Actor;
const row = (purpose: MediaPurpose, ownerId = 'owner') => ({ id: 'm1', ownerId, purpose });

/** A placement of `purpose` answering `answer`, recording that it was asked. */
function placement(purpose: MediaPlacement['purpose'], answer: boolean, asked: string[]): MediaPlacement {
  return {
    purpose,
    readers: `readers of ${purpose} ${String(answer)}`,
    mayRead: async (_ctx, _actor, mediaId) => {
      asked.push(`${purpose}:${String(answer)}:${mediaId}`);
      return answer;
    },
  };
}

describe('createMediaAccess', () => {
  it('refuses to start while a ruled purpose has no rule, naming it', () => {
    const some = RULED_MEDIA_PURPOSES.slice(1).map((p) => placement(p, false, []));
    expect(() => createMediaAccess(some)).toThrow(RULED_MEDIA_PURPOSES[0]!);
  });

  it('lets anyone read a public purpose and the uploader their own, asking no rule', async () => {
    const asked: string[] = [];
    const access = createMediaAccess(RULED_MEDIA_PURPOSES.map((p) => placement(p, false, asked)));
    expect(await access.mayRead(ctx, null, row('post'))).toBe(true);
    expect(await access.mayRead(ctx, null, row('avatar'))).toBe(true);
    expect(await access.mayRead(ctx, reader, row('reference', 'reader'))).toBe(true);
    expect(asked).toEqual([]);
  });

  it("asks only the rules of the upload's purpose, in order, until one lets the reader in", async () => {
    const asked: string[] = [];
    const access = createMediaAccess([
      ...RULED_MEDIA_PURPOSES.filter((p) => p !== 'reference').map((p) => placement(p, true, asked)),
      placement('reference', false, asked),
      placement('reference', true, asked),
      placement('reference', true, asked),
    ]);
    expect(await access.mayRead(ctx, reader, row('reference'))).toBe(true);
    expect(asked).toEqual(['reference:false:m1', 'reference:true:m1']);
  });

  it('refuses when no place lets the reader in (an upload placed nowhere yet)', async () => {
    const access = createMediaAccess(RULED_MEDIA_PURPOSES.map((p) => placement(p, false, [])));
    for (const purpose of RULED_MEDIA_PURPOSES) {
      expect(await access.mayRead(ctx, reader, row(purpose))).toBe(false);
      expect(await access.mayRead(ctx, null, row(purpose))).toBe(false);
    }
  });

  it('describes each ruled purpose by its places, for the API docs', () => {
    const text = describeMediaAccess([placement('chat', true, []), placement('chat', false, [])]);
    expect(text).toContain('chat: readers of chat true, or readers of chat false');
  });
});
