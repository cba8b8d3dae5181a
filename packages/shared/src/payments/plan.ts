import type { PaymentStage } from './constants.ts';

/** How a card (and the copy each order keeps) is paid. Percentages are whole numbers. */
export type PaymentPlan =
  | { kind: 'full' }
  | { kind: 'deposit'; depositPercent: number }
  | { kind: 'milestones'; milestones: { name: string; percent: number; stage: PaymentStage }[] };

export const FULL_PLAN: PaymentPlan = { kind: 'full' };

/** One part of an order's price: what is due, when, and how much. */
export interface PlanPart {
  /** 0-based position in the plan. */
  index: number;
  name: string;
  stage: PaymentStage;
  percent: number;
  amountCents: number;
}

/** The plan's parts before amounts: names, stages, percentages. */
export function planShape(plan: PaymentPlan): Omit<PlanPart, 'index' | 'amountCents'>[] {
  switch (plan.kind) {
    case 'full':
      return [{ name: 'Payment', stage: 'acceptance', percent: 100 }];
    case 'deposit':
      return [
        { name: 'Deposit', stage: 'acceptance', percent: plan.depositPercent },
        { name: 'Remainder', stage: 'delivery', percent: 100 - plan.depositPercent },
      ];
    case 'milestones':
      return plan.milestones.map((m) => ({ name: m.name, stage: m.stage, percent: m.percent }));
  }
}

/**
 * The plan applied to a total in cents. Each part is its percentage of the total rounded down,
 * and the last part takes what rounding left, so the parts always add up to the total exactly.
 */
export function planParts(plan: PaymentPlan, totalCents: number): PlanPart[] {
  const shape = planShape(plan);
  let left = totalCents;
  return shape.map((p, index) => {
    const amountCents = index === shape.length - 1 ? left : Math.floor((totalCents * p.percent) / 100);
    left -= amountCents;
    return { ...p, index, amountCents };
  });
}

/** A stage comes in this order; an order that reached one has reached the ones before it. */
const STAGE_RANK: Readonly<Record<PaymentStage, number>> = { acceptance: 0, wip: 1, delivery: 2 };

/**
 * The parts up front: those due on acceptance. Starting work waits for these (unless the artist
 * chooses to start before payment).
 */
export function upFrontParts<T extends { stage: PaymentStage }>(parts: readonly T[]): T[] {
  return parts.filter((p) => p.stage === 'acceptance');
}

/** Whether a part whose stage is `stage` is due once the order has reached `reached`. */
export function stageReached(stage: PaymentStage, reached: PaymentStage | null): boolean {
  return reached !== null && STAGE_RANK[stage] <= STAGE_RANK[reached];
}

/** How a plan reads in one line, e.g. "50% deposit, the rest on delivery". */
export function planSummary(plan: PaymentPlan): string {
  switch (plan.kind) {
    case 'full':
      return 'Paid in full up front';
    case 'deposit':
      return `${plan.depositPercent}% deposit, the rest on delivery`;
    case 'milestones':
      return `${plan.milestones.length} milestones`;
  }
}
