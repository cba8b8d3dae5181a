import { fromCents, toCents } from '@brushline/shared/cards/pricing';
import { requestMessages } from '@brushline/shared/requests/messages';
import { clampDeadline, normalizePriceRange } from '@brushline/shared/requests/pricing';
import type { Media } from '@brushline/shared/media/schemas';
import type { Request, RequestBody } from '@brushline/shared/requests/schemas';
import type { TagRef } from '@brushline/shared/tags/schemas';
import { toPerson } from '../users/users.dto.ts';
import { notFound } from '../../platform/errors.ts';
import type { RequestRow, RequestValues } from './requests.repo.ts';

export const requestNotFound = () => notFound(requestMessages.requestNotFound);

/** SPEC §3 Request as answers show it. */
export function toRequest(row: RequestRow, media: Media[], tags: TagRef[]): Request {
  return {
    id: row.id,
    guid: row.guid,
    title: row.title,
    description: row.description,
    typeOfWork: row.typeOfWork,
    additionalRequirements: row.additionalRequirements,
    preferences: row.preferences,
    priceMin: fromCents(row.priceMinCents),
    priceMax: fromCents(row.priceMaxCents),
    deadline: row.deadlineDays,
    attachedMedia: media,
    tags,
    privacy: row.privacy,
    owner: toPerson({
      id: row.ownerId,
      login: row.ownerLogin,
      displayName: row.ownerDisplayName,
      avatarId: row.ownerAvatarId,
    }),
    applications: row.applications,
    hiddenByStaff: row.hiddenReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** SPEC §5 as stored: prices clamped and pulled together (pricing.ts), deadline capped. */
export function toRequestValues(body: RequestBody): RequestValues {
  const range = normalizePriceRange({ min: body.priceMin, max: body.priceMax });
  return {
    title: body.title,
    description: body.description,
    typeOfWork: body.typeOfWork,
    additionalRequirements: body.additionalRequirements,
    preferences: body.preferences,
    priceMinCents: toCents(range.min),
    priceMaxCents: toCents(range.max),
    deadlineDays: clampDeadline(body.deadline),
    privacy: body.privacy,
  };
}
