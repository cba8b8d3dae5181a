import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { ExportState } from '@brushline/shared/account/schemas';
import type { AuditAction, CaseStatus } from '@brushline/shared/moderation/constants';
import type {
  AdminUserDetail,
  AdminUserPage,
  AuditPage,
  BadgeBody,
  CaseAssignBody,
  CaseCloseBody,
  CaseDetail,
  CaseNoteBody,
  CasePage,
  ReasonBody,
  RoleBody,
  SuspendBody,
  WarnBody,
} from '@brushline/shared/moderation/schemas';
import type { JobsReport, ReadinessReport } from '@brushline/shared/ops/schemas';
import { api } from '../../../lib/api-client.ts';

/** Filters of /admin/audit as they stand in the URL (only what is set). */
export interface AuditFilters {
  /** Login of the staff member who acted. */
  actor?: string;
  /** Login of the account acted on. */
  target?: string;
  action?: AuditAction;
}

/** The one key factory of the admin area; every staff action refreshes `adminKeys.all` lists. */
export const adminKeys = {
  all: ['admin'] as const,
  userPages: () => [...adminKeys.all, 'users'] as const,
  users: (q: string, page: number) => [...adminKeys.userPages(), q, page] as const,
  /** Logins are case-insensitive: /admin/users/Ann and /admin/users/ann are one account. */
  user: (login: string) => [...adminKeys.all, 'user', login.toLowerCase()] as const,
  /** Every account's page (a case's end writes to its owner's latest staff actions). */
  userDetails: () => [...adminKeys.all, 'user'] as const,
  audits: () => [...adminKeys.all, 'audit'] as const,
  audit: (f: AuditFilters) => [...adminKeys.audits(), f] as const,
  casePages: () => [...adminKeys.all, 'cases'] as const,
  cases: (status: CaseFilter, page: number) => [...adminKeys.casePages(), status, page] as const,
  case: (id: number) => [...adminKeys.all, 'case', id] as const,
};

/** The query string of GET admin/users: `q` only when something is searched, `page` from 2 on. */
export function userSearchParams(q: string, page: number): Record<string, string> {
  return { ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) };
}

/** GET admin/users?q=&page=: accounts whose login or e-mail contains q, newest first, 25 a page. */
export const adminUsersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.users(q, page),
    queryFn: () => api<AdminUserPage>('admin/users', { query: userSearchParams(q, page) }),
    // The table stays (busy) while the next page or search answers, instead of a spinner.
    placeholderData: keepPreviousData,
  });

/** GET admin/user/{login}: the account with its sessions and the latest staff actions on it. */
export const adminUserQuery = (login: string) =>
  queryOptions({
    queryKey: adminKeys.user(login),
    queryFn: () => api<AdminUserDetail>(`admin/user/${encodeURIComponent(login)}`),
  });

/** The query string of the audit filters (only what is set); the URL and the API share it. */
export function auditParams(f: AuditFilters): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.actor) q.actor = f.actor;
  if (f.target) q.target = f.target;
  if (f.action) q.action = f.action;
  return q;
}

/** GET admin/audit (admins): 50 entries a page, newest first; `before` is the last id shown. */
export const auditQuery = (f: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit(f),
    queryFn: ({ pageParam }) =>
      api<AuditPage>('admin/audit', {
        query: { ...auditParams(f), ...(pageParam === null ? {} : { before: String(pageParam) }) },
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.hasMore ? last.entries.at(-1)?.id : undefined),
  });

/** What each staff action on an account sends (POST admin/user/{login}/{action}). */
export interface ActionBodies {
  suspend: SuspendBody;
  ban: ReasonBody;
  lift: ReasonBody;
  warn: WarnBody;
  'end-sessions': undefined;
  role: RoleBody;
  badge: BadgeBody;
}
export type UserAction = keyof ActionBodies;

/** Every staff action answers what it did, in words, and the account as it is now. */
export interface ActionAnswer {
  message: string;
  user: AdminUserDetail;
}

/**
 * One staff action on the account `login` (the login its page was opened with). The page shows
 * the account the server answers at once; the lists and the audit log are read again.
 */
export function useUserAction<A extends UserAction>(login: string, action: A) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ActionBodies[A]) =>
      api<ActionAnswer>(`admin/user/${encodeURIComponent(login)}/${action}`, { method: 'POST', body }),
    onSuccess: ({ user }) => {
      qc.setQueryData(adminKeys.user(login), user);
      void qc.invalidateQueries({ queryKey: adminKeys.userPages() });
      void qc.invalidateQueries({ queryKey: adminKeys.audits() });
    },
  });
}

/** The report queue's filter: `open` (new and investigating, the API's default) or one status. */
export type CaseFilter = CaseStatus | 'open';

/** The query string of GET admin/cases (and of /admin/reports): `status` unless open, `page` from 2 on. */
export function caseListParams(status: CaseFilter, page: number): Record<string, string> {
  return { ...(status !== 'open' ? { status } : {}), ...(page > 1 ? { page: String(page) } : {}) };
}

/** GET admin/cases?status=&page=: cases of the filter, the most recently reported first, 25 a page. */
export const casesQuery = (status: CaseFilter, page: number) =>
  queryOptions({
    queryKey: adminKeys.cases(status, page),
    queryFn: () => api<CasePage>('admin/cases', { query: caseListParams(status, page) }),
    placeholderData: keepPreviousData,
  });

/** GET admin/case/{id}: the case with its reports (each with what it reported), the target now, notes. */
export const caseQuery = (id: number) =>
  queryOptions({
    queryKey: adminKeys.case(id),
    queryFn: () => api<CaseDetail>(`admin/case/${id}`),
  });

/** What each call on a case sends (POST admin/case/{id}/{action}) and what it answers. */
interface CaseCalls {
  assign: { body: CaseAssignBody; answer: CaseDetail };
  note: { body: CaseNoteBody; answer: CaseDetail };
  close: { body: CaseCloseBody; answer: { message: string; case: CaseDetail } };
}
export type CaseAction = keyof CaseCalls;
export type CaseAnswer<A extends CaseAction> = CaseCalls[A]['answer'];

const caseOf = (answer: CaseDetail | { case: CaseDetail }) => ('case' in answer ? answer.case : answer);

/**
 * One call on case `id`: take or give back, a note, or its end. The page shows the case the server
 * answers at once; the queue is read again, and after an end the audit log and the owner's page.
 */
export function useCaseAction<A extends CaseAction>(id: number, action: A) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseCalls[A]['body']) =>
      api<CaseAnswer<A>>(`admin/case/${id}/${action}`, { method: 'POST', body }),
    onSuccess: (answer) => {
      qc.setQueryData(adminKeys.case(id), caseOf(answer));
      void qc.invalidateQueries({ queryKey: adminKeys.casePages() });
      if (action === 'close') {
        void qc.invalidateQueries({ queryKey: adminKeys.audits() });
        void qc.invalidateQueries({ queryKey: adminKeys.userDetails() });
      }
    },
  });
}

/** GET admin/user/{login}/export: the account's latest data export (decision 0024). */
export const userExportQuery = (login: string) =>
  queryOptions({
    queryKey: [...adminKeys.user(login), 'export'] as const,
    queryFn: async () =>
      (await api<{ export: ExportState }>(`admin/user/${encodeURIComponent(login)}/export`)).export,
  });

/**
 * POST admin/user/{login}/export or /delete, on the person's request, with the reason for the audit
 * log. A deletion renames the account, so the lists and the audit log are read again.
 */
export function useDataAction(login: string, action: 'export' | 'delete') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReasonBody) =>
      api<{ message: string; export?: ExportState }>(`admin/user/${encodeURIComponent(login)}/${action}`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: adminKeys.user(login) });
      void qc.invalidateQueries({ queryKey: adminKeys.userPages() });
      void qc.invalidateQueries({ queryKey: adminKeys.audits() });
    },
  });
}

/** How often the System page asks again while it is open. */
export const SYSTEM_REFRESH_MS = 10_000;

/**
 * /admin/system: the job queues and e-mail outbox (staff), and the answering instance's readiness
 * (GET /api/ready answers its report with 200 or 503 alike).
 */
export const systemQuery = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'system'] as const,
    queryFn: async () => {
      const [jobs, ready] = await Promise.all([
        api<JobsReport>('admin/jobs'),
        fetch('/api/ready', { credentials: 'same-origin' }).then(async (res) => {
          if (res.status !== 200 && res.status !== 503) throw new Error(`readiness answered ${res.status}`);
          return (await res.json()) as ReadinessReport;
        }),
      ]);
      return { jobs, ready, at: new Date() };
    },
    refetchInterval: SYSTEM_REFRESH_MS,
  });
