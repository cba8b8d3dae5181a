import type { PathName } from './paths.ts';
import { PRODUCT_NAME } from './site.ts';

/**
 * What the browser tab says on each screen (`<title> · Brushline`), so every screen can be told
 * apart in tabs, history and a screen reader's page announcement (WCAG 2.4.2). Screens that
 * show one profile, card or post replace theirs with the name of what they show once it loads.
 * A Record, so a new path in the table cannot ship without a title.
 */
export const pageTitles: Record<PathName, string | null> = {
  home: null,
  login: 'Sign in',
  register: 'Create account',
  registerVerify: 'Confirm your e-mail',
  reset: 'Reset your password',
  resetVerify: 'Enter your recovery code',
  resetChange: 'Choose a new password',
  policyEn: 'Privacy policy',
  policyRu: 'Политика конфиденциальности',
  terms: 'Terms of use',
  feed: 'Feed',
  hubFeed: 'Feed',
  post: 'Post',
  notifications: 'Notifications',
  settingsGeneral: 'General settings',
  settingsSocials: 'Social links',
  settingsNotifications: 'Notification settings',
  settingsPayouts: 'Payout settings',
  unsubscribe: 'Unsubscribe',
  accountExport: 'Download your data',
  profileHome: 'Profile',
  profileQueue: 'Commission queue',
  profileCards: 'Commission cards',
  profileGallery: 'Gallery of an artist',
  profileReviews: 'Reviews of a user',
  artists: 'Artists',
  gallery: 'Gallery',
  requests: 'Requests',
  request: 'Request',
  settingsHiddenTags: 'Hidden tags',
  chat: 'Chats',
  chatRoom: 'Chat',
  wchat: 'Working chats',
  wchatRoom: 'Working chat',
  commission: 'Commission',
  commissionForm: 'Order a commission',
  order: 'Order',
  crm: 'CRM',
  crmTracker: 'Tracker · CRM',
  crmCards: 'Commission forms · CRM',
  crmCardCreate: 'New commission card · CRM',
  crmCardEdit: 'Edit commission card · CRM',
  crmIncoming: 'Incoming requests · CRM',
  crmActive: 'Active commissions · CRM',
  crmOutgoing: 'Outgoing orders · CRM',
  crmRequests: 'My requests · CRM',
  crmRequestCreate: 'New request · CRM',
  crmRequestEditor: 'Request editor · CRM',
  crmRequestsPending: 'Pending applications · CRM',
  crmRequestsTracking: 'Request tracking · CRM',
  crmRequestsIncoming: 'Sent applications · CRM',
  crmRequestsOutgoing: 'Answered applications · CRM',
  crmMoney: 'Money · CRM',
  wikiTags: 'Tags · Wiki',
  wikiTagCreate: 'New tag · Wiki',
  wikiTagUpdate: 'Edit tag · Wiki',
  wikiTag: 'Tag · Wiki',
  wikiFaq: 'FAQ · Wiki',
  adminUsers: 'Users · Admin',
  adminUser: 'User · Admin',
  adminAudit: 'Audit log · Admin',
  adminReports: 'Reports · Admin',
  adminReport: 'Report case · Admin',
  adminSystem: 'System · Admin',
};

/** The title of a page the not-found screen shows. */
export const NOT_FOUND_TITLE = 'Page not found';

/** A document title: the page's own, then the product (the server's link previews use the same form). */
export const documentTitle = (title: string | null) => (title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME);
