import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoadWhenVisible } from './use-load-when-visible.ts';

/** A stand-in observer the test can fire, remembering its options and whether it still watches. */
class FakeObserver {
  static last: FakeObserver | null = null;
  watching = false;
  constructor(
    readonly fire: (entries: { isIntersecting: boolean }[]) => void,
    readonly options: { rootMargin?: string },
  ) {
    FakeObserver.last = this;
  }
  observe() {
    this.watching = true;
  }
  disconnect() {
    this.watching = false;
  }
}

function Sentinel({ onVisible, enabled }: { onVisible: () => void; enabled: boolean }) {
  const ref = useLoadWhenVisible(onVisible, enabled, '600px 0px');
  return <div ref={ref} />;
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.last = null;
});

describe('useLoadWhenVisible', () => {
  it('calls the latest callback when the sentinel comes into view, and stops when disabled', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(<Sentinel onVisible={first} enabled />);
    const observer = FakeObserver.last!;
    expect(observer.options.rootMargin).toBe('600px 0px');

    act(() => observer.fire([{ isIntersecting: false }]));
    expect(first).not.toHaveBeenCalled();
    rerender(<Sentinel onVisible={second} enabled />);
    act(() => observer.fire([{ isIntersecting: true }]));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);

    rerender(<Sentinel onVisible={second} enabled={false} />);
    expect(observer.watching).toBe(false);
  });

  it('does nothing without IntersectionObserver, leaving the "Load more" button to work', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const onVisible = vi.fn();
    const { container } = render(<Sentinel onVisible={onVisible} enabled />);
    // The sentinel is still there (the list renders) and nothing is loaded on its own.
    expect(container.firstElementChild).toBeInstanceOf(HTMLDivElement);
    expect(onVisible).not.toHaveBeenCalled();
  });
});
