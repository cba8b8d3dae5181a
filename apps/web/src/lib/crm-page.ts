import type { ComponentType } from 'react';
import type { PathName, RedirectName } from '@brushline/shared/paths';

/**
 * A page a feature plugs into the CRM. Features list theirs in `<feature>/crm-pages.ts`;
 * app/crm mounts them under /crm behind the sign-in check, builds the tab row from them and
 * loads each page only when it opens. The type lives here, not in app/, so features never
 * import the shell.
 */
export interface CrmPage {
  /** Its screen in the paths table (packages/shared/src/paths.ts); it lies under /crm. */
  path: PathName;
  /** More spellings of the same screen (SPEC §2 names some), from the redirect table. */
  aliases?: RedirectName[];
  /** SPEC §6: artist-only pages send everyone else to /crm, and their tabs are hidden from them. */
  artistOnly: boolean;
  /**
   * A tab of its own (label, and place in the row: lower first), or the path of the tab it
   * belongs under (the card editor highlights "Commission forms").
   */
  tab: { label: string; order: number } | { under: PathName };
  /** The page's module, fetched on demand as its own chunk. */
  load: () => Promise<ComponentType>;
}
