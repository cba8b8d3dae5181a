import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconExternalLink, IconArrowBackUp, IconHandGrab } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { hiddenByStaffText, reportMessages, reportTargetText } from '@brushline/shared/moderation/messages';
import type { CaseDetail, Report } from '@brushline/shared/moderation/schemas';
import { paths } from '@brushline/shared/paths';
import badge from '../../../components/readable-badge.module.css';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { adminKeys, caseQuery, useCaseAction } from '../api/admin-queries.ts';
import { hiddenNotice, sameContent, targetPath } from '../admin-text.ts';
import { CaseNotes } from '../components/case-notes.tsx';
import { CaseStatusBadge, ReasonBadge, ReasonBadges } from '../components/case-badges.tsx';
import { ContentFields } from '../components/content-fields.tsx';
import { EndCase } from '../components/end-case.tsx';
import { PersonLink } from '../components/person-link.tsx';

const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
const isOpen = (c: CaseDetail) => c.status === 'new' || c.status === 'investigating';

/** A moment as "2 hours ago", the full date and time on hover and for machines. */
function When({ at }: { at: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {relativeTime(at)}
    </time>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Box component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </div>
  );
}

/** Take an open case (investigating, assigned to me) or give it back to the queue (new). */
function AssignButton({ detail, meId }: { detail: CaseDetail; meId: string }) {
  const qc = useQueryClient();
  const assign = useCaseAction(detail.id, 'assign');
  const mine = detail.assignee?.id === meId;
  const send = () =>
    void assign.mutateAsync({ assignToMe: !mine }).catch((err: Error) => {
      toast.error(err.message);
      // Someone else may have ended it meanwhile: show the case as it is.
      void qc.invalidateQueries({ queryKey: adminKeys.case(detail.id) });
    });
  return mine ? (
    <Button
      variant="default"
      leftSection={<IconArrowBackUp size={16} aria-hidden />}
      loading={assign.isPending}
      onClick={send}
    >
      Give it back
    </Button>
  ) : (
    <Button leftSection={<IconHandGrab size={16} aria-hidden />} loading={assign.isPending} onClick={send}>
      Take this case
    </Button>
  );
}

/** The case in short: what, whose, how often and why it was reported, where it stands, who has it. */
function CaseHeader({ detail, meId }: { detail: CaseDetail; meId: string }) {
  const kind = reportTargetText[detail.targetKind];
  const where = detail.live ? targetPath(detail) : null;
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
            {detail.title}
          </Title>
          <Text size="sm" c="dimmed">
            Case #{detail.id} · {sentence(kind)}
          </Text>
        </div>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm" m={0}>
          <Fact term="Status">
            <CaseStatusBadge status={detail.status} />
          </Fact>
          <Fact term="Assigned to">
            {detail.assignee ? <PersonLink login={detail.assignee.login} /> : 'Nobody'}
          </Fact>
          <Fact term="Owner">
            {detail.targetOwner ? (
              <>
                <PersonLink login={detail.targetOwner.login} />
                <Text size="xs" c="dimmed">
                  Warn, suspend or ban on their page
                </Text>
              </>
            ) : (
              'None'
            )}
          </Fact>
          <Fact term="Reported">
            {detail.reports === 1 ? (
              <>
                Once, <When at={detail.createdAt} />
              </>
            ) : (
              <>
                {detail.reports} times: first <When at={detail.createdAt} />, last{' '}
                <When at={detail.lastReportAt} />
              </>
            )}
          </Fact>
        </SimpleGrid>
        <ReasonBadges reasons={detail.reasons} />
        {(where || isOpen(detail)) && (
          <Group gap="sm">
            {isOpen(detail) && <AssignButton detail={detail} meId={meId} />}
            {where && (
              <Anchor component={Link} to={where} size="sm">
                <Group gap={4} component="span" wrap="nowrap">
                  <IconExternalLink size={14} aria-hidden />
                  Open the {kind}
                </Group>
              </Anchor>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The content as it is now: its fields, staff's notice when hidden, or that it is gone. */
function LiveContent({ detail }: { detail: CaseDetail }) {
  const notice = hiddenNotice(detail.live);
  return (
    <Stack component="section" aria-labelledby="case-live" gap="sm">
      <Title order={3} fz="h4" id="case-live">
        What it says now
      </Title>
      <Card withBorder padding="sm">
        {detail.live ? (
          <Stack gap="sm">
            {(detail.hidden || notice) && (
              <Alert color="orange" p="xs" role="status">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {notice ? hiddenByStaffText(notice) : 'Hidden by staff.'}
                </Text>
                <Text size="sm">Only its owner and staff see it.</Text>
              </Alert>
            )}
            <ContentFields content={detail.live} />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            It no longer exists or is hidden from you.
          </Text>
        )}
      </Card>
    </Stack>
  );
}

function ReportItem({ report, live }: { report: Report; live: CaseDetail['live'] }) {
  const notice = hiddenNotice(report.snapshot);
  return (
    <Card component="li" withBorder padding="sm">
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <ReasonBadge reason={report.reason} />
          <Text size="sm" c="dimmed">
            by {report.reporter ? <PersonLink login={report.reporter.login} /> : 'a deleted account'}
            {' · '}
            <When at={report.at} />
          </Text>
        </Group>
        {report.comment ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            <Text span size="sm" c="dimmed">
              Comment:{' '}
            </Text>
            {report.comment}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No comment.
          </Text>
        )}
        <Box pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Group gap="xs" mb={6}>
            <Text size="xs" fw={600}>
              As reported
            </Text>
            {live && !sameContent(report.snapshot, live) && (
              <Badge size="sm" color="orange" variant="light" tt="none" className={badge.readable}>
                Changed since
              </Badge>
            )}
          </Group>
          {notice && (
            <Text size="sm" mb={6} style={{ overflowWrap: 'anywhere' }}>
              {hiddenByStaffText(notice)}
            </Text>
          )}
          <ContentFields content={report.snapshot} />
        </Box>
      </Stack>
    </Card>
  );
}

/** Each report, newest first: why, by whom, when, the comment, and the content as it was then. */
function ReportedContent({ detail }: { detail: CaseDetail }) {
  return (
    <Stack component="section" aria-labelledby="case-reports" gap="sm">
      <Title order={3} fz="h4" id="case-reports">
        What was reported
      </Title>
      <Stack
        component="ul"
        aria-label="Reports"
        gap="sm"
        style={{ listStyle: 'none', margin: 0, padding: 0 }}
      >
        {detail.reportList.map((r) => (
          <ReportItem key={r.id} report={r} live={detail.live} />
        ))}
      </Stack>
    </Stack>
  );
}

/** An ended case: how it ended, who ended it and the resolution its reporters read. */
function CaseOutcome({ detail, focus }: { detail: CaseDetail; focus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Just ended here: the form and its dialog are gone, so the outcome takes the focus.
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const kind = reportTargetText[detail.targetKind];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="case-outcome">
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={3} fz="h4" id="case-outcome" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
            How it ended
          </Title>
          <CaseStatusBadge status={detail.status} />
        </Group>
        <Text size="sm">
          {detail.status === 'resolved' ? 'Resolved' : 'Dismissed: no action was taken'}
          {detail.assignee && (
            <>
              {' '}
              by <PersonLink login={detail.assignee.login} />
            </>
          )}
          .{detail.hidden ? ` The ${kind} is hidden from everyone but its owner and staff.` : ''}
        </Text>
        <Text size="sm" fw={500}>
          Resolution, as the reporters read it:
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {detail.resolution ?? 'None was recorded.'}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * /admin/reports/{id}: one case for staff. Who has it (take it or give it back), the content as it
 * is now beside each report with the content as it was then, the staff's notes, and the end of the
 * case (or, once ended, how it ended).
 */
export function CasePage() {
  const { id = '' } = useParams();
  const valid = /^\d{1,9}$/.test(id);
  const caseId = Number(id);
  const { user: me } = useSession();
  const query = useQuery({ ...caseQuery(caseId), enabled: valid });
  const detail = query.data;
  const [endedHere, setEndedHere] = useState(false);
  usePageTitle(detail ? `Case #${detail.id} · Admin` : undefined);
  const back = (
    <Anchor component={Link} to={paths.adminReports} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        All reports
      </Group>
    </Anchor>
  );

  const missing = !valid || (query.error instanceof ApiError && query.error.status === 404);
  if (missing)
    return (
      <Stack align="flex-start">
        {back}
        <Alert color="gray" title="Not found" role="status">
          {reportMessages.caseNotFound}
        </Alert>
      </Stack>
    );
  if (query.isPending) return <LoadingState label="Loading the case" />;
  if (query.isError)
    return (
      <Stack align="flex-start">
        {back}
        <ErrorState title="Couldn't load the case" message={query.error.message} onRetry={query.refetch} />
      </Stack>
    );
  if (!me || !detail) return null;

  return (
    <Stack gap="lg">
      <Group>{back}</Group>
      <CaseHeader detail={detail} meId={me.id} />
      {!isOpen(detail) && <CaseOutcome detail={detail} focus={endedHere} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <LiveContent detail={detail} />
        <ReportedContent detail={detail} />
      </SimpleGrid>
      <CaseNotes detail={detail} />
      {isOpen(detail) && <EndCase detail={detail} onEnded={() => setEndedHere(true)} />}
    </Stack>
  );
}
