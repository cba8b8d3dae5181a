import { Alert, Text } from '@mantine/core';
import { hiddenByStaffText } from '@brushline/shared/moderation/messages';

/**
 * What its owner reads on a post, a gallery image or a commission card that staff hid: why, and
 * that nobody else sees it. Nothing when it is not hidden. `compact` for a tile in a grid.
 */
export function StaffHiddenNotice({
  reason,
  what,
  compact = false,
}: {
  reason: string | null;
  what: 'post' | 'image' | 'card';
  compact?: boolean;
}) {
  if (reason === null) return null;
  if (compact) {
    return (
      <Alert color="orange" p={6}>
        <Text size="xs" fw={600}>
          Hidden by staff: only you and staff see it
        </Text>
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          {reason}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="orange" title={`Only you and staff can see this ${what}`}>
      {hiddenByStaffText(reason)}
    </Alert>
  );
}
