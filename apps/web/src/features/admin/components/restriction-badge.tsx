import { Badge } from '@mantine/core';
import type { Restriction } from '@brushline/shared/moderation/schemas';
import badge from '../../../components/readable-badge.module.css';
import { restrictionText } from '../admin-text.ts';

/** "Suspended until 4 December 2026" or "Banned"; nothing for an account in good standing. */
export function RestrictionBadge({ restriction }: { restriction: Restriction }) {
  if (!restriction) return null;
  return (
    <Badge
      color={restriction.kind === 'banned' ? 'red' : 'orange'}
      variant="light"
      tt="none"
      className={badge.readable}
      // A badge keeps to one line and cuts what does not fit: the end date must show whole, so
      // it wraps in a narrow cell instead.
      styles={{
        root: { height: 'auto', paddingBlock: 2 },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
      }}
    >
      {restrictionText(restriction)}
    </Badge>
  );
}
