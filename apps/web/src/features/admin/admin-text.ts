import { AI_LABEL_TEXT, type AiLabel } from '@brushline/shared/ai/constants';
import { formatUsd } from '@brushline/shared/cards/pricing';
import {
  REPORT_TARGETS,
  type AuditAction,
  type CaseStatus,
  type ReportTarget,
} from '@brushline/shared/moderation/constants';
import { reportTargetText, suspensionEndText } from '@brushline/shared/moderation/messages';
import type { AuditEntry, CaseDetail, Restriction } from '@brushline/shared/moderation/schemas';
import { toPath } from '@brushline/shared/paths';
import type { Role } from '@brushline/shared/roles';
import { formatDateTime } from '../../lib/format-date.ts';

/** A role as staff read it: "admin", "subscriber (tier 2)". */
export function roleName(role: string): string {
  const tier = /^subscriber-tier-(\d+)$/.exec(role);
  return tier ? `subscriber (tier ${tier[1]})` : role;
}

/** A role as a switch's label: "Admin", "Subscriber (tier 2)". */
export const roleLabel = (role: Role) => {
  const name = roleName(role);
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/** An account's restriction in a few words: "Suspended until 4 December 2026", "Banned". */
export function restrictionText(r: NonNullable<Restriction>): string {
  if (r.kind === 'banned') return 'Banned';
  return r.until ? `Suspended until ${suspensionEndText(r.until)}` : 'Suspended';
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * What a staff action did, in words after its actor: "suspended for 7 days", "granted the role
 * moderator". `detail` carries what else the action took (days, role, badge, a report's case and
 * kind); without it the words stay general.
 */
export function auditActionText({ action, detail }: Pick<AuditEntry, 'action' | 'detail'>): string {
  const str = (key: string) => (typeof detail[key] === 'string' ? detail[key] : null);
  const role = str('role');
  const badge = str('badge');
  // A report's case: its number and what was reported ({ case, kind, target }).
  const kind = str('kind');
  const what =
    kind && REPORT_TARGETS.includes(kind as ReportTarget) ? reportTargetText[kind as ReportTarget] : null;
  const theCase = typeof detail.case === 'number' ? `case #${detail.case}` : 'a case';
  switch (action) {
    case 'suspend':
      return typeof detail.days === 'number' ? `suspended for ${days(detail.days)}` : 'suspended';
    case 'ban':
      return 'banned';
    case 'lift':
      // `kind` says what was lifted; older entries may not.
      return kind === 'banned'
        ? 'lifted the ban'
        : kind === 'suspended'
          ? 'lifted the suspension'
          : 'lifted the restriction';
    case 'warn':
      return 'warned';
    case 'end_sessions':
      return 'ended every session';
    case 'grant_role':
      return role ? `granted the role ${roleName(role)}` : 'granted a role';
    case 'revoke_role':
      return role ? `revoked the role ${roleName(role)}` : 'revoked a role';
    case 'set_badge':
      return badge ? `set the badge ${badge}` : 'set a badge';
    case 'unset_badge':
      return badge ? `removed the badge ${badge}` : 'removed a badge';
    case 'hide':
      return what ? `hid the ${what}` : 'hid content';
    case 'unhide':
      return what ? `showed the ${what} again` : 'showed content again';
    case 'relabel': {
      const maturity = str('maturity');
      return maturity
        ? `labelled the ${what ?? 'post'} ${maturity}`
        : `changed the ${what ?? 'post'}’s label`;
    }
    case 'resolve_case':
      return `resolved ${theCase}`;
    case 'dismiss_case':
      return `dismissed ${theCase}`;
    case 'export_data':
      return 'started a data export (mailed to the user)';
    case 'delete_account':
      return 'deleted the account';
  }
}

/** The audit log's action filter: each kind of entry by what it does. */
export const auditActionLabels: Record<AuditAction, string> = {
  suspend: 'Suspend',
  ban: 'Ban',
  lift: 'Lift',
  warn: 'Warn',
  end_sessions: 'End sessions',
  grant_role: 'Grant a role',
  revoke_role: 'Revoke a role',
  set_badge: 'Set a badge',
  unset_badge: 'Remove a badge',
  hide: 'Hide content',
  unhide: 'Show content again',
  relabel: 'Change a maturity label',
  resolve_case: 'Resolve a case',
  dismiss_case: 'Dismiss a case',
  export_data: 'Export data',
  delete_account: 'Delete an account',
};

/** A case's status as a badge says it. */
export const caseStatusLabels: Record<CaseStatus, string> = {
  new: 'New',
  investigating: 'Investigating',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

/** The report queue's filter, in its order: open (new and investigating) first. */
export const caseFilterLabels = {
  open: 'Open',
  ...caseStatusLabels,
} as const;

/** "3 open cases", "1 case being investigated": how many cases the queue's filter holds. */
export function caseCountText(n: number, filter: keyof typeof caseFilterLabels): string {
  const cases = n === 1 ? 'case' : 'cases';
  return filter === 'investigating' ? `${n} ${cases} being investigated` : `${n} ${filter} ${cases}`;
}

/** What the queue says when a filter holds no case. */
export const noCaseText: Record<keyof typeof caseFilterLabels, string> = {
  open: 'No open reports. Nice and quiet.',
  new: 'No new reports: every open case has someone on it.',
  investigating: 'Nobody is investigating a case now.',
  resolved: 'No case has been resolved yet.',
  dismissed: 'No case has been dismissed yet.',
};

/**
 * The page of what a case reports, where the site has one (a gallery image and a chat message have
 * none); null otherwise. `live` is the target now (a tag's page is by its title as spelled).
 */
export function targetPath(c: Pick<CaseDetail, 'targetKind' | 'targetId' | 'live'>): string | null {
  switch (c.targetKind) {
    case 'post':
      return toPath('post', { id: c.targetId });
    case 'profile':
      return toPath('profileHome', { login: c.targetId });
    case 'card':
      return toPath('commission', { uuid: c.targetId });
    case 'request':
      return toPath('request', { guid: c.targetId });
    case 'tag':
      return toPath('wikiTag', { title: typeof c.live?.title === 'string' ? c.live.title : c.targetId });
    case 'review':
      // The reviewed person's Reviews tab, where a shown review is listed.
      return typeof c.live?.subject === 'string' ? toPath('profileReviews', { login: c.live.subject }) : null;
    case 'image':
    case 'message':
      return null;
  }
}

/**
 * The fields of reported content (a report's snapshot, or the target now) staff read, in this
 * order; a field the server adds later follows under its own name.
 */
const contentLabels: Record<string, string> = {
  title: 'Title',
  displayName: 'Display name',
  login: 'Login',
  owner: 'Owner',
  sender: 'Sender',
  sentAt: 'Sent',
  text: 'Text',
  description: 'Description',
  info: 'Information',
  terms: 'Terms',
  preferences: 'Preferences',
  startingPrice: 'Starting price',
  maturity: 'Maturity',
  aiLabel: 'AI label',
  tags: 'Tags',
  socials: 'Social links',
  media: 'Pictures',
  attachments: 'Attachments',
  avatar: 'Avatar',
  banner: 'Banner',
};

/** Shown apart from the fields (a notice, not content). */
const notContent = new Set(['hiddenByStaff']);

const maturityLabels: Record<string, string> = {
  sfw: 'SFW',
  questionable: 'Questionable',
  nsfw: 'NSFW',
  SFW: 'SFW',
  NSFW: 'NSFW',
};

const count = (n: number, one: string, many: string) =>
  n === 0 ? 'None' : n === 1 ? `1 ${one}` : `${n} ${many}`;

/** "someField" → "Some field". */
function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One value in words; pictures and files are counted (their files are not everyone's to fetch). */
function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'None';
  switch (key) {
    case 'media':
    case 'avatar':
    case 'banner':
      return count(Array.isArray(value) ? value.length : 1, 'picture', 'pictures');
    case 'attachments':
      return count(Array.isArray(value) ? value.length : 1, 'file', 'files');
    case 'owner':
    case 'sender':
      return typeof value === 'string' ? `@${value}` : JSON.stringify(value);
    case 'maturity':
      return typeof value === 'string' ? (maturityLabels[value] ?? value) : JSON.stringify(value);
    case 'aiLabel':
      return typeof value === 'string' && value in AI_LABEL_TEXT
        ? AI_LABEL_TEXT[value as AiLabel]
        : JSON.stringify(value);
    case 'startingPrice':
      return typeof value === 'number' ? formatUsd(value) : JSON.stringify(value);
    case 'sentAt':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? formatDateTime(value)
        : JSON.stringify(value);
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'None';
    return value
      .map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v)))
      .join(', ');
  }
  return JSON.stringify(value);
}

export interface ContentField {
  key: string;
  label: string;
  value: string;
}

/** Reported content (a snapshot or the target now) as labelled fields in words. */
export function contentFields(content: Record<string, unknown>): ContentField[] {
  const known = Object.keys(contentLabels).filter((k) => k in content);
  const other = Object.keys(content).filter((k) => !(k in contentLabels) && !notContent.has(k));
  return [...known, ...other].map((key) => ({
    key,
    label: contentLabels[key] ?? labelOf(key),
    value: valueText(key, content[key]),
  }));
}

/** Whether two records of content say the same (the staff notice aside). */
export function sameContent(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const text = (c: Record<string, unknown>) =>
    JSON.stringify(
      Object.keys(c)
        .filter((k) => !notContent.has(k))
        .sort()
        .map((k) => [k, c[k]]),
    );
  return text(a) === text(b);
}

/** Staff's notice on hidden content (its reason), or null. */
export const hiddenNotice = (content: Record<string, unknown> | null): string | null =>
  typeof content?.hiddenByStaff === 'string' ? content.hiddenByStaff : null;
