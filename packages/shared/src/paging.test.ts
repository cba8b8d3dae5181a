import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cursorPageSchema, onlyPageOrCursor, pagingQueryShape, PG_INT_MAX, rowIdSchema } from './paging.ts';

const query = z.object(pagingQueryShape('Must be a thing id')).refine(...onlyPageOrCursor);
const firstMessage = (r: { error?: z.ZodError }) => r.error?.issues[0]?.message;

describe('paging schemas', () => {
  it('reads page or cursor from a query string, or neither', () => {
    expect(query.parse({ page: '2' })).toEqual({ page: 2 });
    expect(query.parse({ cursor: '15' })).toEqual({ cursor: 15 });
    expect(query.parse({})).toEqual({});
  });

  it('refuses both at once, naming the cursor', () => {
    const issue = query.safeParse({ page: '1', cursor: '3' }).error?.issues[0];
    expect(issue).toMatchObject({ message: 'Use either page or cursor, not both', path: ['cursor'] });
  });

  it('refuses pages and ids that cannot exist with their own message', () => {
    expect(firstMessage(query.safeParse({ page: '0' }))).toBe('Page must be a whole number from 1');
    expect(firstMessage(query.safeParse({ page: '1.5' }))).toBe('Page must be a whole number from 1');
    expect(firstMessage(query.safeParse({ cursor: 'abc' }))).toBe('Must be a thing id');
    expect(firstMessage(rowIdSchema('Must be a thing id').safeParse(String(PG_INT_MAX + 1)))).toBe(
      'Must be a thing id',
    );
    expect(rowIdSchema('x').parse(String(PG_INT_MAX))).toBe(PG_INT_MAX);
  });

  it('reads ids strictly: only plain decimal digits', () => {
    const id = rowIdSchema('Must be a thing id');
    expect(id.parse('16')).toBe(16);
    for (const bad of ['0x10', ' 1', '1 ', '+1', '-1', '01', '1e3', '1.0', '0', '', '١٢']) {
      expect(firstMessage(id.safeParse(bad)), JSON.stringify(bad)).toBe('Must be a thing id');
    }
  });

  it.each(['0x10', ' 1', '1 ', '1e3', '01', '1.0', '-1', '+1', '0', '', '１', '9'.repeat(40)])(
    'refuses the id %j: one spelling per id',
    (raw) => {
      expect(firstMessage(rowIdSchema('Must be a thing id').safeParse(raw))).toBe('Must be a thing id');
      expect(firstMessage(query.safeParse({ page: raw }))).toBe('Page must be a whole number from 1');
    },
  );

  it('reads canonical ids as numbers', () => {
    expect(rowIdSchema('x').parse('1')).toBe(1);
    expect(rowIdSchema('x').parse('16')).toBe(16);
    expect(rowIdSchema('x').parse('1000')).toBe(1000);
  });

  it('shapes a page of items with the next cursor', () => {
    const page = cursorPageSchema(z.object({ id: z.number() }));
    expect(page.parse({ items: [{ id: 1 }], nextCursor: null })).toEqual({
      items: [{ id: 1 }],
      nextCursor: null,
    });
    expect(page.safeParse({ items: [{ id: 'a' }], nextCursor: 1 }).success).toBe(false);
  });
});
