import { Box, Stack, Text } from '@mantine/core';
import type { AuditEntry } from '@brushline/shared/moderation/schemas';
import { formatDateTime } from '../../../lib/format-date.ts';
import { auditActionText } from '../admin-text.ts';
import { PersonLink } from './person-link.tsx';

const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

/** One staff action: what was done (and to whom), who did it and when, and why. */
function AuditItem({ entry, showTarget }: { entry: AuditEntry; showTarget: boolean }) {
  return (
    <Box component="li" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {sentence(auditActionText(entry))}
        {showTarget && entry.target && (
          <>
            {' · '}
            <PersonLink login={entry.target.login} />
          </>
        )}
      </Text>
      <Text size="sm" c="dimmed">
        by {entry.actor ? <PersonLink login={entry.actor.login} /> : 'the server or the command line'}
        {' · '}
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </Text>
      {entry.reason && (
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          <Text span c="dimmed" size="sm">
            {entry.action === 'warn' ? 'Warning: ' : 'Reason: '}
          </Text>
          {entry.reason}
        </Text>
      )}
    </Box>
  );
}

/**
 * Staff actions, newest first, as a list named `label`. `showTarget` names the account acted on
 * (the audit log); an account's own page leaves it out.
 */
export function AuditList({
  entries,
  label,
  showTarget = true,
}: {
  entries: AuditEntry[];
  label: string;
  showTarget?: boolean;
}) {
  return (
    <Stack component="ul" aria-label={label} gap={0} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {entries.map((e) => (
        <AuditItem key={e.id} entry={e} showTarget={showTarget} />
      ))}
    </Stack>
  );
}
