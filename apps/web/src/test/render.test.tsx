import { describe, expect, it } from 'vitest';
import { stubFetch } from './render.tsx';

const realFetch = globalThis.fetch;

describe('stubFetch', () => {
  it('answers by method and path, and records the calls', async () => {
    const calls = stubFetch({ 'POST /api/things': (body) => ({ status: 201, body: { got: body } }) });
    const res = await fetch('/api/things', { method: 'POST', body: JSON.stringify({ a: 1 }) });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ got: { a: 1 } });
    expect(calls).toEqual([{ key: 'POST /api/things', body: { a: 1 } }]);
  });

  // Runs after the test above (one file runs in order): its stub must not outlive it.
  it('leaves the real fetch in place for the next test', () => {
    expect(globalThis.fetch).toBe(realFetch);
  });
});
