import { isStaff } from '@brushline/shared/roles';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';

/** Staff routes answer 404 to everyone else (decision 0022): the admin area does not exist for them. */
export function requireStaff(actor: Actor | null): Actor {
  if (!actor || !isStaff(actor.roles)) throw notFound();
  return actor;
}

/** Roles, badges and the audit log are admins' (moderators get 404 as others do). */
export function requireAdmin(actor: Actor | null): Actor {
  if (!actor?.roles.includes('admin')) throw notFound();
  return actor;
}
