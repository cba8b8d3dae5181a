import { AUTO_APPROVE_REMINDER_DAYS } from '@brushline/shared/payments/constants';

/**
 * The timers of an order (decision 0021): jobs on the queue, each naming the moment
 * it was made for (the delivery's time, the due date), so a job that outlived its moment (the
 * buyer answered, the artist delivered again, the due date moved) sees it and does nothing.
 */
export type OrderTimer =
  /** Approve the delivery made at `deliveredAt` if still unanswered. */
  | { kind: 'autoApprove'; formId: number; deliveredAt: string }
  /** Remind the buyer, `daysBefore` days before the automatic approval of that delivery. */
  | { kind: 'approvalReminder'; formId: number; deliveredAt: string; daysBefore: number }
  /** Remind the artist a day before the due date `dueAt`, if nothing is delivered by then. */
  | { kind: 'dueReminder'; formId: number; dueAt: string };

export const ORDER_TIMERS_QUEUE = 'order-timers';

export const DAY_MS = 86_400_000;

/** The artist is reminded this many days before the due date. */
export const DUE_REMINDER_DAYS = 1;

/** One waiting job per timer and moment: a second send of the same timer does nothing. */
export function timerKey(timer: OrderTimer): string {
  switch (timer.kind) {
    case 'autoApprove':
      return `autoApprove:${timer.formId}:${timer.deliveredAt}`;
    case 'approvalReminder':
      return `approvalReminder:${timer.formId}:${timer.deliveredAt}:${timer.daysBefore}`;
    case 'dueReminder':
      return `dueReminder:${timer.formId}:${timer.dueAt}`;
  }
}

/** The timers a delivery starts, with when each is due: the reminders, then the approval. */
export function deliveryTimers(
  formId: number,
  deliveredAt: Date,
  autoApproveDays: number,
): { timer: OrderTimer; at: Date }[] {
  const approveAt = deliveredAt.getTime() + autoApproveDays * DAY_MS;
  const iso = deliveredAt.toISOString();
  return [
    // A reminder as early as the delivery itself (a 7-day one with a shorter approval time) is left out.
    ...AUTO_APPROVE_REMINDER_DAYS.filter((days) => days < autoApproveDays).map((daysBefore) => ({
      timer: { kind: 'approvalReminder' as const, formId, deliveredAt: iso, daysBefore },
      at: new Date(approveAt - daysBefore * DAY_MS),
    })),
    { timer: { kind: 'autoApprove', formId, deliveredAt: iso }, at: new Date(approveAt) },
  ];
}

/** The artist's reminder before `dueAt`; null when that moment has already passed at `now`. */
export function dueReminder(formId: number, dueAt: Date, now: Date): { timer: OrderTimer; at: Date } | null {
  const at = new Date(dueAt.getTime() - DUE_REMINDER_DAYS * DAY_MS);
  if (at <= now) return null;
  return { timer: { kind: 'dueReminder', formId, dueAt: dueAt.toISOString() }, at };
}

/** A reminder is sent only inside its window: at most `daysBefore` days, and still some time, before `at`. */
export const inReminderWindow = (at: Date, daysBefore: number, now: Date) =>
  at.getTime() > now.getTime() && at.getTime() - now.getTime() <= daysBefore * DAY_MS;

/** "1 day", "7 days". */
export const daysText = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** A date as both sides read it in a notification (the extension's notice writes it the same way). */
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);
