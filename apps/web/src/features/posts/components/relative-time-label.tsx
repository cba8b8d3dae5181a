import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DeferredTooltip } from '../../../components/deferred-tooltip.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';

/** How long ago, refreshed every minute; the exact moment shows on hover and to screen readers. */
export function RelativeTimeLabel({ at }: { at: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60 * 1000);
    return () => window.clearInterval(timer);
  }, []);
  const exact = new Date(at).toLocaleString();
  return (
    <DeferredTooltip label={exact} withArrow>
      <Text component="time" dateTime={at} size="sm" c="dimmed">
        {relativeTime(at, now)}
      </Text>
    </DeferredTooltip>
  );
}
