import { Button, Group } from '@mantine/core';
import { Link, matchPath, useLocation } from 'react-router';
import { paths } from '@brushline/shared/paths';

const LINKS = [
  { to: paths.crmRequests, label: 'My requests', section: paths.crmRequests },
  { to: paths.crmRequestsPending, label: 'Pending applications', section: paths.crmRequestsPending },
  { to: paths.crmRequestsTracking, label: 'Tracking', section: paths.crmRequestsTracking },
] as const;

/** The requests section's own row of links under the CRM's Requests tab (SPEC §2 CRM children). */
export function RequestsNav() {
  const { pathname } = useLocation();
  const editorOrCreate =
    matchPath(paths.crmRequestEditor, pathname) !== null || pathname === paths.crmRequestCreate;
  return (
    <Group gap={4} component="nav" aria-label="Requests sections">
      {LINKS.map((l) => {
        const here =
          pathname === l.section ||
          pathname.startsWith(`${l.section}/`) ||
          (editorOrCreate && l.to === paths.crmRequests);
        return (
          <Button
            key={l.to}
            component={Link}
            to={l.to}
            size="compact-sm"
            variant={here ? 'light' : 'subtle'}
            aria-current={here ? 'page' : undefined}
          >
            {l.label}
          </Button>
        );
      })}
    </Group>
  );
}
