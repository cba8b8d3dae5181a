/** Public facts about this installation, served at GET /api/site. */
export interface SiteInfo {
  productName: string;
  contactEmail: string;
}
export const PRODUCT_NAME = 'Brushline';
