import { ActionIcon, Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { IconFlag } from '@tabler/icons-react';
import type { ReportTarget } from '@brushline/shared/moderation/constants';
import { reportTargetText } from '@brushline/shared/moderation/messages';

const ReportDialog = lazy(async () => ({ default: (await import('./report-dialog.tsx')).ReportDialog }));

/**
 * "Report" on anything people post (decision 0022): a flag button that opens a dialog asking why
 * (one of the reasons) and, optionally, what is wrong. Show it to signed-in people who do not own
 * the thing. The reporter is told when staff end the case; the owner never learns who reported.
 */
export function ReportButton({
  targetKind,
  targetId,
  variant = 'icon',
}: {
  targetKind: ReportTarget;
  targetId: string;
  variant?: 'icon' | 'button';
}) {
  const [opened, setOpened] = useState(false);
  const label = `Report this ${reportTargetText[targetKind]}`;
  return (
    <>
      {variant === 'icon' ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={label}
          title={label}
          onClick={() => setOpened(true)}
        >
          <IconFlag size={18} aria-hidden />
        </ActionIcon>
      ) : (
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconFlag size={16} aria-hidden />}
          onClick={() => setOpened(true)}
        >
          Report
        </Button>
      )}
      {opened && (
        <Suspense fallback={null}>
          <ReportDialog targetKind={targetKind} targetId={targetId} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
