import { NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, USER_SEARCH_MAX, type AuditAction } from '@brushline/shared/moderation/constants';
import { FilteredList, useSettledSearch } from '../../../components/filtered-list.tsx';
import { auditParams, auditQuery, type AuditFilters } from '../api/admin-queries.ts';
import { auditActionLabels } from '../admin-text.ts';
import { AuditList } from '../components/audit-list.tsx';

const isAction = (v: string | null): v is AuditAction => AUDIT_ACTIONS.some((a) => a === v);

function filtersOf(params: URLSearchParams): AuditFilters {
  const action = params.get('action');
  return {
    actor: params.get('actor') || undefined,
    target: params.get('target') || undefined,
    action: isAction(action) ? action : undefined,
  };
}

/**
 * /admin/audit (admins): every staff action, newest first, 50 at a time. The filters (who acted,
 * on whom, what) live in the URL; the login fields wait for typing to stop.
 */
export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  // From the URL as it is when the change lands: the two login fields settle on their own timers.
  const set = (change: Partial<AuditFilters>) =>
    setParams((p) => auditParams({ ...filtersOf(p), ...change }), { replace: true });
  const [actor, setActor] = useSettledSearch(filters.actor ?? '', (v) => set({ actor: v || undefined }));
  const [target, setTarget] = useSettledSearch(filters.target ?? '', (v) => set({ target: v || undefined }));
  const list = useInfiniteQuery(auditQuery(filters));
  const entries = list.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <Stack>
      <Title order={2} fz="h3">
        Audit log
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="Staff member"
          description="Login of who acted"
          value={actor}
          maxLength={USER_SEARCH_MAX}
          onChange={(e) => setActor(e.currentTarget.value)}
        />
        <TextInput
          label="Account"
          description="Login of the account acted on"
          value={target}
          maxLength={USER_SEARCH_MAX}
          onChange={(e) => setTarget(e.currentTarget.value)}
        />
        <NativeSelect
          label="Action"
          description="What was done"
          data={[
            { value: '', label: 'Any action' },
            ...AUDIT_ACTIONS.map((a) => ({ value: a, label: auditActionLabels[a] })),
          ]}
          value={filters.action ?? ''}
          onChange={(e) => {
            const v = e.currentTarget.value;
            set({ action: isAction(v) ? v : undefined });
          }}
        />
      </SimpleGrid>
      <FilteredList
        list={list}
        noun="the audit log"
        isEmpty={entries.length === 0}
        filtered={Object.keys(auditParams(filters)).length > 0}
        empty="Staff have not acted yet: every suspension, ban, lift, warning, ended session, role and badge shows here."
        noMatch="No staff action matches these filters."
        onClear={() => {
          setActor('');
          setTarget('');
          setParams({}, { replace: true });
        }}
      >
        <AuditList entries={entries} label="Staff actions" />
      </FilteredList>
    </Stack>
  );
}
