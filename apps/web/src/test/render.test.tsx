import { describe, expect, it } from 'vitest';
import { stubFetch } from './render.tsx';

// What `fetch` was when the first test began, and the stub it put in place. Read inside the test,
// not at import: files share a worker (isolate: false), so import time may belong to another file.
let before: typeof fetch | undefined;
let stub: typeof fetch | undefined;

describe('stubFetch', () => {
  it('answers by method and path, and records the calls', async () => {
    before = globalThis.fetch;
    const calls = stubFetch({ 'POST /api/things': (body) => ({ status: 201, body: { got: body } }) });
    stub = globalThis.fetch;
    expect(stub).not.toBe(before);
    const res = await fetch('/api/things', { method: 'POST', body: JSON.stringify({ a: 1 }) });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ got: { a: 1 } });
    expect(calls).toEqual([{ key: 'POST /api/things', body: { a: 1 } }]);
  });

  // Runs after the test above (one file runs in order): its stub must not outlive it.
  it('puts the previous fetch back for the next test', () => {
    expect(stub).toBeDefined();
    expect(globalThis.fetch).not.toBe(stub);
    expect(globalThis.fetch).toBe(before);
  });
});
