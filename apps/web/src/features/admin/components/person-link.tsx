import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { toPath } from '@brushline/shared/paths';

/** A user named in the admin area: their login as a link to their admin page. */
export function PersonLink({ login }: { login: string }) {
  return (
    <Anchor component={Link} to={toPath('adminUser', { login })} style={{ overflowWrap: 'anywhere' }}>
      @{login}
    </Anchor>
  );
}
