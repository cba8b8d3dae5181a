import { useEffect, useState } from 'react';
import { CHAT_TIMESTAMP_REFRESH_MS } from '@brushline/shared/chat/constants';

/** The time, redrawn every 60 s (SPEC §9: chat timestamps refresh every 60 s). */
export function useNow(every = CHAT_TIMESTAMP_REFRESH_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(id);
  }, [every]);
  return now;
}
