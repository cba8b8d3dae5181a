/**
 * The one table of the web app's routes (SPEC §2). The web router mounts these patterns and every
 * link builds its URL from them; the server reads the same table to answer 404 for paths no route
 * knows and to describe shareable pages (title, OpenGraph). Add a screen here first.
 */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  registerVerify: '/register/verify',
  reset: '/reset',
  resetVerify: '/reset/verify',
  resetChange: '/reset/change',
  policyEn: '/policy/en',
  policyRu: '/policy/ru',
  terms: '/terms',
  feed: '/feed',
  hubFeed: '/hub/feed',
  post: '/post/:id',
  notifications: '/notifications',
  settingsGeneral: '/settings/general',
  settingsSocials: '/settings/socials',
  settingsNotifications: '/settings/notifications',
  /** The artist's Stripe account for card payments (decision 0031): connect, onboarding, status. */
  settingsPayouts: '/settings/payouts',
  /** Where an e-mail's unsubscribe link lands; works signed out (the token is signed). */
  unsubscribe: '/unsubscribe/:token',
  /** Where a data export's mailed link lands (decision 0024): its owner, signed in, downloads the zip. */
  accountExport: '/account/export/:token',
  profileHome: '/profile/:login/home',
  /** The artist's public queue: their public kanban columns as anonymous entries, and open slots. */
  profileQueue: '/profile/:login/queue',
  /** SPEC §2 profile children: the user's open commission cards, and their gallery (`?folder=` opens one). */
  profileCards: '/profile/:login/cards',
  profileGallery: '/profile/:login/gallery',
  /** Reviews of the user as an artist and as a buyer (decision 0023; `?side=buyer` for the second). */
  profileReviews: '/profile/:login/reviews',
  /** SPEC §2 main layout children: finding artists, and the public gallery (decision 0017). */
  artists: '/artists',
  gallery: '/gallery',
  /** SPEC §2 main layout child: public requests (decision 0018), and one request with its Apply form. */
  requests: '/requests',
  request: '/requests/:guid',
  /** The tags a reader hides or blurs (decision 0017). */
  settingsHiddenTags: '/settings/hidden-tags',
  /** SPEC §2 casual chat: the room list, and one room open beside it. */
  chat: '/chat',
  chatRoom: '/chat/:id',
  /** SPEC §2 working chat: a room by its id, or by the other member's login. */
  wchat: '/wchat',
  wchatRoom: '/wchat/:id',
  commission: '/commission/:uuid',
  commissionForm: '/comission-form/:uuid',
  /** One order (the sent form's id): status, deliveries and work in progress; its two sides only. */
  order: '/order/:id',
  crm: '/crm',
  crmTracker: '/crm/tracker',
  crmCards: '/crm/cards',
  crmCardCreate: '/crm/cards/card-create',
  crmCardEdit: '/crm/cards/card-edit/:uuid',
  crmIncoming: '/crm/pending/new',
  crmActive: '/crm/pending/active',
  crmOutgoing: '/crm/outgoing/orders',
  /** SPEC §2 CRM requests: My requests, the create form, the editor (by guid), Pending, Tracking. */
  crmRequests: '/crm/requests/active',
  crmRequestCreate: '/crm/requests/create',
  crmRequestEditor: '/crm/requests/editor/:guid',
  crmRequestsPending: '/crm/requests/pending',
  /** With no child it goes to incoming for artists, otherwise outgoing (SPEC §2). */
  crmRequestsTracking: '/crm/requests/tracking',
  crmRequestsIncoming: '/crm/requests/tracking/incoming',
  crmRequestsOutgoing: '/crm/requests/tracking/outgoing',
  /** The CRM's Money tab: awaiting payment, received, refunds owed, due dates; the income export. */
  crmMoney: '/crm/money',
  /** The tag wiki (SPEC §2): the table with search, create, update by id, one page per tag, the FAQ. */
  wikiTags: '/wiki/tags',
  wikiTagCreate: '/wiki/tags/create',
  wikiTagUpdate: '/wiki/tags/update/:id',
  /** One tag by title (ours: SPEC §2 names no tag page); a synonym's title shows its canonical tag. */
  wikiTag: '/wiki/tag/:title',
  wikiFaq: '/wiki/faq',
  /** Staff only (decision 0022): find users, suspend, ban, lift, warn; admins also roles and badges. */
  adminUsers: '/admin/users',
  adminUser: '/admin/users/:login',
  /** Admins only: every staff action, newest first, with filters. */
  adminAudit: '/admin/audit',
  /** Staff: the report queue (cases grouped by target) and one case. */
  adminReports: '/admin/reports',
  adminReport: '/admin/reports/:id',
  /** Staff: this instance's readiness, the job queues and the e-mail outbox (decisions 0021, 0027). */
  adminSystem: '/admin/system',
} as const;

export type PathName = keyof typeof paths;

/**
 * Paths that only redirect to a screen above, or show one under another spelling (SPEC §2 names
 * some of them). They are known routes, so the server answers them with the app, not 404; the
 * web router mounts them by these names.
 */
export const redirectPaths = {
  hub: '/hub',
  settings: '/settings',
  profile: '/profile/:login',
  crmHomepage: '/crm/homepage',
  crmPending: '/crm/pending',
  crmOutgoing: '/crm/outgoing',
  /** SPEC's spelling of the card editor: the card is `?uuid=…`. */
  crmCardEditByQuery: '/crm/cards/card-edit',
  /** The requests section's front door: My requests. */
  crmRequestsHome: '/crm/requests',
  /** The wiki's front door: its tag table. */
  wiki: '/wiki',
  /** The admin area's front door: its users. */
  admin: '/admin',
} as const;

export type RedirectName = keyof typeof redirectPaths;

type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A link to a screen: `toPath('profileHome', { login: 'ann' })` → `/profile/ann/home`. */
export function toPath<N extends PathName>(
  name: N,
  ...params: ParamsOf<(typeof paths)[N]> extends never
    ? []
    : [Record<ParamsOf<(typeof paths)[N]>, string | number>]
): string {
  const values = (params[0] ?? {}) as Record<string, string | number>;
  return paths[name].replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(String(values[key])));
}

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const got = pathname.split('/');
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '*') return got.length > i && got.slice(i).join('/') !== '';
    if (i >= got.length) return false;
    if (want[i]!.startsWith(':')) {
      if (got[i] === '') return false;
    } else if (want[i] !== got[i]) return false;
  }
  return got.length === want.length;
}

/** Whether a pathname (no query, one optional trailing slash) is a screen of the web app. */
export function isKnownPath(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return [...Object.values(paths), ...Object.values(redirectPaths)].some((p) => matches(p, clean));
}

/** The name and parameters of the screen a pathname opens, for server-side page descriptions. */
export function matchPath(pathname: string): { name: PathName; params: Record<string, string> } | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  for (const [name, pattern] of Object.entries(paths) as [PathName, string][]) {
    if (!matches(pattern, clean)) continue;
    const params: Record<string, string> = {};
    pattern.split('/').forEach((part, i) => {
      if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(clean.split('/')[i]!);
    });
    return { name, params };
  }
  return null;
}
