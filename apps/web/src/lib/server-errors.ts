import { ApiError } from './api-client.ts';

/**
 * Puts a failed call's message where the user looks: on the field the server named, else on
 * `fallbackField`, else answers it for an alert.
 */
export function applyServerError(
  err: unknown,
  setFieldError: (field: string, message: string) => void,
  fallbackField?: string,
): string | null {
  if (!(err instanceof ApiError)) return 'Something went wrong. Please try again';
  const fields = Object.entries(err.fields).filter(([k]) => k !== '_');
  if (fields.length > 0) {
    for (const [field, message] of fields) setFieldError(field, message);
    return null;
  }
  if (fallbackField) {
    setFieldError(fallbackField, err.message);
    return null;
  }
  return err.message;
}
