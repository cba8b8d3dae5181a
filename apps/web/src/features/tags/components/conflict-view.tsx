import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { tagMessages } from '@brushline/shared/tags/messages';
import type { TagFull } from '@brushline/shared/tags/schemas';
import { formatDateTime } from '../../../lib/format-date.ts';
import { ChangeLine } from './tag-history.tsx';

/**
 * A stale edit (409): what others saved since `baseVersion`, and the two ways on. Nothing of the
 * reader's edit is lost until they choose.
 */
export function ConflictView({
  latest,
  baseVersion,
  onKeepMine,
  onTakeTheirs,
  saving,
}: {
  latest: TagFull;
  baseVersion: number;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  saving: boolean;
}) {
  const meanwhile = latest.history.filter((e) => e.version > baseVersion);
  return (
    <Alert color="orange" title="This tag changed while you were editing" role="alert">
      <Stack gap="sm">
        <Text size="sm">{tagMessages.conflict}</Text>
        {meanwhile.map((e) => (
          <Stack key={e.id} gap={2}>
            <Text size="sm" c="dimmed">
              Version {e.version}, {e.actor ? e.actor.displayName : 'a removed account'},{' '}
              {formatDateTime(e.at)}:
            </Text>
            {e.changes.map((c) => (
              <ChangeLine key={c.field} change={c} />
            ))}
          </Stack>
        ))}
        <Group gap="xs">
          <Button onClick={onKeepMine} loading={saving}>
            Save my edit over theirs
          </Button>
          <Button variant="default" onClick={onTakeTheirs} disabled={saving}>
            Drop my edit, load theirs
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
