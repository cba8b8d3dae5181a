import { describe, expect, it } from 'vitest';
import { planParts, planShape, stageReached, upFrontParts, type PaymentPlan } from './plan.ts';
import { paymentPlanSchema } from './schemas.ts';
import { paymentStateOf } from './state.ts';

const plans: PaymentPlan[] = [
  { kind: 'full' },
  { kind: 'deposit', depositPercent: 33 },
  {
    kind: 'milestones',
    milestones: [
      { name: 'Sketch', percent: 33, stage: 'acceptance' },
      { name: 'Lines', percent: 33, stage: 'wip' },
      { name: 'Final', percent: 34, stage: 'delivery' },
    ],
  },
];

describe('planParts', () => {
  it('splits any total into whole cents that add up to it exactly, none negative', () => {
    for (const plan of plans) {
      for (const total of [0, 1, 2, 99, 100, 101, 3333, 10_000, 99_999_99, 12_345_67]) {
        const parts = planParts(plan, total);
        expect(parts.reduce((s, p) => s + p.amountCents, 0)).toBe(total);
        for (const p of parts) {
          expect(Number.isInteger(p.amountCents)).toBe(true);
          expect(p.amountCents).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it('rounds each part down and gives the rest to the last', () => {
    expect(planParts({ kind: 'deposit', depositPercent: 33 }, 1000).map((p) => p.amountCents)).toEqual([
      330, 670,
    ]);
    expect(planParts(plans[2]!, 100_01).map((p) => p.amountCents)).toEqual([3300, 3300, 3401]);
  });

  it('names a deposit plan’s parts and their stages', () => {
    expect(planShape({ kind: 'deposit', depositPercent: 40 })).toEqual([
      { name: 'Deposit', stage: 'acceptance', percent: 40 },
      { name: 'Remainder', stage: 'delivery', percent: 60 },
    ]);
    expect(upFrontParts(planParts(plans[2]!, 300)).map((p) => p.name)).toEqual(['Sketch']);
  });

  it('reaches stages in order', () => {
    expect(stageReached('acceptance', 'wip')).toBe(true);
    expect(stageReached('delivery', 'wip')).toBe(false);
    expect(stageReached('acceptance', null)).toBe(false);
  });
});

describe('paymentPlanSchema', () => {
  it('refuses milestones that do not add up to 100, too many or too few, and deposits of 0 or 100', () => {
    const m = (percents: number[]) => ({
      kind: 'milestones',
      milestones: percents.map((percent, i) => ({ name: `M${i}`, percent, stage: 'wip' })),
    });
    expect(paymentPlanSchema.safeParse(m([50, 50])).success).toBe(true);
    expect(paymentPlanSchema.safeParse(m([50, 49])).success).toBe(false);
    expect(paymentPlanSchema.safeParse(m([100])).success).toBe(false);
    expect(paymentPlanSchema.safeParse(m([20, 20, 20, 20, 10, 10])).success).toBe(false);
    expect(paymentPlanSchema.safeParse({ kind: 'deposit', depositPercent: 0 }).success).toBe(false);
    expect(paymentPlanSchema.safeParse({ kind: 'deposit', depositPercent: 100 }).success).toBe(false);
    expect(paymentPlanSchema.safeParse({ kind: 'deposit', depositPercent: 12.5 }).success).toBe(false);
  });
});

describe('paymentStateOf', () => {
  it('reads a refund owed first, then a refund made, then how much of the total is paid', () => {
    const f = { totalCents: 100, paidCents: 0, refundOwedCents: 0, refundedCents: 0 };
    expect(paymentStateOf(f)).toBe('unpaid');
    expect(paymentStateOf({ ...f, paidCents: 40 })).toBe('partPaid');
    expect(paymentStateOf({ ...f, paidCents: 100 })).toBe('paid');
    expect(paymentStateOf({ ...f, refundOwedCents: 40 })).toBe('refundOwed');
    expect(paymentStateOf({ ...f, refundedCents: 40 })).toBe('refunded');
  });
});
