/** Public facts about this installation, served at GET /api/site. */
export interface SiteInfo {
  productName: string;
  contactEmail: string;
}
export const PRODUCT_NAME = 'Brushline';
/** The date the legal pages were last changed (SPEC §1). */
export const LEGAL_UPDATED_AT = '24/05/2024';
