import { Anchor, Group, Text } from '@mantine/core';
import type { SocialLink } from '@brushline/shared/users/schemas';
import { SOCIAL_URL_SHOWN } from '@brushline/shared/users/constants';
import { shortUrl } from '@brushline/shared/users/social-sites';
import { DeferredTooltip } from '../../../components/deferred-tooltip.tsx';
import { SocialIcon } from './social-icon.tsx';

/**
 * One connected social as a chip: site icon, title and the url cut at 32 characters (SPEC §2).
 * It leaves the site in a new tab without handing over this page (noopener), the address it
 * came from (noreferrer) or our reputation (nofollow: links are user content).
 */
export function SocialChip({ link }: { link: SocialLink }) {
  return (
    <DeferredTooltip label={link.url} openDelay={400} multiline maw={320} style={{ wordBreak: 'break-all' }}>
      <Anchor
        href={link.url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        underline="never"
        c="inherit"
        px="sm"
        py={6}
        maw="100%"
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 999,
          display: 'inline-flex',
        }}
      >
        <Group gap={8} wrap="nowrap" miw={0}>
          <SocialIcon site={link.svgIcon} />
          {/* When space runs short (phones) the address gives way first: the title says what it is. */}
          <Text size="sm" fw={600} truncate miw={0} style={{ flexShrink: 1 }}>
            {link.title}
          </Text>
          <Text size="xs" c="dimmed" truncate miw={0} style={{ flexShrink: 1000 }}>
            {shortUrl(link.url, SOCIAL_URL_SHOWN)}
          </Text>
        </Group>
      </Anchor>
    </DeferredTooltip>
  );
}
