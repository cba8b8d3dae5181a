import { Badge, Group } from '@mantine/core';
import type { CaseStatus, ReportReason } from '@brushline/shared/moderation/constants';
import { reportReasonText } from '@brushline/shared/moderation/messages';
import badge from '../../../components/readable-badge.module.css';
import { caseStatusLabels } from '../admin-text.ts';

const statusColors: Record<CaseStatus, string> = {
  new: 'blue',
  investigating: 'orange',
  resolved: 'teal',
  dismissed: 'gray',
};

/** A case's status: New, Investigating, Resolved, Dismissed. */
export function CaseStatusBadge({ status }: { status: CaseStatus }) {
  return (
    <Badge
      color={statusColors[status]}
      variant="light"
      tt="none"
      className={badge.readable}
      // Whole in a narrow table column, never cut to "Inves…".
      styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      {caseStatusLabels[status]}
    </Badge>
  );
}

/** A report's reason in words, as a badge ("Stolen art"). */
export function ReasonBadge({ reason }: { reason: ReportReason }) {
  return (
    <Badge
      color={reason === 'illegal' ? 'red' : 'grape'}
      variant="light"
      tt="none"
      className={badge.readable}
      // A long reason wraps in a narrow cell instead of being cut.
      styles={{
        root: { height: 'auto', paddingBlock: 2 },
        label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
      }}
    >
      {reportReasonText[reason]}
    </Badge>
  );
}

/** The reasons a case was reported for, one badge each. */
export function ReasonBadges({ reasons }: { reasons: ReportReason[] }) {
  return (
    <Group gap={4}>
      {reasons.map((r) => (
        <ReasonBadge key={r} reason={r} />
      ))}
    </Group>
  );
}
