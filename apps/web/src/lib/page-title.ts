import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle, NOT_FOUND_TITLE, pageTitles } from '@brushline/shared/page-titles';
import { matchPath } from '@brushline/shared/paths';

function routeTitle(pathname: string): string | null {
  try {
    const match = matchPath(pathname);
    return match ? pageTitles[match.name] : NOT_FOUND_TITLE;
  } catch {
    // A malformed %-escape in a parameter: no screen has such a page.
    return NOT_FOUND_TITLE;
  }
}

/**
 * The shell's part of the page title: the title table's entry for the screen at this path
 * (packages/shared/src/page-titles.ts). A layout effect, so that a page's own usePageTitle (a
 * passive effect, which React runs after every layout effect of the same commit) has the last word.
 */
export function useRouteTitle() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    document.title = documentTitle(routeTitle(pathname));
  }, [pathname]);
}

/**
 * A page's own title, for screens that show one thing (a profile, a card, a post): its name
 * once it has loaded. Until then, or with `undefined`, the table's title for the path stands.
 */
export function usePageTitle(title: string | null | undefined) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (title) document.title = documentTitle(title);
  }, [title, pathname]);
}
