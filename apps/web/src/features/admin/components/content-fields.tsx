import { Box, Stack, Text } from '@mantine/core';
import { contentFields } from '../admin-text.ts';

/**
 * Reported content (a report's snapshot, or the target as it is now) as a list of its fields: a
 * label over each value, long text kept whole and wrapped anywhere on a phone.
 */
export function ContentFields({ content }: { content: Record<string, unknown> }) {
  const fields = contentFields(content);
  if (fields.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing was recorded.
      </Text>
    );
  return (
    <Stack component="dl" gap={6} m={0}>
      {fields.map((f) => (
        <div key={f.key}>
          <Text component="dt" size="xs" c="dimmed" fw={500}>
            {f.label}
          </Text>
          <Box component="dd" m={0} fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {f.value}
          </Box>
        </div>
      ))}
    </Stack>
  );
}
