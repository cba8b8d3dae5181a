import {
  REQUEST_DEADLINE_DEFAULT_DAYS,
  type RequestPrivacy,
  type TypeOfWork,
} from '@brushline/shared/requests/constants';
import { clampDeadline, normalizePriceRange, type PriceBound } from '@brushline/shared/requests/pricing';
import type { Request, RequestBodyInput } from '@brushline/shared/requests/schemas';

/** The request form's values; numbers are '' while a field is empty. */
export interface RequestDraft {
  title: string;
  description: string;
  /** Null until the person chooses: no type is chosen for them. */
  typeOfWork: TypeOfWork | null;
  additionalRequirements: string;
  preferences: string;
  priceMin: number | '';
  priceMax: number | '';
  deadline: number | '';
  tags: string[];
  privacy: RequestPrivacy;
}

export const emptyDraft = (): RequestDraft => ({
  title: '',
  description: '',
  typeOfWork: null,
  additionalRequirements: '',
  preferences: '',
  priceMin: 0,
  priceMax: 0,
  deadline: REQUEST_DEADLINE_DEFAULT_DAYS,
  tags: [],
  privacy: 'public',
});

export const draftOf = (r: Request): RequestDraft => ({
  title: r.title,
  description: r.description,
  typeOfWork: r.typeOfWork,
  additionalRequirements: r.additionalRequirements,
  preferences: r.preferences,
  priceMin: r.priceMin,
  priceMax: r.priceMax,
  deadline: r.deadline,
  tags: r.tags.map((t) => t.title),
  privacy: r.privacy,
});

/**
 * The price range the draft stands for, by SPEC §5 (packages/shared normalizePriceRange): the
 * bound being typed stops at the other one. The form shows it under the fields while the person
 * types and writes it into them when they leave a price field.
 */
export function priceRangeOf(d: Pick<RequestDraft, 'priceMin' | 'priceMax'>, edited: PriceBound) {
  return normalizePriceRange({ min: Number(d.priceMin || 0), max: Number(d.priceMax || 0) }, edited);
}

/** The API body of a draft: its type of work is left out until chosen (the schema then refuses it). */
export type RequestDraftBody = Omit<RequestBodyInput, 'typeOfWork'> & { typeOfWork?: TypeOfWork };

/** The API body for the draft and its uploaded attachments. */
export function bodyOf(d: RequestDraft, attachedMedia: string[]): RequestDraftBody {
  const { min, max } = priceRangeOf(d, 'max');
  return {
    title: d.title,
    description: d.description,
    // Left out until chosen, so the shared schema says what to do.
    typeOfWork: d.typeOfWork ?? undefined,
    additionalRequirements: d.additionalRequirements,
    preferences: d.preferences,
    priceMin: min,
    priceMax: max,
    deadline: clampDeadline(d.deadline === '' ? REQUEST_DEADLINE_DEFAULT_DAYS : d.deadline),
    attachedMedia,
    tags: d.tags,
    privacy: d.privacy,
  };
}
