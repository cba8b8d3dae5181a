import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_TIMESTAMP_REFRESH_MS } from '@brushline/shared/chat/constants';
import { useNow } from './use-now.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('useNow', () => {
  it('redraws chat timestamps every 60 s, not sooner (SPEC §9)', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useNow());
    const first = result.current;
    act(() => {
      vi.advanceTimersByTime(CHAT_TIMESTAMP_REFRESH_MS - 1);
    });
    expect(result.current).toBe(first);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current - first).toBe(CHAT_TIMESTAMP_REFRESH_MS);
  });
});
