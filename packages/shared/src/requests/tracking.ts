import type { TaskStatus } from '../orders/constants.ts';
import type { ApplicationStatus, TrackingState } from './constants.ts';

/**
 * The one mapping from an application and its commission task to a SPEC §3 tracking state
 * (decision 0018). Pending applications are not tracked yet (they are in the owner's pending
 * list): null. An approved application follows its task: waiting is "approved", processing and
 * finished (delivered, waiting for the commissioner) are "work in progress", done is "done", and
 * a task canceled or declined after approval counts as "declined". An approved application whose
 * task is gone (deleted) stays "approved".
 */
export function trackingStateOf(
  status: ApplicationStatus,
  taskStatus: TaskStatus | null,
): TrackingState | null {
  if (status === 'pending') return null;
  if (status === 'declined') return 'declined';
  switch (taskStatus) {
    case 'processing':
    case 'finished':
      return 'processing';
    case 'done':
      return 'done';
    case 'canceled':
    case 'declined':
      return 'declined';
    default:
      return 'approved';
  }
}

/** The words a tracking group is shown with (SPEC §2). */
export const TRACKING_STATE_TITLES: Record<TrackingState, string> = {
  approved: 'Approved',
  processing: 'Work in progress',
  done: 'Done',
  declined: 'Declined',
};

/** Answers allowed from an application's status: the owner may approve or decline a pending one only. */
export const APPLICATION_ANSWERS = ['confirm', 'reject'] as const;
export type ApplicationAnswer = (typeof APPLICATION_ANSWERS)[number];
export function answeredStatus(from: ApplicationStatus, answer: ApplicationAnswer): ApplicationStatus | null {
  if (from !== 'pending') return null;
  return answer === 'confirm' ? 'approved' : 'declined';
}
