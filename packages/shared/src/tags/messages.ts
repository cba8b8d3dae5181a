import {
  TAG_DESCRIPTION_MAX,
  TAG_PARENTS_MAX,
  TAG_QUERY_MAX,
  TAG_SYNONYMS_MAX,
  TAG_TITLE_MAX,
} from './constants.ts';

/**
 * Messages of the tag wiki that SPEC §8 does not word, one per rule, saying which rule and what to
 * do. The SPEC's own (Tag already exists, Tag created!, …) stay in ../messages.ts.
 */
export const tagMessages = {
  titleRequired: 'A tag needs a title',
  titleTooLong: `A tag title is at most ${TAG_TITLE_MAX} characters (spaces count as one "_")`,
  titleCharacters:
    "A tag title starts with a letter or a digit and uses only letters, digits, spaces and _ - ' . ( ) ! ? + & :",
  descriptionCharacters: 'The description cannot contain text-direction control characters',
  descriptionTooLong: `The description is at most ${TAG_DESCRIPTION_MAX} characters`,
  tooManySynonyms: `A tag can have up to ${TAG_SYNONYMS_MAX} synonyms`,
  tooManyParents: `A tag can have up to ${TAG_PARENTS_MAX} parent tags`,
  queryTooLong: `Search for at most ${TAG_QUERY_MAX} characters`,
  versionRequired:
    'Send the tag\'s current version with the update: read "version" from GET /api/tag/get/byIdFull/{id} and send it back unchanged, so an edit someone saved meanwhile is not overwritten',
  tagMissing: 'This tag does not exist',
  parentMissing: (title: string) => `There is no tag “${title}” to use as a parent. Create it first`,
  tagUnknown: (title: string) =>
    `There is no tag “${title}”. Pick one from the list or create it in the wiki`,
  tagChanged: 'A tag changed while saving. Please try again',
  mergeTargetMissing: (title: string) => `There is no tag “${title}” to merge into`,
  synonymOfItself: 'A tag cannot be a synonym of itself',
  synonymTwice: (title: string) => `“${title}” is listed twice`,
  synonymHasCanonical: (title: string, canonical: string) =>
    `“${title}” is already a synonym of “${canonical}”; a tag is a synonym of at most one tag`,
  synonymIsCanonical: (title: string) =>
    `“${title}” has synonyms of its own; a tag that has synonyms cannot become a synonym (no chains)`,
  synonymCannotHaveSynonyms: (canonical: string) =>
    `This tag is a synonym of “${canonical}”, so it cannot have synonyms itself (no chains). Add them to “${canonical}”`,
  synonymCannotHaveParents: (canonical: string) =>
    `This tag is a synonym of “${canonical}”; synonyms carry no parents. Give “${canonical}” the parents`,
  synonymInUse: (title: string) =>
    `“${title}” is a tag in use (it has usages, parents or children). Staff can merge it into this tag`,
  parentIsItself: 'A tag cannot be its own parent',
  parentIsSynonym: (title: string) => `“${title}” is a synonym of this tag, so it cannot be its parent`,
  cycle: (path: string[]) => `These parents would make a cycle: ${path.join(' → ')}`,
  mergeIntoItself: 'A tag cannot be merged into itself',
  tagDeleted: 'Tag deleted',
  tagMerged: 'Tags merged',
  alreadyMerged: (title: string, into: string) =>
    `“${title}” is already merged into “${into}”: someone merged it before you, nothing changed`,
  staffOnly: 'Only staff (admins and moderators) can delete or merge tags',
  conflict:
    'Someone saved this tag after you opened it. Look at what changed, then save again or drop your edit',
} as const;
