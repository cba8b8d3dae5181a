import type { Person } from '@brushline/shared/users/schemas';
import type { Tag, TagFull, TagHistoryEntry, TagRef } from '@brushline/shared/tags/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { toPerson } from '../users/users.dto.ts';
import {
  childrenOf,
  contributersOf,
  findPerson,
  findTagsByIds,
  historyOf,
  idsWithParents,
  parentsOf,
  synonymsOf,
  type HistoryRow,
  type TagRow,
} from './tags.repo.ts';
import { TAG_HISTORY_SHOWN } from '@brushline/shared/tags/constants';

export const toTagRef = (row: Pick<TagRow, 'id' | 'title' | 'tagType' | 'maturity'>): TagRef => ({
  id: row.id,
  title: row.title,
  tagType: row.tagType,
  maturity: row.maturity,
});

const toHistoryEntry = (row: HistoryRow): TagHistoryEntry => ({
  id: row.id,
  version: row.version,
  kind: row.kind,
  at: row.at.toISOString(),
  actor:
    row.actorId && row.actorLogin && row.actorDisplayName !== null
      ? toPerson({
          id: row.actorId,
          login: row.actorLogin,
          displayName: row.actorDisplayName,
          avatarId: row.actorAvatarId,
        })
      : null,
  changes: row.changes,
});

/** Tags as the table and lookups show them: synonyms, canonical and root flag in three queries. */
export async function presentTags(db: DbOrTx, rows: TagRow[]): Promise<Tag[]> {
  const ids = rows.map((r) => r.id);
  const canonicalIds = rows.flatMap((r) => (r.canonicalId ? [r.canonicalId] : []));
  const [synonyms, canonicals, withParents] = await Promise.all([
    synonymsOf(db, ids),
    findTagsByIds(db, canonicalIds),
    idsWithParents(db, ids),
  ]);
  const canonicalById = new Map(canonicals.map((c) => [c.id, c]));
  return rows.map((r) => {
    const canonical = r.canonicalId ? canonicalById.get(r.canonicalId) : undefined;
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      maturity: r.maturity,
      tagType: r.tagType,
      createdAt: r.createdAt.toISOString(),
      isRoot: !withParents.has(r.id),
      usageCount: r.usageCount,
      version: r.version,
      synonyms: synonyms.filter((s) => s.canonicalId === r.id).map(toTagRef),
      synonymOf: canonical ? toTagRef(canonical) : null,
    };
  });
}

/** One tag with its parents, children, creator, contributers and history. */
export async function presentTagFull(db: DbOrTx, row: TagRow): Promise<TagFull> {
  const [[tag], parents, children, creator, contributers, history] = await Promise.all([
    presentTags(db, [row]),
    parentsOf(db, row.id),
    childrenOf(db, row.id),
    findPerson(db, row.creatorId),
    contributersOf(db, row.id),
    historyOf(db, row.id, TAG_HISTORY_SHOWN),
  ]);
  return {
    ...tag!,
    parentTags: parents.map(toTagRef),
    childTags: children.map(toTagRef),
    creator: creator ? toPerson(creator) : null,
    contributers: contributers.map((c): Person => toPerson(c)),
    history: history.map(toHistoryEntry),
  };
}
