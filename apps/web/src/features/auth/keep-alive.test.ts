import { describe, expect, it, vi } from 'vitest';
import { createKeepAlive } from './keep-alive.ts';

describe('session keep-alive', () => {
  it('logs out on the fourth failure in a row, not before', async () => {
    const onExpired = vi.fn();
    const keepAlive = createKeepAlive(() => Promise.reject(new Error('offline')), onExpired);
    for (let i = 0; i < 3; i++) await keepAlive.tick();
    expect(onExpired).not.toHaveBeenCalled();
    await keepAlive.tick();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('a success in between starts the count again', async () => {
    const onExpired = vi.fn();
    let fail = true;
    const keepAlive = createKeepAlive(
      () => (fail ? Promise.reject(new Error('x')) : Promise.resolve()),
      onExpired,
    );
    for (let i = 0; i < 3; i++) await keepAlive.tick();
    fail = false;
    await keepAlive.tick();
    expect(keepAlive.failures).toBe(0);
    fail = true;
    for (let i = 0; i < 3; i++) await keepAlive.tick();
    expect(onExpired).not.toHaveBeenCalled();
  });
});
