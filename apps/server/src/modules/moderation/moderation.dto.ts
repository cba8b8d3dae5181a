import type { AdminUser, AuditEntry } from '@brushline/shared/moderation/schemas';
import { badgesFor } from '@brushline/shared/roles';
import { restrictionOf, toPerson } from '../users/users.dto.ts';
import type { AuditRow, StaffUserRow } from './moderation.repo.ts';
import { iso } from '../../platform/dates.ts';

/** An account as the admin area lists it. */
export function toAdminUser(row: StaffUserRow): AdminUser {
  return {
    id: row.id,
    login: row.login,
    displayName: row.displayName,
    email: row.email,
    roles: row.roles,
    badges: badgesFor(row.roles, row),
    createdAt: iso(row.createdAt),
    restriction: restrictionOf(row),
    sessions: Number(row.sessions),
    deletedAt: row.deletedAt ? iso(row.deletedAt) : null,
  };
}

/** A person an entry names, or null when the account is gone (its login only in the record). */
export const personOf = (
  id: string | null,
  login: string | null,
  name: string | null,
  avatarId: string | null,
) => (id && login ? toPerson({ id, login, displayName: name ?? login, avatarId }) : null);

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: iso(row.at),
    actor: personOf(row.actorId, row.actorLogin, row.actorName, row.actorAvatarId),
    action: row.action,
    target: personOf(row.targetId, row.targetLogin, row.targetName, row.targetAvatarId),
    reason: row.reason,
    detail: row.detail,
  };
}
