import { Badge } from '@mantine/core';
import type { ApplicationStatus } from '@brushline/shared/requests/constants';
import badge from '../../../components/readable-badge.module.css';
import { APPLICATION_STATUS_COLORS, APPLICATION_STATUS_LABELS } from '../request-text.ts';

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <Badge variant="light" color={APPLICATION_STATUS_COLORS[status]} tt="none" className={badge.readable}>
      {APPLICATION_STATUS_LABELS[status]}
    </Badge>
  );
}
