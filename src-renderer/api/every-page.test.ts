// Every page of a list read and joined, each item once; a list that does not page is one read.
import { describe, expect, it } from 'vitest';
import type { Api } from './http.ts';
import { everyPage } from './every-page.ts';

function fakeApi(answers: Record<string, unknown>): { api: Api; asked: string[] } {
  const asked: string[] = [];
  const get = async (path: string) => {
    asked.push(path);
    if (!(path in answers)) throw new Error(`not answered: ${path}`);
    return answers[path];
  };
  return { api: { get } as unknown as Api, asked };
}

describe('everyPage', () => {
  it('reads the pages after the first, joins them in order, and keeps an item moved onto the next page once', async () => {
    const { api, asked } = fakeApi({
      '/t?limit=2': { data: [{ id: 'c' }, { id: 'b' }], meta: { total: 3, page: 1, limit: 2, totalPages: 2 } },
      // One made meanwhile pushed b onto page 2.
      '/t?limit=2&page=2': { data: [{ id: 'b' }, { id: 'a' }], meta: { total: 4, page: 2, limit: 2, totalPages: 2 } },
    });
    expect(await everyPage(api, '/t?limit=2')).toEqual({ data: [{ id: 'c' }, { id: 'b' }, { id: 'a' }] });
    expect(asked).toEqual(['/t?limit=2', '/t?limit=2&page=2']);
  });

  it('reads a list without pages (no meta) or of one page once', async () => {
    const { api, asked } = fakeApi({ '/bots': { data: [{ id: 'x' }] }, '/t?limit=100': { data: [], meta: { total: 0, page: 1, limit: 100, totalPages: 0 } } });
    expect(await everyPage(api, '/bots')).toEqual({ data: [{ id: 'x' }] });
    expect(await everyPage(api, '/t?limit=100')).toEqual({ data: [] });
    expect(asked).toEqual(['/bots', '/t?limit=100']);
  });
});
