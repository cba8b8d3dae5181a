import type { ErrorCode } from '@brushline/shared/error-codes';
import { messages } from '@brushline/shared/messages';
import { tagMessages } from '@brushline/shared/tags/messages';
import type { TagChange } from '@brushline/shared/tags/schemas';
import { AppError } from '../../platform/errors.ts';

/** 400 naming the rule that was broken; `field` is the body field to mark in the form. */
export const tagRuleError = (code: ErrorCode, message: string, field?: string) =>
  new AppError(400, code, message, {}, field ? { [field]: message } : undefined);

export const tagExists = () =>
  new AppError(409, 'tag_exists', messages.tagExists, {}, { title: messages.tagExists });

export const tagMissing = () => new AppError(404, 'not_found', tagMessages.tagMissing);

export const staffOnly = () => new AppError(403, 'staff_only', tagMessages.staffOnly);

/** A unique-index violation (two saves of one title at once): answered as the rule it is. */
export const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

type Value = string | string[] | null;

const same = (a: Value, b: Value) => JSON.stringify(a) === JSON.stringify(b);

/** The history changes between two states of the same fields (lists compared sorted). */
export function diff(before: Record<string, Value>, after: Record<string, Value>): TagChange[] {
  const norm = (v: Value): Value => (Array.isArray(v) ? [...v].sort() : v);
  return Object.keys(after)
    .filter((field) => !same(norm(before[field] ?? null), norm(after[field] ?? null)))
    .map((field) => ({
      field: field as TagChange['field'],
      before: norm(before[field] ?? null),
      after: norm(after[field] ?? null),
    }));
}
