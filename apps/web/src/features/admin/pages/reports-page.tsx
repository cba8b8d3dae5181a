import { Anchor, Box, Group, Pagination, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CASE_STATUSES, CASES_PAGE_SIZE } from '@brushline/shared/moderation/constants';
import { reportTargetText } from '@brushline/shared/moderation/messages';
import type { CaseSummary } from '@brushline/shared/moderation/schemas';
import { toPath } from '@brushline/shared/paths';
import { OverflowFrame } from '../../../components/overflow-frame.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { useHorizontalOverflow } from '../../../lib/use-horizontal-overflow.ts';
import { caseListParams, casesQuery, type CaseFilter } from '../api/admin-queries.ts';
import { caseCountText, caseFilterLabels, noCaseText } from '../admin-text.ts';
import { CaseStatusBadge, ReasonBadges } from '../components/case-badges.tsx';
import { PersonLink } from '../components/person-link.tsx';

const FILTERS: CaseFilter[] = ['open', ...CASE_STATUSES];
const isFilter = (v: string | null): v is CaseFilter => FILTERS.some((f) => f === v);

function CaseRow({ item }: { item: CaseSummary }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor
          component={Link}
          to={toPath('adminReport', { id: item.id })}
          fw={500}
          style={{ overflowWrap: 'anywhere' }}
        >
          {item.title}
        </Anchor>
        <Text size="xs" c="dimmed">
          Case #{item.id}
        </Text>
      </Table.Td>
      <Table.Td>
        <CaseStatusBadge status={item.status} />
      </Table.Td>
      <Table.Td>
        <ReasonBadges reasons={item.reasons} />
      </Table.Td>
      <Table.Td ta="right">{item.reports}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={item.lastReportAt} title={formatDateTime(item.lastReportAt)}>
          {relativeTime(item.lastReportAt)}
        </time>
      </Table.Td>
      <Table.Td>{item.assignee ? <PersonLink login={item.assignee.login} /> : 'Nobody'}</Table.Td>
      <Table.Td>{item.targetOwner ? <PersonLink login={item.targetOwner.login} /> : 'None'}</Table.Td>
      <Table.Td>{reportTargetText[item.targetKind]}</Table.Td>
    </Table.Tr>
  );
}

/**
 * A table wider than a phone: it scrolls sideways in a named region the keyboard can reach. What
 * staff sort by comes first (status, reasons, how often, how lately), so a phone shows it unscrolled.
 */
function CasesTable({ cases, busy }: { cases: CaseSummary[]; busy: boolean }) {
  const viewport = useRef<HTMLDivElement>(null);
  const overflow = useHorizontalOverflow(viewport);
  return (
    <OverflowFrame overflow={overflow}>
      <Box ref={viewport} role="region" aria-label="Cases" tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table striped highlightOnHover aria-busy={busy} verticalSpacing="xs" miw={900}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th miw={240}>Case</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th miw={190}>Reasons</Table.Th>
              <Table.Th ta="right">Reports</Table.Th>
              <Table.Th>Last report</Table.Th>
              <Table.Th>Assignee</Table.Th>
              <Table.Th>Owner</Table.Th>
              <Table.Th>Kind</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cases.map((c) => (
              <CaseRow key={c.id} item={c} />
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </OverflowFrame>
  );
}

/**
 * /admin/reports: the report queue. Reports of one target make one case; the cases of the chosen
 * status (`status` in the URL; none is open: new and investigating), the most recently reported
 * first, 25 a page (`page`).
 */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: CaseFilter = isFilter(asked) ? asked : 'open';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  // Five statuses side by side are wider than a phone at the usual size.
  const phone = useMediaQuery('(max-width: 36em)');
  const query = useQuery(casesQuery(status, page));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / CASES_PAGE_SIZE)) : 1;
  // Another status starts at page 1.
  const setStatus = (value: string) =>
    isFilter(value) && setParams(caseListParams(value, 1), { replace: true });
  const goTo = (n: number) => setParams(caseListParams(status, n));

  return (
    <Stack>
      <Title order={2} fz="h3">
        Reports
      </Title>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="case-status-filter">
          Status
        </Text>
        <SegmentedControl
          aria-labelledby="case-status-filter"
          value={status}
          onChange={setStatus}
          size={phone ? 'xs' : 'sm'}
          fullWidth={phone}
          style={{ alignSelf: phone ? 'stretch' : 'flex-start' }}
          data={FILTERS.map((f) => ({ value: f, label: caseFilterLabels[f] }))}
        />
      </Stack>
      {query.isError ? (
        <ErrorState title="Couldn't load the reports" message={query.error.message} onRetry={query.refetch} />
      ) : !data ? (
        <LoadingState label="Loading the reports" />
      ) : data.cases.length === 0 ? (
        <Text role="status" py="lg" ta="center" c="dimmed">
          {noCaseText[status]}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {caseCountText(data.total, status)}
            {pages > 1 ? ` · page ${Math.min(page, pages)} of ${pages}` : ''}
          </Text>
          <CasesTable cases={data.cases} busy={query.isFetching} />
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={goTo}
                withEdges
                aria-label="Pages of cases"
                getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
                getControlProps={(control) => ({
                  'aria-label': {
                    first: 'First page',
                    previous: 'Previous page',
                    next: 'Next page',
                    last: 'Last page',
                  }[control],
                })}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
