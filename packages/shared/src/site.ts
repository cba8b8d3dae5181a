/** Public facts about this installation, served at GET /api/site. */
export interface SiteInfo {
  productName: string;
  contactEmail: string;
}
export const PRODUCT_NAME = 'Brushline';
/** The date the legal pages were last changed (SPEC §1). */
export const LEGAL_UPDATED_AT = '24/05/2024';

/** What the site is, in one line: the description of pages that have none of their own. */
export const SITE_DESCRIPTION = 'Brushline: an open marketplace for art commissions';

/** Link previews (OpenGraph): titles and descriptions are cut at a word to fit chat cards. */
export const SHARE_TITLE_MAX = 70;
export const SHARE_DESCRIPTION_MAX = 200;
