// Short endpoint names: as short as telling the endpoints apart allows.
import { describe, expect, it } from 'vitest';
import { goneMark, knownEndpoints, shortEndpointNames } from './endpoint-names.ts';

const names = (...urls: string[]) => [...shortEndpointNames(urls.map((url, i) => ({ id: `whe_${i}`, url }))).values()];

describe('shortEndpointNames', () => {
  it('is the host name when the hosts differ', () => {
    expect(names('https://hooks.acme.com/switchboard', 'https://api.example.org/in')).toEqual(['hooks.acme.com', 'api.example.org']);
  });
  it('adds the port, then the path, only where another endpoint shares the shorter name', () => {
    expect(names('http://127.0.0.1:33781/hooks/a', 'http://127.0.0.1:41247/hooks/b', 'http://127.0.0.1:41247/hooks/c', 'https://acme.com/x'))
      .toEqual(['127.0.0.1:33781', '127.0.0.1:41247/hooks/b', '127.0.0.1:41247/hooks/c', 'acme.com']);
  });
  it('gives two endpoints with one URL the same full name', () => {
    expect(names('https://acme.com/x', 'https://acme.com/x')).toEqual(['acme.com/x', 'acme.com/x']);
  });
});

describe('knownEndpoints', () => {
  it('keeps an endpoint the console listed once, marked deleted, after the list stops showing it', () => {
    const seen = { whe_a: 'https://a.example/in', whe_b: 'https://b.example/old' };
    expect(knownEndpoints([{ id: 'whe_b', url: 'https://b.example/new' }, { id: 'whe_c', url: 'https://c.example/' }], seen, [])).toEqual([
      { id: 'whe_b', url: 'https://b.example/new', gone: null },
      { id: 'whe_c', url: 'https://c.example/', gone: null },
      { id: 'whe_a', url: 'https://a.example/in', gone: 'deleted' },
    ]);
  });

  it('names an endpoint a 410 removed by the URL the core noted, marked removed, though the console never listed it', () => {
    const removed = [{ endpointId: 'whe_gone', url: 'https://gone.example/hook' }, { endpointId: 'whe_gone', url: 'https://gone.example/hook' }];
    expect(knownEndpoints([], {}, removed)).toEqual([{ id: 'whe_gone', url: 'https://gone.example/hook', gone: 'removed' }]);
  });

  it('marks removed (not deleted) an endpoint the console listed before a 410 removed it; a live notice without its URL takes the one last listed', () => {
    const seen = { whe_a: 'https://a.example/in', whe_b: 'https://b.example/in' };
    expect(knownEndpoints([], seen, [{ endpointId: 'whe_a', url: null }, { endpointId: 'whe_x', url: null }])).toEqual([
      { id: 'whe_a', url: 'https://a.example/in', gone: 'removed' },
      { id: 'whe_b', url: 'https://b.example/in', gone: 'deleted' },
    ]);
  });

  it('never marks gone an endpoint listed now', () => {
    expect(knownEndpoints([{ id: 'whe_a', url: 'https://a.example/in' }], {}, [{ endpointId: 'whe_a', url: 'https://a.example/in' }]))
      .toEqual([{ id: 'whe_a', url: 'https://a.example/in', gone: null }]);
  });
});

describe('goneMark', () => {
  it('follows a gone endpoint\'s URL with why it is gone, and a listed one\'s with nothing', () => {
    expect([goneMark('removed'), goneMark('deleted'), goneMark(null)]).toEqual([' (removed)', ' (deleted)', '']);
  });
});
