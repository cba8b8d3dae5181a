import { Box, Center, Loader, VisuallyHidden } from '@mantine/core';
import classes from './page-loading.module.css';

/**
 * Stands in for a page whose code is still on its way (the first page of a visit). It fills the
 * page's place, so the footer does not jump when the page arrives, and tells screen readers why
 * the page is empty.
 */
export function PageLoading() {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader aria-hidden="true" />
      <VisuallyHidden>Loading the page</VisuallyHidden>
    </Center>
  );
}

/**
 * A thin bar under the header while the next page's code loads: the current page stays in place
 * (no blank screen) and the bar says something is happening.
 */
export function NavigationProgress() {
  return <Box className={classes.bar} role="progressbar" aria-label="Loading the page" aria-busy="true" />;
}
