import type {
  AdminUser,
  AdminUserDetail,
  AuditEntry,
  CaseDetail,
  CaseSummary,
} from '@brushline/shared/moderation/schemas';
import type { Role } from '@brushline/shared/roles';
import type { Me } from '@brushline/shared/users/schemas';

/** Test data shaped like the admin API's answers (packages/shared/src/moderation/schemas.ts). */
export const ADMIN_ID = '6f1c1f9e-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const ANN_ID = '6f1c1f9e-1111-4111-8111-111111111111';

/** The signed-in staff member (or not staff, with no roles) as GET /api/sessioncheck answers. */
export function me(roles: Role[], patch: Partial<Me> = {}): Me {
  return {
    id: ADMIN_ID,
    displayName: 'Mia',
    displayLogin: 'mia',
    loginName: 'mia',
    email: 'mia@example.test',
    roles,
    badges: roles.length > 0 ? ['staff'] : [],
    isOnline: true,
    connectedSocials: [],
    userProfileStore: { profilePicture: null, bannerPicture: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}

export const signedIn = (who: Me | null) => ({
  'GET /api/sessioncheck': () => ({ status: 200, body: who }),
});

export function adminUser(patch: Partial<AdminUser> = {}): AdminUser {
  return {
    id: ANN_ID,
    login: 'ann',
    displayName: 'Ann',
    email: 'ann@example.test',
    roles: ['artist'],
    badges: ['artist'],
    createdAt: '2026-03-04T10:00:00.000Z',
    restriction: null,
    sessions: 2,
    deletedAt: null,
    ...patch,
  };
}

const person = (login: string, displayName: string, id: string) => ({
  id,
  login,
  displayName,
  avatarMiniatureUrl: null,
});
export const mia = person('mia', 'Mia', ADMIN_ID);
export const ann = person('ann', 'Ann', ANN_ID);

export function auditEntry(patch: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    at: '2026-11-20T09:30:00.000Z',
    actor: mia,
    action: 'warn',
    target: ann,
    reason: 'Please keep the comments kind.',
    detail: {},
    ...patch,
  };
}

export function adminUserDetail(patch: Partial<AdminUserDetail> = {}): AdminUserDetail {
  return {
    ...adminUser(),
    sessionList: [
      {
        createdAt: '2026-11-01T08:00:00.000Z',
        lastSeenAt: '2026-11-20T08:00:00.000Z',
        expiresAt: '2026-12-01T08:00:00.000Z',
      },
      {
        createdAt: '2026-11-10T08:00:00.000Z',
        lastSeenAt: '2026-11-19T08:00:00.000Z',
        expiresAt: '2026-12-10T08:00:00.000Z',
      },
    ],
    audit: [auditEntry()],
    ...patch,
  };
}

export const bob = person('bob', 'Bob', '6f1c1f9e-2222-4222-8222-222222222222');
export const cat = person('cat', 'Cat', '6f1c1f9e-3333-4333-8333-333333333333');

export function caseSummary(patch: Partial<CaseSummary> = {}): CaseSummary {
  return {
    id: 12,
    targetKind: 'post',
    targetId: '7',
    targetOwner: ann,
    title: 'Post #7 by @ann: “Buy followers cheap”',
    status: 'new',
    assignee: null,
    reports: 2,
    reasons: ['spam', 'other'],
    createdAt: '2026-11-20T09:00:00.000Z',
    lastReportAt: '2026-11-21T10:00:00.000Z',
    ...patch,
  };
}

export function caseDetail(patch: Partial<CaseDetail> = {}): CaseDetail {
  return {
    ...caseSummary(),
    resolution: null,
    live: {
      text: 'Buy art supplies here',
      maturity: 'sfw',
      media: [],
      owner: 'ann',
      hiddenByStaff: null,
    },
    hidden: false,
    canHide: true,
    canRelabel: true,
    reportList: [
      {
        id: 31,
        at: '2026-11-21T10:00:00.000Z',
        reporter: bob,
        reason: 'other',
        comment: 'Links to a scam shop',
        snapshot: {
          text: 'Buy followers cheap at scam.example',
          maturity: 'sfw',
          media: ['m1', 'm2'],
          owner: 'ann',
          hiddenByStaff: null,
        },
      },
      {
        id: 30,
        at: '2026-11-20T09:00:00.000Z',
        reporter: cat,
        reason: 'spam',
        comment: '',
        snapshot: {
          text: 'Buy followers cheap',
          maturity: 'sfw',
          media: [],
          owner: 'ann',
          hiddenByStaff: null,
        },
      },
    ],
    notes: [],
    ...patch,
  };
}
