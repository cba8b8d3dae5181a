import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client.ts';

afterEach(() => vi.unstubAllGlobals());

describe('api', () => {
  it('asks for the URL the server preloads for the page: no bare "?" without parameters', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      return new Response('{}', { status: 200 });
    });
    await api('posts/filter', { query: {} });
    await api('posts/filter');
    await api('posts/filter', { query: { owner: 'Bob Ann' } });
    expect(urls).toEqual(['/api/posts/filter', '/api/posts/filter', '/api/posts/filter?owner=Bob+Ann']);
  });
});
