import { Stack, Text } from '@mantine/core';
import { displayTagTitle } from '@brushline/shared/tags/normalize';
import type { TagChange, TagHistoryEntry } from '@brushline/shared/tags/schemas';
import { TAG_HISTORY_VALUE_CUT } from '@brushline/shared/tags/constants';
import { cutText } from '@brushline/shared/text';
import { formatDateTime } from '../../../lib/format-date.ts';

const fieldNames: Record<TagChange['field'], string> = {
  title: 'Title',
  description: 'Description',
  maturity: 'Maturity',
  tagType: 'Type',
  synonyms: 'Synonyms',
  parentTags: 'Parents',
  synonymOf: 'Synonym of',
  deleted: 'Deleted',
};

const kindWords: Record<TagHistoryEntry['kind'], string> = {
  create: 'created',
  update: 'edited',
  merge: 'merged',
  delete: 'deleted',
};

function shown(value: TagChange['before'], field: TagChange['field']): string {
  if (value === null || (Array.isArray(value) && value.length === 0)) return 'nothing';
  if (Array.isArray(value)) return value.map(displayTagTitle).join(', ');
  if (field === 'title' || field === 'synonymOf') return displayTagTitle(value);
  if (field === 'deleted') return formatDateTime(value);
  return cutText(value, TAG_HISTORY_VALUE_CUT);
}

/** One change as "Field: before → after". */
export function ChangeLine({ change }: { change: TagChange }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {fieldNames[change.field]}:
      </Text>{' '}
      <Text span c="dimmed" td="line-through">
        {shown(change.before, change.field)}
      </Text>{' '}
      <span aria-label="became">→</span> {shown(change.after, change.field)}
    </Text>
  );
}

/** History entries, newest first: who, when, which fields, before → after. */
export function TagHistory({ entries }: { entries: TagHistoryEntry[] }) {
  if (entries.length === 0) return <Text c="dimmed">No changes yet.</Text>;
  return (
    <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {entries.map((e) => (
        <li key={e.id}>
          <Text size="sm" c="dimmed">
            Version {e.version} · {kindWords[e.kind]} by {e.actor ? e.actor.displayName : 'a removed account'}{' '}
            on {formatDateTime(e.at)}
          </Text>
          {e.changes.map((c) => (
            <ChangeLine key={c.field} change={c} />
          ))}
        </li>
      ))}
    </Stack>
  );
}
