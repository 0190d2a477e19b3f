// The endpoints list is one read, not every page: that holds only while an organization's endpoints fit in it.
import { describe, expect, it } from 'vitest';
import { MAX_ENDPOINTS } from '../../../src-core/contract/index.ts';
import { ENDPOINTS_LIMIT } from './queries.ts';

describe('the webhook endpoints list', () => {
  it('reads a page that holds every endpoint an organization may have (raise MAX_ENDPOINTS past it, and read every page)', () => {
    expect(MAX_ENDPOINTS).toBeLessThanOrEqual(ENDPOINTS_LIMIT);
  });
});
