import { formatUsd } from '@brushline/shared/cards/pricing';
import type { ApplicationStatus, TypeOfWork } from '@brushline/shared/requests/constants';

/** A request's budget as a reader sees it: "$50 – $200", "$100", or none stated (0..0). */
export function budgetText(min: number, max: number): string {
  if (max === 0) return 'Budget not stated';
  if (min === max) return formatUsd(max);
  return `${formatUsd(min)} – ${formatUsd(max)}`;
}

/** "1 day", "30 days". */
export const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** "no applications", "1 application", "4 applications". */
export const applicationsText = (n: number) =>
  n === 0 ? 'no applications' : n === 1 ? '1 application' : `${n} applications`;

/** "no references", "1 reference", "3 references". */
export const referencesText = (n: number) =>
  n === 0 ? 'no references' : n === 1 ? '1 reference' : `${n} references`;

/** A type of work as a label: "Reference sheet". */
export const typeOfWorkLabel = (t: TypeOfWork) => t[0]!.toUpperCase() + t.slice(1);

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  pending: 'Waiting for an answer',
  approved: 'Approved',
  declined: 'Declined',
};

export const APPLICATION_STATUS_COLORS: Record<ApplicationStatus, string> = {
  pending: 'yellow',
  approved: 'teal',
  declined: 'red',
};
