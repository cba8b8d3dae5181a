import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

/** The title of a start refused because the up-front payment is not confirmed. */
export const PAYMENT_FIRST_TITLE = 'Not started: the payment comes first';

/** Whether a failed start was refused for the up-front payment (409 payment_required). */
export const isPaymentRequired = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.code === 'payment_required';

/**
 * Says why a start failed: for a missing up-front payment the server's own message (confirm the
 * payment or choose "Start before payment") under a title that says nothing started, longer on
 * screen; otherwise `fallback` (each place's own wording).
 */
export function toastStartFailure(err: Error, fallback: string = err.message): void {
  if (isPaymentRequired(err)) toast.error(err.message, PAYMENT_FIRST_TITLE);
  else toast.error(fallback);
}
