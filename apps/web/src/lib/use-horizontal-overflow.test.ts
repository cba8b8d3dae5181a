import { describe, expect, it } from 'vitest';
import { measureOverflow, OVERFLOW_ITEM, scrollTarget } from './use-horizontal-overflow.ts';

/** A row 600 px wide scrolled `scrollLeft` px, holding 264 px items 12 px apart (the board at 1280 px). */
function row(labels: string[], scrollLeft: number) {
  const box = document.createElement('div');
  const rect = (left: number, width: number) => () =>
    ({ left, right: left + width, width, top: 0, bottom: 10, height: 10 }) as DOMRect;
  box.getBoundingClientRect = rect(0, 600);
  labels.forEach((label, i) => {
    const item = document.createElement('section');
    item.setAttribute(OVERFLOW_ITEM, label);
    item.getBoundingClientRect = rect(i * 276 - scrollLeft, 264);
    box.append(item);
  });
  const scrollWidth = labels.length * 276 - 12;
  Object.defineProperties(box, {
    scrollLeft: { value: scrollLeft },
    scrollWidth: { value: scrollWidth },
    clientWidth: { value: 600 },
  });
  return box;
}

describe('measureOverflow', () => {
  const columns = ['Accepted', 'In progress', 'Sketch', 'Colour', 'Awaiting approval', 'Done'];

  it('names the items mostly past either edge, in order', () => {
    // 0–600 shows Accepted and In progress whole, and Sketch (552–816) by 48 px only.
    expect(measureOverflow(row(columns, 0))).toEqual({
      before: [],
      after: ['Sketch', 'Colour', 'Awaiting approval', 'Done'],
      canScrollBack: false,
      canScrollOn: true,
    });
    // 600–1200: Sketch is 216 px in (more than half), Colour whole, Awaiting approval 24 px.
    expect(measureOverflow(row(columns, 600))).toMatchObject({
      before: ['Accepted', 'In progress'],
      after: ['Awaiting approval', 'Done'],
      canScrollBack: true,
      canScrollOn: true,
    });
  });

  it('says nothing is hidden when everything fits, and nothing is left at the end', () => {
    expect(measureOverflow(row(['Tracker', 'Requests'], 0))).toEqual({
      before: [],
      after: [],
      canScrollBack: false,
      canScrollOn: false,
    });
    const end = 6 * 276 - 12 - 600;
    expect(measureOverflow(row(columns, end))).toMatchObject({ after: [], canScrollOn: false });
  });
});

describe('scrollTarget', () => {
  it('moves a screenful less 64 px, and all the way when less than a quarter screen would be left', () => {
    // The board at 1280 px: 600 px shown of 1644.
    expect(scrollTarget(0, 600, 1644, 1)).toBe(536);
    expect(scrollTarget(536, 600, 1644, 1)).toBe(1044);
    expect(scrollTarget(1044, 600, 1644, -1)).toBe(508);
    // The seven CRM tabs on a phone: 358 px shown of 685; from the end one press reaches the first.
    expect(scrollTarget(327, 358, 685, -1)).toBe(0);
    expect(scrollTarget(0, 358, 685, 1)).toBe(327);
  });
});
