// Validation errors in plain words where a schema gives none of its own.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './common.ts';

const issues = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('validation messages', () => {
  const schema = z.object({
    name: z.string().min(1).max(5), env: z.enum(['test', 'live']), tags: z.array(z.string()).min(1).max(2), count: z.number().int().min(1).max(9),
    email: z.email().optional(), flag: z.boolean().optional(),
  }).strict();
  it('says what a field must be', () => {
    expect(issues(schema, { name: '', env: 'prod', tags: [], count: 0, email: 'nope', flag: 'yes', extra: 1 })).toEqual([
      'name: must not be empty', 'env: must be one of: test, live', 'tags: needs at least 1 item', 'count: must be at least 1',
      'email: must be an email address', 'flag: must be true or false, not a string', ': unknown field: extra',
    ]);
    expect(issues(schema, { name: 'toolong', tags: ['a', 'b', 'c'], count: 10 })).toEqual([
      'name: must be at most 5 characters', 'env: is required: one of test, live', 'tags: holds at most 2 items', 'count: must be at most 9',
    ]);
    expect(issues(schema, { name: 5, env: 'test', tags: 'a', count: 1.5 })).toEqual([
      'name: must be text, not a number', 'tags: must be a list, not a string', 'count: must be a whole number',
    ]);
  });
  it('says a missing field is required, whatever forms it takes', () => {
    const either = z.object({ events: z.union([z.literal('*'), z.array(z.string())]) });
    expect(issues(either, {})).toEqual(['events: is required']);
    expect(issues(either, { events: 5 })).toEqual(['events: does not match any accepted form']);
  });
  it('keeps a schema\'s own message', () => {
    expect(issues(z.object({ phone: z.string().regex(/^\d+$/, 'must be digits') }), { phone: 'x' })).toEqual(['phone: must be digits']);
  });
});
